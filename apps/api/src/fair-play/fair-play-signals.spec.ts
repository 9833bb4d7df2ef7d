import {
  GAME_ENGINES,
  numberRushQuestion,
  quickClickTarget,
  reactionGreenAtMs,
  ReactionTimeGame,
  ReplayLogEntry,
  rngFor,
} from '@skillduel/games';
import { fairPlaySignals, playIntervals, SeatSignals } from './fair-play-signals';

const SEED = 'a'.repeat(64);
const TIME_LIMIT_MS = 30_000;

/** A seeded normal-ish delay (sum of uniforms), never below `minMs`. */
function humanDelay(random: () => number, meanMs: number, sdMs: number, minMs: number): number {
  const z = (random() + random() + random() + random() - 2) * Math.sqrt(3);
  return Math.max(minMs, Math.round(meanMs + z * sdMs));
}

function randomOf(label: string): () => number {
  const rng = rngFor(SEED, 'quick-click', 'test', label);
  return () => rng.int(0, 1_000_000) / 1_000_000;
}

function clicks(seat: 0 | 1, intervalsMs: number[]): ReplayLogEntry[] {
  let atMs = 500;
  return intervalsMs.map((gap) => {
    atMs += gap;
    return { at_ms: atMs, seat, input: { type: 'click' } };
  });
}

function merge(...logs: ReplayLogEntry[][]): ReplayLogEntry[] {
  return logs.flat().sort((a, b) => a.at_ms - b.at_ms);
}

/** The signals of both seats; fails the test for a game without an engine. */
function judge(log: ReplayLogEntry[], gameId = 'quick-click'): [SeatSignals, SeatSignals] {
  const seats = fairPlaySignals({ gameId, seed: SEED, timeLimitMs: TIME_LIMIT_MS, log });
  if (!seats) throw new Error(`no engine for ${gameId}`);
  return seats;
}

function emptySeat(): SeatSignals {
  return { score: 0, signals: [] };
}

function kinds(signals: { signals: { kind: string }[] }): string[] {
  return signals.signals.map((signal) => signal.kind);
}

describe('fair-play signals', () => {
  it('leaves out pauses when measuring the rhythm of play', () => {
    expect(playIntervals([0, 100, 250, 5000, 5100])).toEqual([100, 150, 100]);
  });

  it('quick-click: a timer-steady clicker is machine-regular, a human hand is not', () => {
    const target = quickClickTarget(SEED);
    const random = randomOf('human');
    const human = Array.from({ length: target }, () => humanDelay(random, 125, 25, 70));
    // A script at a steady 13/s with 1-2 ms of network jitter.
    const bot = Array.from({ length: target }, (_, i) => 77 + (i % 3 === 0 ? 1 : 0));
    const [botSeat, humanSeat] = judge(merge(clicks(0, bot), clicks(1, human)));
    // 13/s is also faster than people sustain.
    expect(kinds(botSeat)).toEqual(['machine_regular', 'superhuman_rate']);
    expect(botSeat.score).toBe(2);
    expect(botSeat.signals[0]?.evidence).toMatchObject({ intervals: expect.any(Number), cv: expect.any(Number) });
    expect(humanSeat.signals).toEqual([]);
    expect(humanSeat.score).toBe(0);
  });

  it('quick-click: a timer whose clicks arrive with heavy network jitter is still grid-locked; a fast hand is not', () => {
    const seed = Array.from({ length: 200 }, (_, i) => `seed-${i}`).find((s) => quickClickTarget(s) >= 120) ?? '';
    const random = randomOf('jitter');
    // Sent every 85 ms (11.8/s, under the superhuman rate), arriving 0-40 ms late: intervals vary by ~20 %.
    const lateness = Array.from({ length: 121 }, () => Math.round(random() * 40));
    const arrivals = lateness.map((late, i) => 500 + i * 85 + late);
    const bot: ReplayLogEntry[] = arrivals.map((atMs) => ({ at_ms: atMs, seat: 0, input: { type: 'click' } }));
    // A hand at ~11/s: each interval drawn on its own (errors add up), ~20 % spread.
    const hand = Array.from({ length: 120 }, () => humanDelay(random, 90, 18, 60));
    const [botSeat, handSeat] = fairPlaySignals({
      gameId: 'quick-click',
      seed,
      timeLimitMs: TIME_LIMIT_MS,
      log: merge(bot, clicks(1, hand)),
    }) ?? [emptySeat(), emptySeat()];
    const regular = botSeat.signals.find((signal) => signal.kind === 'machine_regular');
    expect(regular?.evidence['cv']).toBeGreaterThan(0.05); // the interval spread alone would not show it
    expect(regular?.evidence['variance_ratio']).toBeLessThan(0.22);
    expect(kinds(handSeat)).toEqual([]);
  });

  it('quick-click: a sustained 12.5/s or faster is beyond people even with a human rhythm', () => {
    const random = randomOf('fast-hand');
    const [fast] = judge(
      clicks(
        0,
        Array.from({ length: 45 }, () => humanDelay(random, 72, 14, 50)),
      ),
    );
    expect(kinds(fast)).toEqual(['superhuman_rate']);
    expect(fast.signals[0]?.evidence).toMatchObject({ clicks: 45 });
  });

  it('reaction-time: reactions clustered just above the floor are a signal; human reactions are not', () => {
    const engine = GAME_ENGINES['reaction-time'];
    const play = (reactionsMs: number[]): ReplayLogEntry[] => {
      let state = engine.create(SEED, { timeLimitMs: TIME_LIMIT_MS });
      const log: ReplayLogEntry[] = [];
      for (const reactionMs of reactionsMs) {
        const game = state.players[0].game as ReactionTimeGame;
        const atMs = reactionGreenAtMs(SEED, game) + reactionMs;
        state = engine.applyInput(state, 0, { type: 'react' }, atMs).state;
        log.push({ at_ms: atMs, seat: 0, input: { type: 'react' } });
      }
      return log;
    };
    const [bot] = judge(play([121, 134, 118, 140, 127]), 'reaction-time');
    expect(kinds(bot)).toContain('reaction_floor_cluster');
    expect(bot.signals.find((s) => s.kind === 'reaction_floor_cluster')?.evidence).toMatchObject({
      reactions_ms: [121, 134, 118, 140, 127],
      near_floor: 5,
    });
    const [human] = judge(play([243, 198, 312, 227, 266]), 'reaction-time');
    expect(human.signals).toEqual([]);
  });

  it('number-rush: perfect answers at machine speed are superhuman and regular; a fast human is neither', () => {
    const answers = (seat: 0 | 1, delays: number[], wrongEvery = 0): ReplayLogEntry[] => {
      let atMs = 0;
      return delays.map((delay, index) => {
        atMs += delay;
        const answer = numberRushQuestion(SEED, index).answer;
        const value = wrongEvery > 0 && index % wrongEvery === wrongEvery - 1 ? answer + 1 : answer;
        return { at_ms: atMs, seat, input: { type: 'answer', value } };
      });
    };
    const random = randomOf('number-rush');
    const humanDelays = Array.from({ length: 14 }, () => humanDelay(random, 1900, 700, 900));
    const [bot, human] = judge(
      merge(answers(0, new Array<number>(40).fill(610)), answers(1, humanDelays, 7)),
      'number-rush',
    );
    expect(kinds(bot).sort()).toEqual(['machine_regular', 'superhuman_accuracy']);
    expect(bot.score).toBe(2);
    expect(human.signals).toEqual([]);
  });

  it('a seat that never sends an input is noted, not enough alone to hold', () => {
    const [, silent] = judge(clicks(0, [200, 180, 260]));
    expect(kinds(silent)).toEqual(['no_input']);
    expect(silent.score).toBeLessThan(1);
  });

  it('is null for a game without an engine', () => {
    expect(fairPlaySignals({ gameId: 'chess', seed: SEED, timeLimitMs: TIME_LIMIT_MS, log: [] })).toBeNull();
  });
});
