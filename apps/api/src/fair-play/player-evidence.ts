import type { GameId } from '@skillduel/contracts';

/**
 * Evidence per player and game across rounds (docs/decisions/2701): each settled round adds the player's timing
 * samples and right/wrong answers to running statistics and moves three one-sided CUSUMs, each the sequential
 * likelihood-ratio test of "a machine" against "the strongest plausible person" on one feature:
 *
 * - speed: the round's median time per item against the strong-human edge (`edgeMedianMs`);
 * - steadiness: the spread of the round's log times against the steadiest plausible person (`edgeLogSd`);
 * - accuracy: errors per answer against the most accurate plausible person (`edgeErrorRate`).
 *
 * A person at or inside the human edge drifts down on every feature, a machine beyond it drifts up; the player's
 * suspicion score is the highest of the three, and at `CUSUM_LINE` their winnings are held. Pure: no I/O, no clock.
 */

/** One seat's play in one round: the times per item (reactions, answers, clicks, presses) and the answers' result. */
export interface RoundSample {
  timesMs: readonly number[];
  correct: number;
  wrong: number;
}

/** The strongest plausible person of a game: figures and sources in docs/decisions/2701. */
interface HumanEdge {
  /** A strong player's median time per item; a machine is modelled `SPEED_SHIFT` faster. */
  edgeMedianMs: number;
  /** How much one person's log times spread within a round (sd of ln ms); sets the noise of a round's median. */
  withinLogSd: number;
  /** The steadiest plausible person's within-round sd of ln ms; a machine is modelled `STEADY_SHIFT` steadier. */
  edgeLogSd: number;
  /** The most accurate plausible person's errors per answer; null for a game without wrong answers. */
  edgeErrorRate: number | null;
  /** Fewer timing samples than this in a round say nothing about timing. */
  minSamples: number;
  /**
   * The machine alternative of the speed test, when not `EVIDENCE_RULES.speedShift`: quick-click's rounds hold a
   * hundred clicks or more, so a closer alternative (12 % faster) is still told apart round after round.
   */
  speedShift?: number;
}

const HUMAN_EDGES: Record<GameId, HumanEdge> = {
  'reaction-time': { edgeMedianMs: 200, withinLogSd: 0.2, edgeLogSd: 0.08, edgeErrorRate: null, minSamples: 3 },
  'quick-click': {
    edgeMedianMs: 90,
    withinLogSd: 0.2,
    edgeLogSd: 0.08,
    edgeErrorRate: null,
    minSamples: 30,
    speedShift: Math.log(1.12),
  },
  'number-rush': { edgeMedianMs: 1000, withinLogSd: 0.45, edgeLogSd: 0.2, edgeErrorRate: 0.01, minSamples: 5 },
  'color-match': { edgeMedianMs: 480, withinLogSd: 0.3, edgeLogSd: 0.12, edgeErrorRate: 0.01, minSamples: 8 },
  'pattern-pro': { edgeMedianMs: 800, withinLogSd: 0.35, edgeLogSd: 0.15, edgeErrorRate: 0.015, minSamples: 6 },
  'word-wizard': { edgeMedianMs: 1300, withinLogSd: 0.5, edgeLogSd: 0.2, edgeErrorRate: 0.025, minSamples: 4 },
  'memory-master': { edgeMedianMs: 250, withinLogSd: 0.35, edgeLogSd: 0.12, edgeErrorRate: 0.006, minSamples: 6 },
};

export const EVIDENCE_RULES = {
  /** The machine alternative of the speed test: 30 % faster than the strong-human edge (ln 1.3). */
  speedShift: Math.log(1.3),
  /** ...of the steadiness test: a within-round spread 1.5 times smaller than the steadiest person's (ln 1.5). */
  steadyShift: Math.log(1.5),
  /** A spread of fewer samples than this is noise (reaction-time's 5 reactions a round are judged on speed only). */
  steadinessMinSamples: 8,
  /** ...of the accuracy test: one error in 500 answers. */
  machineErrorRate: 0.002,
  /** The round's median is never trusted closer than this (ln units): form, fatigue and item mix vary by round. */
  minSpeedNoise: 0.05,
  /** One round moves a feature by at most this much either way: no single round decides (the per-round signals do). */
  roundCap: 3,
  /** A feature's CUSUM at or above this holds the player's winnings (about 400:1 for a machine over a person). */
  cusumLine: 6,
  /** Rounds kept in the history that support charts. */
  historyRounds: 50,
} as const;

type Feature = 'speed' | 'steadiness' | 'accuracy';
const FEATURES: readonly Feature[] = ['speed', 'steadiness', 'accuracy'];

/** One round's contribution: its statistics and each feature's log-likelihood ratio (machine over person). */
export interface RoundEvidence {
  samples: number;
  medianMs: number | null;
  logSd: number | null;
  correct: number;
  wrong: number;
  llr: Record<Feature, number>;
}

/** A player's running evidence in one game (one row of `player_game_evidence`). */
export interface PlayerEvidence {
  rounds: number;
  samples: number;
  /** Running sums over every timing sample: count is `samples`. */
  sumLogMs: number;
  sumSqLogMs: number;
  correct: number;
  wrong: number;
  /** Stability across rounds: sums over the rounds' ln(median ms), over `timedRounds` rounds. */
  timedRounds: number;
  sumRoundLogMedian: number;
  sumSqRoundLogMedian: number;
  cusum: Record<Feature, number>;
  /** The highest feature CUSUM: the player's suspicion score in this game. */
  score: number;
  /** Counts of every timing sample in `HISTOGRAM_EDGES_MS` bins: the distribution charted against the reference. */
  histogram: number[];
  history: (RoundEvidence & { score: number })[];
}

/** Log-spaced bin edges from 50 ms to ~12.8 s (each bin ~1.26 times the previous): 24 bins plus one above. */
const HISTOGRAM_EDGES_MS: readonly number[] = Array.from({ length: 25 }, (_, i) => Math.round(50 * 2 ** (i / 3)));

export function emptyEvidence(): PlayerEvidence {
  return {
    rounds: 0,
    samples: 0,
    sumLogMs: 0,
    sumSqLogMs: 0,
    correct: 0,
    wrong: 0,
    timedRounds: 0,
    sumRoundLogMedian: 0,
    sumSqRoundLogMedian: 0,
    cusum: { speed: 0, steadiness: 0, accuracy: 0 },
    score: 0,
    histogram: new Array<number>(HISTOGRAM_EDGES_MS.length).fill(0),
    history: [],
  };
}

/** What one round says about the player, feature by feature. */
export function roundEvidence(gameId: GameId, sample: RoundSample): RoundEvidence {
  const edge = HUMAN_EDGES[gameId];
  const times = sample.timesMs.filter((ms) => ms > 0);
  const llr: Record<Feature, number> = { speed: 0, steadiness: 0, accuracy: 0 };
  let medianMs: number | null = null;
  let logSd: number | null = null;
  if (times.length >= edge.minSamples) {
    const logs = times.map((ms) => Math.log(ms));
    medianMs = median(times);
    logSd = sampleSd(logs);
    // Gaussian shift test: LLR = (δ/σ²)(x − δ/2), x = how far past the human edge (positive = machine side).
    const speedNoise = Math.max(EVIDENCE_RULES.minSpeedNoise, (1.25 * edge.withinLogSd) / Math.sqrt(times.length));
    const speedX = Math.log(edge.edgeMedianMs / medianMs);
    llr.speed = shiftLlr(speedX, edge.speedShift ?? EVIDENCE_RULES.speedShift, speedNoise);
    if (times.length >= EVIDENCE_RULES.steadinessMinSamples) {
      // The sd of ln(sample sd) of n draws is about 1/√(2(n−1)).
      const steadyNoise = 1 / Math.sqrt(2 * (times.length - 1));
      const steadyX = Math.log(edge.edgeLogSd / Math.max(logSd, 0.001));
      llr.steadiness = shiftLlr(steadyX, EVIDENCE_RULES.steadyShift, steadyNoise);
    }
  }
  if (edge.edgeErrorRate !== null && sample.correct + sample.wrong > 0) {
    const machine = EVIDENCE_RULES.machineErrorRate;
    const person = edge.edgeErrorRate;
    llr.accuracy = cap(
      sample.correct * Math.log((1 - machine) / (1 - person)) + sample.wrong * Math.log(machine / person),
    );
  }
  return { samples: times.length, medianMs, logSd: logSd === null ? null : round4(logSd), ...counts(sample), llr };
}

/** The evidence after one more round: running sums, each feature's CUSUM max(0, S + LLR), the score. */
export function addRound(previous: PlayerEvidence, round: RoundEvidence, timesMs: readonly number[]): PlayerEvidence {
  const times = timesMs.filter((ms) => ms > 0);
  const logs = times.map((ms) => Math.log(ms));
  const cusum = { ...previous.cusum };
  for (const feature of FEATURES) cusum[feature] = round4(Math.max(0, cusum[feature] + round.llr[feature]));
  const score = Math.max(...FEATURES.map((feature) => cusum[feature]));
  const histogram = [...previous.histogram];
  for (const ms of times) {
    const bin = HISTOGRAM_EDGES_MS.findIndex((upper) => ms < upper);
    const index = bin === -1 ? histogram.length - 1 : bin;
    histogram[index] = (histogram[index] ?? 0) + 1;
  }
  const logMedian = round.medianMs === null ? null : Math.log(round.medianMs);
  return {
    rounds: previous.rounds + 1,
    samples: previous.samples + times.length,
    sumLogMs: previous.sumLogMs + logs.reduce((sum, value) => sum + value, 0),
    sumSqLogMs: previous.sumSqLogMs + logs.reduce((sum, value) => sum + value * value, 0),
    correct: previous.correct + round.correct,
    wrong: previous.wrong + round.wrong,
    timedRounds: previous.timedRounds + (logMedian === null ? 0 : 1),
    sumRoundLogMedian: previous.sumRoundLogMedian + (logMedian ?? 0),
    sumSqRoundLogMedian: previous.sumSqRoundLogMedian + (logMedian === null ? 0 : logMedian * logMedian),
    cusum,
    score,
    histogram,
    history: [...previous.history, { ...round, score }].slice(-EVIDENCE_RULES.historyRounds),
  };
}

export function isBeyondHuman(evidence: PlayerEvidence): boolean {
  return evidence.score >= EVIDENCE_RULES.cusumLine;
}

/** The running statistics as support reads them: geometric mean and spread of all times, across-round stability. */
export function summary(evidence: PlayerEvidence): {
  typical_ms: number | null;
  log_sd: number | null;
  accuracy: number | null;
  round_median_log_sd: number | null;
} {
  const n = evidence.samples;
  const meanLog = n > 0 ? evidence.sumLogMs / n : null;
  const answered = evidence.correct + evidence.wrong;
  const rounds = evidence.timedRounds;
  const roundMean = rounds > 0 ? evidence.sumRoundLogMedian / rounds : 0;
  return {
    typical_ms: meanLog === null ? null : Math.round(Math.exp(meanLog)),
    log_sd:
      meanLog === null || n < 2 ? null : round4(Math.sqrt(Math.max(0, evidence.sumSqLogMs / n - meanLog * meanLog))),
    accuracy: answered > 0 ? round4(evidence.correct / answered) : null,
    round_median_log_sd:
      rounds < 2 ? null : round4(Math.sqrt(Math.max(0, evidence.sumSqRoundLogMedian / rounds - roundMean * roundMean))),
  };
}

function shiftLlr(x: number, shift: number, noise: number): number {
  return cap((shift / (noise * noise)) * (x - shift / 2));
}

function cap(value: number): number {
  const limit = EVIDENCE_RULES.roundCap;
  return round4(Math.min(limit, Math.max(-limit, value)));
}

function counts(sample: RoundSample): { correct: number; wrong: number } {
  return { correct: sample.correct, wrong: sample.wrong };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function sampleSd(values: readonly number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1);
  return Math.sqrt(variance);
}

function round4(value: number): number {
  return Math.round(value * 10000) / 10000;
}
