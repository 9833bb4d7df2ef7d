import type { GameId } from '@skillduel/contracts';
import type { RoundSample } from '../player-evidence';

/**
 * Seeded models of how people and bots play, round by round, for the evidence tests and the false-positive figure
 * (docs/decisions/2701, docs/fair-play.md). A person has their own typical speed, spread and error rate, drawn from
 * the population; 30 % of the population are strong players (fast and accurate, but not machine-steady).
 */
interface PopulationFigures {
  /** A typical person's median ms per item, and the spread of that median between people (sd of ln ms). */
  typicalMs: number;
  typicalBetweenLogSd: number;
  /** A strong player's median ms per item and its spread between strong players. */
  strongMs: number;
  strongBetweenLogSd: number;
  /** A person's within-round spread of ln ms is drawn uniformly from this range. */
  withinLogSd: [number, number];
  /** Errors per answer, typical and strong players (uniform in the range); null for games without errors. */
  typicalErrors: [number, number] | null;
  strongErrors: [number, number] | null;
  /** Items a person gets through in one round at their own median (the round length over the median). */
  roundMs: number;
  /** A fixed number of items per round instead (reaction-time: 5 reactions; memory-master: 20 presses). */
  itemsPerRound?: number;
}

const POPULATION: Record<GameId, PopulationFigures> = {
  'reaction-time': {
    typicalMs: 250,
    typicalBetweenLogSd: 0.1,
    strongMs: 215,
    strongBetweenLogSd: 0.04,
    withinLogSd: [0.1, 0.22],
    typicalErrors: null,
    strongErrors: null,
    roundMs: 0,
    itemsPerRound: 5,
  },
  'quick-click': {
    typicalMs: 140,
    typicalBetweenLogSd: 0.15,
    strongMs: 108,
    strongBetweenLogSd: 0.05,
    withinLogSd: [0.12, 0.3],
    typicalErrors: null,
    strongErrors: null,
    roundMs: 10_000,
  },
  'number-rush': {
    typicalMs: 2000,
    typicalBetweenLogSd: 0.25,
    strongMs: 1400,
    strongBetweenLogSd: 0.1,
    withinLogSd: [0.3, 0.6],
    typicalErrors: [0.03, 0.12],
    strongErrors: [0.02, 0.06],
    roundMs: 60_000,
  },
  'color-match': {
    typicalMs: 800,
    typicalBetweenLogSd: 0.15,
    strongMs: 620,
    strongBetweenLogSd: 0.06,
    withinLogSd: [0.2, 0.4],
    typicalErrors: [0.03, 0.1],
    strongErrors: [0.02, 0.05],
    roundMs: 60_000,
  },
  'pattern-pro': {
    typicalMs: 1600,
    typicalBetweenLogSd: 0.2,
    strongMs: 1100,
    strongBetweenLogSd: 0.08,
    withinLogSd: [0.25, 0.5],
    typicalErrors: [0.04, 0.15],
    strongErrors: [0.03, 0.08],
    roundMs: 60_000,
  },
  'word-wizard': {
    typicalMs: 3000,
    typicalBetweenLogSd: 0.3,
    strongMs: 2000,
    strongBetweenLogSd: 0.12,
    withinLogSd: [0.35, 0.7],
    typicalErrors: [0.05, 0.2],
    strongErrors: [0.05, 0.1],
    roundMs: 60_000,
  },
  'memory-master': {
    typicalMs: 450,
    typicalBetweenLogSd: 0.15,
    strongMs: 330,
    strongBetweenLogSd: 0.06,
    withinLogSd: [0.2, 0.45],
    typicalErrors: [0.02, 0.06],
    strongErrors: [0.01, 0.03],
    roundMs: 0,
    itemsPerRound: 20,
  },
};

/** Mulberry32: a small seeded generator, so every simulated player is reproducible. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: () => number): number {
  // Box-Muller.
  const u = Math.max(1e-12, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

function uniform(random: () => number, [from, to]: [number, number]): number {
  return from + (to - from) * random();
}

export type RoundPlayer = () => RoundSample;

/** One person of the population (strong with probability 0.3, or when `strong` says so): their rounds, one by one. */
export function humanPlayer(gameId: GameId, random: () => number, strong?: boolean): RoundPlayer {
  const figures = POPULATION[gameId];
  const isStrong = strong ?? random() < 0.3;
  const medianMs = isStrong
    ? figures.strongMs * Math.exp(figures.strongBetweenLogSd * normal(random))
    : figures.typicalMs * Math.exp(figures.typicalBetweenLogSd * normal(random));
  const withinLogSd = uniform(random, figures.withinLogSd);
  const errorRange = isStrong ? figures.strongErrors : figures.typicalErrors;
  const errorRate = errorRange ? uniform(random, errorRange) : 0;
  return () => {
    // Form varies from round to round (tiredness, focus): ±5 % on the median.
    const formMs = medianMs * Math.exp(0.05 * normal(random));
    const items = figures.itemsPerRound ?? Math.max(1, Math.round(figures.roundMs / formMs));
    const timesMs = Array.from({ length: items }, () => {
      // One in twenty items is a lapse: a look away, a hesitation (adds a slow tail, as people's times have).
      const lapse = random() < 0.05 ? 1.5 + random() : 1;
      return Math.round(formMs * Math.exp(withinLogSd * normal(random)) * lapse);
    });
    return withErrors(gameId, timesMs, errorRate, random);
  };
}

/** A bot: each item takes `delayMs(random)`, wrong with probability `errorRate`. */
export function botPlayer(
  gameId: GameId,
  random: () => number,
  delayMs: (random: () => number) => number,
  errorRate = 0,
): RoundPlayer {
  const figures = POPULATION[gameId];
  return () => {
    const timesMs: number[] = [];
    let elapsedMs = 0;
    const items = figures.itemsPerRound ?? Number.POSITIVE_INFINITY;
    while (timesMs.length < items && (figures.itemsPerRound !== undefined || elapsedMs < figures.roundMs)) {
      const ms = Math.max(1, Math.round(delayMs(random)));
      timesMs.push(ms);
      elapsedMs += ms;
    }
    return withErrors(gameId, timesMs, errorRate, random);
  };
}

function withErrors(gameId: GameId, timesMs: number[], errorRate: number, random: () => number): RoundSample {
  if (POPULATION[gameId].typicalErrors === null) return { timesMs, correct: 0, wrong: 0 };
  let wrong = 0;
  for (let i = 0; i < timesMs.length; i++) if (random() < errorRate) wrong += 1;
  // Memory master: the first wrong press ends the player's game, so a round has at most one.
  if (gameId === 'memory-master') wrong = Math.min(1, wrong);
  return { timesMs, correct: timesMs.length - wrong, wrong };
}

/** A lognormal delay with median `medianMs` and spread `logSd` (sd of ln ms). */
export function lognormalMs(medianMs: number, logSd: number): (random: () => number) => number {
  return (random) => medianMs * Math.exp(logSd * normal(random));
}

/** A uniform delay in [fromMs, toMs]. */
export function uniformMs(fromMs: number, toMs: number): (random: () => number) => number {
  return (random) => uniform(random, [fromMs, toMs]);
}
