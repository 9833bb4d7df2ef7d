import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  CLIENT_EVENTS,
  MatchInputAckDto,
  REALTIME_ERROR_CODES,
  REALTIME_MESSAGES,
  type RealtimeErrorCode,
  SERVER_EVENTS,
  TOURNAMENT_MESSAGES,
  type TournamentAttemptJoinedDto,
} from '@skillduel/contracts';
import type { ReplayLogEntry } from '@skillduel/games';
import { fairPlaySignals } from '../../fair-play/fair-play-signals';
import { RealtimeServer } from '../../realtime/realtime.server';
import { AppSocket, CHANNELS, RealtimeError } from '../../realtime/realtime.types';
import { engineFor, LiveMatch } from '../../rooms/live/live-match';
import { LiveRoomsService } from '../../rooms/live/live-rooms.service';
import { MatchClock } from '../../rooms/live/match-clock';
import { AppConfig } from '../../config/app-config';
import { toAttemptDto } from './attempt-presenter';
import { attemptSeed } from './attempt-seed';
import { AttemptRoundRecord, TournamentAttemptsRepository } from './tournament-attempts.repository';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The player's seat in the two-seat engines: a solo round is a match whose second seat never plays. */
const SOLO_SEAT = 0;

/** A solo round in play on this instance. */
interface SoloRound {
  record: AttemptRoundRecord;
  match: LiveMatch;
  /** The player's score so far and the match time (ms) it was first reached (the tie-break of decision 2602). */
  score: number;
  reachedAtMs: number;
}

type ScoreListener = (round: AttemptRoundRecord) => void;

function refuse(message: string, code: RealtimeErrorCode = REALTIME_ERROR_CODES.invalidState): RealtimeError {
  return new RealtimeError(code, message);
}

function attemptIdOf(payload: unknown): string {
  const id =
    typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)['attempt_id'] : null;
  if (typeof id !== 'string' || !UUID_PATTERN.test(id)) {
    throw refuse(REALTIME_MESSAGES.invalidPayload, REALTIME_ERROR_CODES.invalidPayload);
  }
  return id;
}

/**
 * Tournament attempts played as server-run solo rounds over the socket (decision 2604). The round is a `LiveMatch` of
 * the tournament's game (the same engine, human-limit floors and input log as a duel) on the attempt's content, run
 * by the instance whose socket opened it; the player's second seat stays empty. Views and the end go to the player's
 * own channel (`user:<id>`), which reaches their sockets on any instance through the Redis adapter. When the round
 * ends its score, the time that score was reached and its fair-play signals are stored once.
 */
@Injectable()
export class TournamentSoloRounds implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('TournamentAttempts');
  private readonly rounds = new Map<string, SoloRound>();
  private readonly scoreListeners: ScoreListener[] = [];

  constructor(
    private readonly repository: TournamentAttemptsRepository,
    private readonly realtime: RealtimeServer,
    private readonly clock: MatchClock,
    private readonly config: AppConfig,
    private readonly live: LiveRoomsService,
  ) {}

  onModuleInit(): void {
    this.realtime.handle(CLIENT_EVENTS.tournamentAttemptJoin, {
      bucket: 'control',
      handle: (socket, payload) => this.join(socket, attemptIdOf(payload)),
    });
    this.realtime.handle(CLIENT_EVENTS.tournamentAttemptInput, {
      bucket: 'input',
      handle: (socket, payload) => {
        const attemptId = attemptIdOf(payload);
        return this.input(socket, attemptId, (payload as Record<string, unknown>)['input']);
      },
    });
  }

  onModuleDestroy(): void {
    for (const round of this.rounds.values()) round.match.clearTimers();
  }

  /** Told after each stored score (the live standings push). */
  onScored(listener: ScoreListener): void {
    this.scoreListeners.push(listener);
  }

  /** Opens the caller's attempt: claims it for this instance and starts the countdown, or answers where it is. */
  async join(socket: AppSocket, attemptId: string): Promise<TournamentAttemptJoinedDto> {
    const userId = socket.data.user?.userId;
    if (!userId) throw refuse(REALTIME_MESSAGES.guestPlay, REALTIME_ERROR_CODES.guestPlay);
    const here = this.rounds.get(attemptId);
    if (here) {
      if (here.record.userId !== userId)
        throw refuse(TOURNAMENT_MESSAGES.attemptNotYours, REALTIME_ERROR_CODES.notInRoom);
      return this.joined(here);
    }
    const timeLimitMs = (await this.repository.findRound(this.repository.runner, attemptId))?.timeLimitMs ?? 0;
    const playMs = this.config.MATCH_COUNTDOWN_MS + timeLimitMs;
    const claimed = await this.repository.claim(
      this.repository.runner,
      attemptId,
      userId,
      this.live.instanceId,
      playMs,
    );
    if (claimed) return this.joined(this.begin(claimed));
    const round = await this.repository.findRound(this.repository.runner, attemptId);
    if (!round) throw refuse(TOURNAMENT_MESSAGES.attemptNotYours, REALTIME_ERROR_CODES.roomNotFound);
    if (round.userId !== userId) throw refuse(TOURNAMENT_MESSAGES.attemptNotYours, REALTIME_ERROR_CODES.notInRoom);
    if (round.status === 'playing') throw refuse(TOURNAMENT_MESSAGES.attemptElsewhere);
    if (round.status === 'scored' || round.status === 'void') {
      const now = this.clock.epochMs();
      return {
        attempt: toAttemptDto(round),
        phase: 'finished',
        starts_at: now,
        ends_at: now,
        server_time: now,
        view: null,
      };
    }
    // Still waiting: the tournament is no longer running or the round could not end before the tournament does.
    throw refuse(TOURNAMENT_MESSAGES.windowOver);
  }

  input(socket: AppSocket, attemptId: string, input: unknown): MatchInputAckDto {
    const userId = socket.data.user?.userId;
    if (!userId) throw refuse(REALTIME_MESSAGES.guestPlay, REALTIME_ERROR_CODES.guestPlay);
    const round = this.rounds.get(attemptId);
    if (!round) throw refuse(REALTIME_MESSAGES.notWatching, REALTIME_ERROR_CODES.notWatching);
    if (round.record.userId !== userId)
      throw refuse(TOURNAMENT_MESSAGES.attemptNotYours, REALTIME_ERROR_CODES.notInRoom);
    const match = round.match;
    if (match.phase !== 'playing') throw refuse(REALTIME_MESSAGES.notPlaying);
    const atMs = match.atMs(this.clock.monotonicMs());
    const applied = match.applyInput(SOLO_SEAT, input, atMs);
    this.noteScore(round, atMs);
    if (this.isOver(match)) this.endLater(round);
    else {
      this.sendView(round);
      this.scheduleEvent(round);
    }
    return applied.ok
      ? { accepted: true, at_ms: atMs, outcome: { ...applied.outcome } }
      : { accepted: false, at_ms: atMs, reason: applied.reason };
  }

  // ── The round ─────────────────────────────────────────────────────────────────────────────────────────────────

  private begin(record: AttemptRoundRecord): SoloRound {
    const engine = engineFor(record.gameId);
    if (!engine) throw refuse(REALTIME_MESSAGES.notReadyState);
    const seed = attemptSeed(record.tournamentSeed, record.attemptNo);
    const countdownMs = this.config.MATCH_COUNTDOWN_MS;
    const match = new LiveMatch(
      record.attemptNo,
      engine,
      seed,
      record.seedHash,
      record.timeLimitMs,
      this.clock.epochMs() + countdownMs,
    );
    const round: SoloRound = { record, match, score: 0, reachedAtMs: 0 };
    this.rounds.set(record.id, round);
    match.countdownTimer = setTimeout(() => this.play(round), countdownMs);
    match.countdownTimer.unref();
    this.realtime.emitTo(CHANNELS.user(record.userId), SERVER_EVENTS.matchCountdown, {
      room_id: record.id,
      round: record.attemptNo,
      seed_hash: record.seedHash,
      starts_at: match.startsAtEpochMs,
      countdown_ms: countdownMs,
      time_limit_ms: record.timeLimitMs,
      server_time: this.clock.epochMs(),
    });
    return round;
  }

  private play(round: SoloRound): void {
    const match = round.match;
    if (match.phase !== 'countdown') return;
    match.begin(this.clock.monotonicMs(), this.clock.epochMs());
    this.realtime.emitTo(CHANNELS.user(round.record.userId), SERVER_EVENTS.matchStarted, {
      room_id: round.record.id,
      round: match.round,
      started_at: match.startsAtEpochMs,
      ends_at: match.startsAtEpochMs + match.timeLimitMs,
      time_limit_ms: match.timeLimitMs,
      server_time: this.clock.epochMs(),
    });
    this.sendView(round);
    match.timeUpTimer = setTimeout(() => {
      if (match.phase !== 'playing') return;
      match.tick(match.timeLimitMs);
      this.noteScore(round, match.timeLimitMs);
      this.endLater(round);
    }, match.timeLimitMs);
    match.timeUpTimer.unref();
    this.scheduleEvent(round);
  }

  /** The engine's timed events (a new round of reaction-time, memory-master's display ending). */
  private scheduleEvent(round: SoloRound): void {
    const match = round.match;
    clearTimeout(match.eventTimer);
    match.eventTimer = undefined;
    const next = match.nextEventAtMs();
    if (next === null || next >= match.timeLimitMs) return;
    const delayMs = Math.max(0, next - match.atMs(this.clock.monotonicMs()));
    match.eventTimer = setTimeout(() => {
      if (match.phase !== 'playing') return;
      const atMs = Math.min(match.atMs(this.clock.monotonicMs()), match.timeLimitMs);
      match.tick(atMs);
      this.noteScore(round, atMs);
      if (this.isOver(match)) this.endLater(round);
      else {
        this.sendView(round);
        this.scheduleEvent(round);
      }
    }, delayMs + 1);
    match.eventTimer.unref();
  }

  /** The round is over once the engine decided it or the player can no longer play (completed, or out). */
  private isOver(match: LiveMatch): boolean {
    return match.engineResult() !== null || match.scoreboard().statuses[SOLO_SEAT] !== 'playing';
  }

  /** Remembers when the player's score last changed: the time a final score was reached. */
  private noteScore(round: SoloRound, atMs: number): void {
    const score = round.match.scoreboard().scores[SOLO_SEAT];
    if (score !== round.score) {
      round.score = score;
      round.reachedAtMs = atMs;
    }
  }

  private sendView(round: SoloRound): void {
    const match = round.match;
    if (!match.state) return;
    const atMs = Math.min(match.atMs(this.clock.monotonicMs()), match.timeLimitMs);
    this.realtime.emitTo(CHANNELS.user(round.record.userId), SERVER_EVENTS.matchView, {
      room_id: round.record.id,
      round: match.round,
      seat: SOLO_SEAT,
      at_ms: atMs,
      view: match.view(SOLO_SEAT, atMs),
    });
  }

  private joined(round: SoloRound): TournamentAttemptJoinedDto {
    const match = round.match;
    const atMs = Math.min(match.atMs(this.clock.monotonicMs()), match.timeLimitMs);
    return {
      attempt: toAttemptDto(round.record),
      phase: match.phase === 'countdown' ? 'countdown' : match.isLive ? 'playing' : 'finished',
      starts_at: match.startsAtEpochMs,
      ends_at: match.startsAtEpochMs + match.timeLimitMs,
      server_time: this.clock.epochMs(),
      view: match.state && match.isLive ? match.view(SOLO_SEAT, atMs) : null,
    };
  }

  private endLater(round: SoloRound): void {
    this.end(round).catch((error: unknown) =>
      this.logger.error({ err: error, attemptId: round.record.id }, 'Storing the attempt failed'),
    );
  }

  /** Stops play and stores the score once: the score, when it was reached, the flags and the fair-play signals. */
  private async end(round: SoloRound): Promise<void> {
    const match = round.match;
    if (match.phase === 'settling' || match.phase === 'finished') return;
    match.phase = 'settling';
    match.clearTimers();
    const board = match.scoreboard();
    const log = match.log as readonly ReplayLogEntry[];
    const signals = fairPlaySignals({
      gameId: round.record.gameId,
      seed: match.seed,
      timeLimitMs: match.timeLimitMs,
      log,
    });
    const closed = await this.repository.close(round.record.id, {
      score: BigInt(board.scores[SOLO_SEAT]),
      reachedAt: new Date(match.startsAtEpochMs + round.reachedAtMs),
      flags: board.flags[SOLO_SEAT],
      fairPlayScore: signals ? signals[SOLO_SEAT].score : null,
      inputLog: match.log,
    });
    match.phase = 'finished';
    this.rounds.delete(round.record.id);
    if (!closed) return;
    this.realtime.emitTo(CHANNELS.user(closed.userId), SERVER_EVENTS.tournamentAttemptFinished, {
      attempt: toAttemptDto(closed),
      flags: board.flags[SOLO_SEAT],
    });
    if (closed.status === 'scored') for (const listener of this.scoreListeners) listener(closed);
  }
}
