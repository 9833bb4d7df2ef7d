import { GAME_IDS, type GameId } from '@skillduel/contracts';
import {
  addRound,
  emptyEvidence,
  EVIDENCE_RULES,
  isBeyondHuman,
  PlayerEvidence,
  roundEvidence,
  summary,
} from './player-evidence';
import { botPlayer, humanPlayer, lognormalMs, RoundPlayer, seeded, uniformMs } from './testing/play-models';

/** Plays `play` until the evidence crosses the line or `maxRounds` pass; answers the rounds played (or null). */
function roundsToCross(gameId: GameId, play: RoundPlayer, maxRounds: number): number | null {
  let evidence: PlayerEvidence = emptyEvidence();
  for (let round = 1; round <= maxRounds; round++) {
    const sample = play();
    evidence = addRound(evidence, roundEvidence(gameId, sample), sample.timesMs);
    if (isBeyondHuman(evidence)) return round;
  }
  return null;
}

/**
 * The sequential tests of decision 2701 on simulated players: the human model (30 % strong players, fast and accurate
 * but not machine-steady) almost never crosses the line over many rounds; each bot kind of issue 27 crosses within
 * the number of rounds the decision documents.
 */
describe('evidence across rounds (pure)', () => {
  it('a round faster than the strong-human edge moves the speed test up; a typical person moves it down', () => {
    const fast = roundEvidence('reaction-time', { timesMs: [160, 170, 175, 180, 165], correct: 0, wrong: 0 });
    const typical = roundEvidence('reaction-time', { timesMs: [240, 260, 230, 300, 255], correct: 0, wrong: 0 });
    expect(fast.llr.speed).toBeGreaterThan(0);
    expect(typical.llr.speed).toBeLessThan(0);
    expect(typical.llr.speed).toBeGreaterThanOrEqual(-EVIDENCE_RULES.roundCap);
  });

  it('a machine-steady round moves the steadiness test up; errors move the accuracy test down', () => {
    const steady = roundEvidence('pattern-pro', {
      timesMs: [750, 752, 748, 751, 749, 750, 753, 747, 750, 751, 749, 750],
      correct: 12,
      wrong: 0,
    });
    expect(steady.llr.steadiness).toBe(EVIDENCE_RULES.roundCap);
    expect(steady.llr.accuracy).toBeGreaterThan(0);
    const errs = roundEvidence('pattern-pro', { timesMs: [], correct: 10, wrong: 2 });
    expect(errs.llr.accuracy).toBeLessThan(0);
    expect(errs.llr.speed).toBe(0);
  });

  it('keeps running statistics: rounds, samples, accuracy, typical time, a histogram of every sample', () => {
    let evidence = emptyEvidence();
    for (const timesMs of [
      [200, 220, 240],
      [210, 230, 250],
    ]) {
      const sample = { timesMs, correct: 0, wrong: 0 };
      evidence = addRound(evidence, roundEvidence('reaction-time', sample), timesMs);
    }
    expect(evidence).toMatchObject({ rounds: 2, samples: 6, timedRounds: 2 });
    expect(evidence.histogram.reduce((sum, count) => sum + count, 0)).toBe(6);
    expect(summary(evidence).typical_ms).toBeGreaterThan(215);
    expect(summary(evidence).typical_ms).toBeLessThan(235);
    expect(evidence.history).toHaveLength(2);
  });

  it.each(GAME_IDS as readonly GameId[])(
    '%s: at most 1 %% of simulated people (strong players included) cross the line in 40 rounds',
    (gameId) => {
      const people = 100;
      let crossedPopulation = 0;
      let crossedStrong = 0;
      for (let person = 0; person < people; person++) {
        if (roundsToCross(gameId, humanPlayer(gameId, seeded(1000 + person)), 40) !== null) crossedPopulation += 1;
        if (roundsToCross(gameId, humanPlayer(gameId, seeded(5000 + person), true), 40) !== null) crossedStrong += 1;
      }
      // 1 % of 100 of each (docs/fair-play.md has the figure over more people and rounds).
      expect(crossedPopulation).toBeLessThanOrEqual(1);
      expect(crossedStrong).toBeLessThanOrEqual(1);
    },
  );

  /** Each bot kind of issue 27, and the most rounds its evidence may take to cross (docs/decisions/2701). */
  const BOTS: { kind: string; gameId: GameId; make: (random: () => number) => RoundPlayer; within: number }[] = [
    {
      kind: 'reaction 150-190 ms with jitter',
      gameId: 'reaction-time',
      make: (random) => botPlayer('reaction-time', random, uniformMs(150, 190)),
      within: 40,
    },
    {
      kind: 'memory master, always right',
      gameId: 'memory-master',
      make: (random) => botPlayer('memory-master', random, uniformMs(250, 450)),
      within: 80,
    },
    {
      kind: 'pattern pro ~750 ms steady, always right',
      gameId: 'pattern-pro',
      make: (random) => botPlayer('pattern-pro', random, lognormalMs(750, 0.05)),
      within: 3,
    },
    {
      kind: 'colour match ~480 ms steady, always right',
      gameId: 'color-match',
      make: (random) => botPlayer('color-match', random, lognormalMs(480, 0.05)),
      within: 3,
    },
    {
      kind: 'number rush lognormal median 900 ms, never wrong',
      gameId: 'number-rush',
      make: (random) => botPlayer('number-rush', random, lognormalMs(900, 0.3)),
      within: 14,
    },
    {
      kind: 'quick click 11-13/s',
      gameId: 'quick-click',
      make: (random) => botPlayer('quick-click', random, uniformMs(77, 91)),
      within: 3,
    },
    {
      kind: 'quick click ~12/s irregular (ln sd 0.15)',
      gameId: 'quick-click',
      make: (random) => botPlayer('quick-click', random, lognormalMs(83, 0.15)),
      within: 15,
    },
    {
      kind: 'number rush 650 ms losing ~7 %',
      gameId: 'number-rush',
      make: (random) => botPlayer('number-rush', random, lognormalMs(650, 0.3), 0.07),
      within: 3,
    },
    {
      kind: 'colour match 400 ms losing ~7 %',
      gameId: 'color-match',
      make: (random) => botPlayer('color-match', random, lognormalMs(400, 0.2), 0.07),
      within: 4,
    },
  ];

  it.each(BOTS)('$kind crosses the line within $within rounds', ({ gameId, make, within }) => {
    for (let seed = 0; seed < 50; seed++) {
      expect(roundsToCross(gameId, make(seeded(9000 + seed)), within)).not.toBeNull();
    }
  });
});
