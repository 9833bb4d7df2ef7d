import type { LiveMatchDto, MatchLogEntry, MatchPlayerStatus, MatchResultDto, RoomSeat } from '@skillduel/contracts';
import { AnyGameEngine, GAME_ENGINES, isGameId, MatchResult, MatchState } from '@skillduel/games';
import { createHash, randomBytes } from 'node:crypto';

export type LiveMatchPhase = 'countdown' | 'playing' | 'settling' | 'finished';

/** The engine of a catalogue game id, or null for a game without one. */
export function engineFor(gameId: string): AnyGameEngine | null {
  return isGameId(gameId) ? (GAME_ENGINES[gameId] as AnyGameEngine) : null;
}

/** A fresh match seed (256 random bits, hex) and its sha256, published before the start (provably fair). */
export function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: sha256Hex(seed) };
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * One round being played on this instance: the engine state (never sent to clients), the server-timed input log,
 * and the timers that drive it. Times: `atMs` = milliseconds since play started, from a monotonic clock.
 */
export class LiveMatch {
  phase: LiveMatchPhase = 'countdown';
  state: MatchState<unknown> | null = null;
  /** Monotonic time play started; null during the countdown. */
  startedAtMonoMs: number | null = null;
  readonly log: MatchLogEntry[] = [];
  result: MatchResultDto | null = null;
  countdownTimer?: NodeJS.Timeout;
  eventTimer?: NodeJS.Timeout;
  timeUpTimer?: NodeJS.Timeout;
  /** Scores changed since the last `match:scores` broadcast. */
  scoresDirty = false;

  constructor(
    readonly round: number,
    readonly engine: AnyGameEngine,
    readonly seed: string,
    readonly seedHash: string,
    readonly timeLimitMs: number,
    /** Epoch ms when play starts (end of the countdown). */
    public startsAtEpochMs: number,
  ) {}

  get isLive(): boolean {
    return this.phase === 'countdown' || this.phase === 'playing';
  }

  /** Starts play: the engine's match begins at atMs = 0. */
  begin(monoNowMs: number, epochNowMs: number): void {
    this.state = this.engine.create(this.seed, { timeLimitMs: this.timeLimitMs });
    this.startedAtMonoMs = monoNowMs;
    this.startsAtEpochMs = epochNowMs;
    this.phase = 'playing';
  }

  atMs(monoNowMs: number): number {
    return this.startedAtMonoMs === null ? 0 : Math.max(0, Math.floor(monoNowMs - this.startedAtMonoMs));
  }

  applyInput(seat: RoomSeat, input: unknown, atMs: number): ReturnType<AnyGameEngine['applyInput']> {
    const applied = this.engine.applyInput(this.requireState(), seat, input, atMs);
    // Always keep the returned state: a rejection may carry a flag or a time-up revealed by this input's time.
    this.state = applied.state;
    this.log.push({ at_ms: atMs, seat, input });
    return applied;
  }

  tick(atMs: number): void {
    this.state = this.engine.tick(this.requireState(), atMs);
    this.log.push({ at_ms: atMs, tick: true });
  }

  engineResult(): MatchResult | null {
    return this.state ? this.engine.result(this.state) : null;
  }

  view(seat: RoomSeat, atMs: number): unknown {
    return this.engine.view(this.requireState(), seat, atMs);
  }

  nextEventAtMs(): number | null {
    return this.state ? this.engine.nextEventAtMs(this.state) : null;
  }

  scoreboard(): {
    displayScores: [number, number];
    scores: [number, number];
    statuses: [MatchPlayerStatus, MatchPlayerStatus];
    flags: [number, number];
  } {
    if (!this.state) return { displayScores: [0, 0], scores: [0, 0], statuses: ['playing', 'playing'], flags: [0, 0] };
    const board = this.engine.scoreboard(this.state);
    return {
      displayScores: [board.displayScores[0], board.displayScores[1]],
      scores: [board.scores[0], board.scores[1]],
      statuses: [board.statuses[0], board.statuses[1]],
      flags: [board.flags[0], board.flags[1]],
    };
  }

  clearTimers(): void {
    clearTimeout(this.countdownTimer);
    clearTimeout(this.eventTimer);
    clearTimeout(this.timeUpTimer);
    this.countdownTimer = this.eventTimer = this.timeUpTimer = undefined;
  }

  toDto(): LiveMatchDto {
    const board = this.result
      ? { displayScores: this.result.display_scores, statuses: this.scoreboard().statuses }
      : this.scoreboard();
    return {
      round: this.round,
      phase: this.phase === 'countdown' ? 'countdown' : this.phase === 'finished' ? 'finished' : 'playing',
      seed_hash: this.seedHash,
      seed: this.result ? this.seed : null,
      starts_at: this.startsAtEpochMs,
      ends_at: this.startsAtEpochMs + this.timeLimitMs,
      time_limit_ms: this.timeLimitMs,
      display_scores: [board.displayScores[0], board.displayScores[1]],
      statuses: board.statuses,
      result: this.result,
    };
  }

  private requireState(): MatchState<unknown> {
    if (!this.state) throw new Error('match has not started');
    return this.state;
  }
}
