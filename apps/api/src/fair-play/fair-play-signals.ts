import type { GameId } from '@skillduel/contracts';
import { AnyGameEngine, GAME_ENGINES, isGameId, ReactionTimeView, ReplayLogEntry } from '@skillduel/games';
import type { RoundSample } from './player-evidence';

/**
 * Statistical fair-play signals of one played round (docs/product/fair-play.md#signals, docs/decisions/1802): computed
 * on the server from the revealed seed and the server-timed input log, by replaying the round with the same engine that
 * decided it. Each signal has a score (0 = nothing, 1 = on its own enough to hold a payout) and keeps its evidence for
 * review. Pure: no I/O, deterministic for a given round.
 */

type FairPlaySignalKind =
  /** Intervals between inputs too regular for a human hand (a timer, not a person). */
  | 'machine_regular'
  /** Reaction times clustered just above the reaction floor. */
  | 'reaction_floor_cluster'
  /** Accuracy and speed together beyond what people do. */
  | 'superhuman_accuracy'
  /** Clicking faster than people sustain (regular mouse clicking tops out around 10-12 a second). */
  | 'superhuman_rate'
  /** Not a single input in a money round. */
  | 'no_input'
  /** The winner's account carries an open `beyond_human_profile` flag (evidence across rounds, decision 2701). */
  | 'beyond_human_profile';

interface FairPlaySignal {
  kind: FairPlaySignalKind;
  /** 0..1; the seat's total decides a hold (FAIR_PLAY_HOLD_SCORE). */
  score: number;
  evidence: Record<string, unknown>;
}

export interface SeatSignals {
  /** Sum of the signal scores, rounded to 2 decimals. */
  score: number;
  signals: FairPlaySignal[];
}

/** How a game's inputs are judged: a stream of clicks, a reaction per round, or answers to items. */
type GameProfileKind = 'clicks' | 'reactions' | 'answers';

interface GameProfile {
  kind: GameProfileKind;
  /**
   * Coefficient of variation (sd / mean) of the intervals between inputs under which they are machine-steady, and
   * the fewest intervals that judgement needs. People who click as fast as they can vary by 10-25 % from click to
   * click; people answering questions by far more (each item takes its own thinking time).
   */
  regularCv: number;
  minIntervals: number;
  /** Answers: the median time per correct answer under which a near-perfect player is beyond a human profile. */
  superhumanMedianMs?: number;
  /** Clicks: the median interval under which a sustained stream is faster than people click. */
  superhumanClickMs?: number;
}

/** Figures and sources: docs/decisions/1802-fair-play-signals.md. */
const GAME_PROFILES: Record<GameId, GameProfile> = {
  'quick-click': { kind: 'clicks', regularCv: 0.05, minIntervals: 30, superhumanClickMs: 80 },
  'reaction-time': { kind: 'reactions', regularCv: 0.05, minIntervals: 4 },
  'number-rush': { kind: 'answers', regularCv: 0.12, minIntervals: 10, superhumanMedianMs: 900 },
  'color-match': { kind: 'answers', regularCv: 0.1, minIntervals: 12, superhumanMedianMs: 450 },
  'pattern-pro': { kind: 'answers', regularCv: 0.12, minIntervals: 10, superhumanMedianMs: 700 },
  'word-wizard': { kind: 'answers', regularCv: 0.12, minIntervals: 8, superhumanMedianMs: 1200 },
  'memory-master': { kind: 'answers', regularCv: 0.08, minIntervals: 12 },
};

const SIGNAL_RULES = {
  /** Intervals longer than this are pauses (reading the result, a lost connection), not the rhythm of play. */
  pauseMs: 3000,
  /** Reaction-time: a reaction this close above the 100 ms floor is rare for people (mean ~250 ms, sd ~40 ms). */
  nearFloorReactionMs: 150,
  /** ...and this share of a player's reactions near the floor is a cluster (with at least `minReactions`). */
  nearFloorShare: 0.6,
  minReactions: 3,
  /** Answers: accuracy at or above this together with the speed of `superhumanMedianMs` is beyond a human profile. */
  superhumanAccuracy: 0.95,
  superhumanMinCorrect: 10,
  /**
   * Clicks locked to a timer's grid: network and server jitter make each interval noisy, but a timer's clicks never
   * drift, so the variance of the sum of `gridWindow` consecutive intervals stays near that of one interval, while a
   * hand's timing errors add up (variance ratio ~1). Under `gridVarianceRatio` with at least `gridMinIntervals`:
   * below 0.1 % of simulated human streams (Wing-Kristofferson model) and above 99.9 % of jittered timers.
   */
  gridWindow: 8,
  gridVarianceRatio: 0.22,
  gridMinIntervals: 80,
  /** Superhuman click rate: judged on at least this many clicks. */
  superhumanMinClicks: 40,
  /** A silent seat of a money round: noted (evidence for chip dumping), not enough alone to hold a payout. */
  noInputScore: 0.5,
} as const;

interface SeatTrace {
  /** Times of the seat's accepted inputs. */
  acceptedAtMs: number[];
  sent: number;
  correct: number;
  wrong: number;
}

export interface RoundToJudge {
  gameId: string;
  seed: string;
  timeLimitMs: number;
  log: readonly ReplayLogEntry[];
}

/** The signals of both seats of a round; null for a game without an engine. */
export function fairPlaySignals(round: RoundToJudge): [SeatSignals, SeatSignals] | null {
  return judgeRound(round)?.seats ?? null;
}

/**
 * One replay of the round gives both seats' signals of this round and their timing samples and answers, which the
 * evidence across rounds (player-evidence.ts, decision 2701) adds up: reactions (reaction-time), intervals between
 * clicks (quick-click), times per answer or press, each measured from the previous accepted input (the others).
 */
export function judgeRound(
  round: RoundToJudge,
): { gameId: GameId; seats: [SeatSignals, SeatSignals]; samples: [RoundSample, RoundSample] } | null {
  if (!isGameId(round.gameId)) return null;
  const gameId = round.gameId;
  const engine = GAME_ENGINES[gameId] as AnyGameEngine;
  const profile = GAME_PROFILES[gameId];
  const traces: [SeatTrace, SeatTrace] = [emptyTrace(), emptyTrace()];
  let state = engine.create(round.seed, { timeLimitMs: round.timeLimitMs });
  for (const entry of round.log) {
    if ('tick' in entry) {
      state = engine.tick(state, entry.at_ms);
      continue;
    }
    const applied = engine.applyInput(state, entry.seat, entry.input, entry.at_ms);
    state = applied.state;
    const trace = traces[entry.seat];
    if (!trace) continue;
    trace.sent += 1;
    if (!applied.ok) continue;
    trace.acceptedAtMs.push(entry.at_ms);
    if (applied.outcome.kind === 'scored') trace.correct += 1;
    if (applied.outcome.kind === 'wrong' || applied.outcome.kind === 'out') trace.wrong += 1;
  }
  const endMs = state.result?.endedAtMs ?? state.nowMs;
  const reactionsOf = (seat: 0 | 1): readonly number[] =>
    (engine.view(state, seat, endMs).game as ReactionTimeView).reactionsMs;
  const sampleOf = (seat: 0 | 1): RoundSample => {
    const trace = traces[seat];
    const timesMs =
      profile.kind === 'reactions'
        ? [...reactionsOf(seat)]
        : playIntervals(profile.kind === 'clicks' ? trace.acceptedAtMs : [0, ...trace.acceptedAtMs]);
    return { timesMs, correct: trace.correct, wrong: trace.wrong };
  };
  const samples: [RoundSample, RoundSample] = [sampleOf(0), sampleOf(1)];
  const seats = [0, 1].map((seat) => {
    const trace = traces[seat as 0 | 1];
    const signals: FairPlaySignal[] = [];
    if (trace.sent === 0) {
      signals.push({ kind: 'no_input', score: SIGNAL_RULES.noInputScore, evidence: { inputs: 0 } });
    }
    const regular = regularity(trace.acceptedAtMs, profile);
    if (regular) signals.push(regular);
    if (profile.kind === 'reactions') {
      const cluster = reactionCluster(reactionsOf(seat as 0 | 1));
      if (cluster) signals.push(cluster);
    }
    if (profile.kind === 'clicks' && profile.superhumanClickMs !== undefined) {
      const fast = superhumanClicks(trace.acceptedAtMs, profile.superhumanClickMs);
      if (fast) signals.push(fast);
    }
    if (profile.kind === 'answers' && profile.superhumanMedianMs !== undefined) {
      const superhuman = superhumanAnswers(trace, profile.superhumanMedianMs);
      if (superhuman) signals.push(superhuman);
    }
    return { score: round2(signals.reduce((sum, signal) => sum + signal.score, 0)), signals };
  }) as [SeatSignals, SeatSignals];
  return { gameId, seats, samples };
}

function emptyTrace(): SeatTrace {
  return { acceptedAtMs: [], sent: 0, correct: 0, wrong: 0 };
}

/** Intervals between consecutive accepted inputs, pauses left out. */
export function playIntervals(atMs: readonly number[]): number[] {
  const intervals: number[] = [];
  for (let i = 1; i < atMs.length; i++) {
    const gap = (atMs[i] ?? 0) - (atMs[i - 1] ?? 0);
    if (gap > 0 && gap <= SIGNAL_RULES.pauseMs) intervals.push(gap);
  }
  return intervals;
}

function regularity(atMs: readonly number[], profile: GameProfile): FairPlaySignal | null {
  const intervals = playIntervals(atMs);
  if (intervals.length < profile.minIntervals) return null;
  const { mean, sd } = meanAndSd(intervals);
  const cv = mean > 0 ? sd / mean : 0;
  const gridRatio =
    profile.kind === 'clicks' && intervals.length >= SIGNAL_RULES.gridMinIntervals
      ? varianceRatio(intervals, SIGNAL_RULES.gridWindow)
      : null;
  const gridLocked = gridRatio !== null && gridRatio < SIGNAL_RULES.gridVarianceRatio;
  if (cv >= profile.regularCv && !gridLocked) return null;
  return {
    kind: 'machine_regular',
    score: 1,
    evidence: {
      intervals: intervals.length,
      mean_ms: round2(mean),
      sd_ms: round2(sd),
      cv: round4(cv),
      cv_threshold: profile.regularCv,
      ...(gridRatio !== null
        ? { variance_ratio: round4(gridRatio), variance_ratio_threshold: SIGNAL_RULES.gridVarianceRatio }
        : {}),
      percentiles_ms: percentiles(intervals),
      histogram: histogram(intervals),
    },
  };
}

/** Var(sum of `window` consecutive intervals) / (window × Var(one interval)), over overlapping windows. */
function varianceRatio(intervals: readonly number[], window: number): number {
  const single = meanAndSd(intervals).sd ** 2;
  if (single === 0 || intervals.length < window * 2) return single === 0 ? 0 : 1;
  const sums: number[] = [];
  let running = 0;
  for (let i = 0; i < intervals.length; i++) {
    running += intervals[i] ?? 0;
    if (i >= window) running -= intervals[i - window] ?? 0;
    if (i >= window - 1) sums.push(running);
  }
  return meanAndSd(sums).sd ** 2 / (window * single);
}

function superhumanClicks(atMs: readonly number[], superhumanClickMs: number): FairPlaySignal | null {
  const intervals = playIntervals(atMs);
  if (intervals.length + 1 < SIGNAL_RULES.superhumanMinClicks) return null;
  const medianMs = percentile(intervals, 0.5);
  if (medianMs >= superhumanClickMs) return null;
  return {
    kind: 'superhuman_rate',
    score: 1,
    evidence: {
      clicks: intervals.length + 1,
      median_interval_ms: medianMs,
      clicks_per_second: round2(1000 / Math.max(1, medianMs)),
      human_median_floor_ms: superhumanClickMs,
      percentiles_ms: percentiles(intervals),
    },
  };
}

function reactionCluster(reactionsMs: readonly number[]): FairPlaySignal | null {
  if (reactionsMs.length < SIGNAL_RULES.minReactions) return null;
  const near = reactionsMs.filter((ms) => ms < SIGNAL_RULES.nearFloorReactionMs).length;
  const share = near / reactionsMs.length;
  if (share < SIGNAL_RULES.nearFloorShare) return null;
  return {
    kind: 'reaction_floor_cluster',
    score: 1,
    evidence: {
      reactions_ms: [...reactionsMs],
      near_floor: near,
      near_floor_below_ms: SIGNAL_RULES.nearFloorReactionMs,
      share: round2(share),
    },
  };
}

function superhumanAnswers(trace: SeatTrace, superhumanMedianMs: number): FairPlaySignal | null {
  const answered = trace.correct + trace.wrong;
  if (trace.correct < SIGNAL_RULES.superhumanMinCorrect || answered === 0) return null;
  const accuracy = trace.correct / answered;
  const intervals = playIntervals([0, ...trace.acceptedAtMs]);
  const medianMs = percentile(intervals, 0.5);
  if (accuracy < SIGNAL_RULES.superhumanAccuracy || medianMs >= superhumanMedianMs) return null;
  return {
    kind: 'superhuman_accuracy',
    score: 1,
    evidence: {
      correct: trace.correct,
      answered,
      accuracy: round4(accuracy),
      median_answer_ms: medianMs,
      human_median_floor_ms: superhumanMedianMs,
      percentiles_ms: percentiles(intervals),
    },
  };
}

function meanAndSd(values: readonly number[]): { mean: number; sd: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  return { mean, sd: Math.sqrt(variance) };
}

function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function percentiles(values: readonly number[]): Record<string, number> {
  return {
    p10: percentile(values, 0.1),
    p50: percentile(values, 0.5),
    p90: percentile(values, 0.9),
  };
}

/** Ten equal bins from the shortest to the longest interval: the shape a reviewer looks at. */
function histogram(values: readonly number[]): { from_ms: number; to_ms: number; counts: number[] } {
  const from = Math.min(...values);
  const to = Math.max(...values);
  const width = Math.max(1, (to - from) / 10);
  const counts = new Array<number>(10).fill(0);
  for (const value of values) {
    const bin = Math.min(9, Math.floor((value - from) / width));
    counts[bin] = (counts[bin] ?? 0) + 1;
  }
  return { from_ms: from, to_ms: to, counts };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function round4(value: number): number {
  return Math.round(value * 10000) / 10000;
}
