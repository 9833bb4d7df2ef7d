import type { Ack, MatchInputAckDto, MatchViewDto } from '@skillduel/contracts';
import { numberRushMinAnswerMs, NumberRushView, PlayerView, ReactionTimeView, rngFor } from '@skillduel/games';
import { ClientSocket, numberRushAnswer, request, sleep } from '../../rooms/testing/rooms-test-kit';

/**
 * Scripted players for `npm run test:bots` (docs/fair-play.md): bots that stay just under the engines' floors and caps,
 * and human-paced scripts whose timings are drawn from human distributions. Each plays one seat over a real socket
 * until the match is finished.
 */
export interface Seat {
  socket: ClientSocket;
  roomId: string;
  /** The latest view the server pushed to this seat. */
  view: () => PlayerView<unknown> | null;
  finished: () => boolean;
  /** Resolves with the next pushed view (or null once the match is over). */
  nextView: () => Promise<PlayerView<unknown> | null>;
}

export type Strategy = (seat: Seat) => Promise<void>;

/** A seeded source of numbers in [0, 1), so a failing run can be replayed. */
export function randomSource(label: string): () => number {
  const rng = rngFor('fair-play-bots', 'quick-click', label);
  return () => rng.int(0, 999_999) / 1_000_000;
}

/** Roughly normal (sum of four uniforms), clamped below at `minMs`. */
function humanDelay(random: () => number, meanMs: number, sdMs: number, minMs: number): number {
  const z = (random() + random() + random() + random() - 2) * Math.sqrt(3);
  return Math.max(minMs, Math.round(meanMs + z * sdMs));
}

async function send(seat: Seat, input: unknown): Promise<boolean> {
  if (seat.finished()) return false;
  const ack = await request<Ack<MatchInputAckDto>>(seat.socket, 'match:input', { room_id: seat.roomId, input });
  return ack.ok && ack.data.accepted;
}

/** Never sends anything (the other side of a chip-dumping pair, or an idle player). */
export const idle: Strategy = async (seat) => {
  while (!seat.finished()) await seat.nextView();
};

// ── Quick Click ──────────────────────────────────────────────────────────────────────────────────────────────────

/** A timer: one click every `everyMs` on an absolute schedule (no drift), e.g. 74 ms = 13.5/s, under the 14/s cap. */
export function steadyClicker(everyMs: number): Strategy {
  return async (seat) => {
    const startedAt = Date.now();
    for (let i = 1; !seat.finished(); i++) {
      await sleep(Math.max(0, startedAt + i * everyMs - Date.now()));
      void send(seat, { type: 'click' }).catch(() => undefined);
    }
  };
}

/** A person clicking fast: ~8 clicks a second with the hand's natural spread. */
export function humanClicker(random: () => number): Strategy {
  return async (seat) => {
    while (!seat.finished()) {
      await sleep(humanDelay(random, 125, 30, 60));
      void send(seat, { type: 'click' }).catch(() => undefined);
    }
  };
}

/**
 * A strong player clicking as fast as they can: ~10 clicks a second, but with a hand's spread (CV ~18 %), never a
 * timer's.
 */
export function strongClicker(random: () => number): Strategy {
  return async (seat) => {
    while (!seat.finished()) {
      await sleep(humanDelay(random, 100, 18, 55));
      void send(seat, { type: 'click' }).catch(() => undefined);
    }
  };
}

// ── Reaction Time ────────────────────────────────────────────────────────────────────────────────────────────────

/** Presses `delayMs(random)` after each green light it is shown. */
function reactor(delayMs: () => number): Strategy {
  return async (seat) => {
    let pressedRound = 0;
    while (!seat.finished()) {
      const view = seat.view() as PlayerView<ReactionTimeView> | null;
      if (view && view.game.phase === 'go' && view.game.round !== pressedRound) {
        pressedRound = view.game.round;
        await sleep(delayMs());
        await send(seat, { type: 'react' });
        continue;
      }
      await seat.nextView();
    }
  };
}

/** A script that presses just after the 100 ms floor, counted from the moment the server shows green. */
export const floorReactor = (random: () => number): Strategy => reactor(() => 102 + Math.floor(random() * 12));

/** A person: simple visual reaction times average ~250 ms with ~40 ms spread. */
export const humanReactor = (random: () => number): Strategy => reactor(() => humanDelay(random, 260, 40, 170));

/** A strong player: fast simple reactions (~215 ms, sd 30 ms), as athletes and gamers have, still a person's spread. */
export const strongReactor = (random: () => number): Strategy => reactor(() => humanDelay(random, 215, 30, 140));

// ── Number Rush ──────────────────────────────────────────────────────────────────────────────────────────────────

/** Answers every question right, `extraMs(random)` after the engine's floor for that question. */
function answerer(extraMs: () => number, accuracy: number, random: () => number): Strategy {
  return async (seat) => {
    while (!seat.finished()) {
      const view = seat.view() as PlayerView<NumberRushView> | null;
      if (!view) {
        await seat.nextView();
        continue;
      }
      const answer = numberRushAnswer(view);
      await sleep(Math.max(0, numberRushMinAnswerMs(view.game.question, answer) + extraMs()));
      const next = seat.nextView();
      await send(seat, { type: 'answer', value: random() < accuracy ? answer : answer + 1 });
      await next;
    }
  };
}

/** Just over the floor of each question, every answer right: the "10 ms after each question" bot under the floors. */
export const floorAnswerer = (random: () => number): Strategy => answerer(() => 25, 1, random);

/** Random pauses over the floor (to look human), every answer right. */
export const jitteredAnswerer = (random: () => number): Strategy =>
  answerer(() => Math.floor(random() * 500), 1, random);

/** A person good at mental arithmetic: 1.2-3 s per question, about 9 in 10 right. */
export const humanAnswerer = (random: () => number): Strategy =>
  answerer(() => humanDelay(random, 1400, 500, 400), 0.9, random);

/**
 * A strong mental calculator: ~0.7 s over each question's floor (1.1-1.3 s an answer), 19 in 20 right, and now and
 * then an answer that lands under the floor (a slip of the fingers on an easy one), as the issue saw for strong play.
 */
export const strongAnswerer = (random: () => number): Strategy =>
  answerer(() => humanDelay(random, 700, 320, -150), 0.95, random);

/** The seat's view helpers over a socket: latest view, next view, finished flag. */
export function seatOf(socket: ClientSocket, roomId: string): Seat {
  let latest: PlayerView<unknown> | null = null;
  let done = false;
  let waiters: ((view: PlayerView<unknown> | null) => void)[] = [];
  socket.on('match:view', (payload: MatchViewDto) => {
    if (payload.room_id !== roomId) return;
    latest = payload.view as PlayerView<unknown>;
    for (const wake of waiters.splice(0)) wake(latest);
  });
  socket.on('match:finished', (payload: { room_id: string }) => {
    if (payload.room_id !== roomId) return;
    done = true;
    for (const wake of waiters.splice(0)) wake(null);
  });
  return {
    socket,
    roomId,
    view: () => latest,
    finished: () => done,
    nextView: () =>
      done
        ? Promise.resolve(null)
        : new Promise((resolve) => {
            waiters.push(resolve);
            // A safety net: never wait forever on a view that does not come.
            setTimeout(() => {
              waiters = waiters.filter((wake) => wake !== resolve);
              resolve(latest);
            }, 1000);
          }),
  };
}
