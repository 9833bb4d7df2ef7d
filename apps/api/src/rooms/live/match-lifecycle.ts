import { Logger } from '@nestjs/common';
import {
  MatchInputAckDto,
  REALTIME_ERROR_CODES,
  REALTIME_MESSAGES,
  RoomSeat,
  SERVER_EVENTS,
  VALIDATION_MESSAGES,
} from '@skillduel/contracts';
import { AppError } from '../../common/app-error';
import { AppConfig } from '../../config/app-config';
import { MetricsService } from '../../metrics/metrics.service';
import { RealtimeServer } from '../../realtime/realtime.server';
import { CHANNELS, RealtimeError } from '../../realtime/realtime.types';
import { MoneyGate } from '../../responsible-gaming/money-gate.service';
import { RoomEscrowService } from '../room-escrow.service';
import { timeLimitMsOf } from '../room-presenter';
import { MatchesRepository } from '../matches.repository';
import { RoomStakesRepository } from '../room-stakes.repository';
import { RoomsRepository } from '../rooms.repository';
import { engineFor, LiveMatch, newSeed } from './live-match';
import { MatchClock } from './match-clock';
import { RoomBroadcaster } from './room-broadcaster';
import { RoomRegistry } from './room-registry';
import { RoomRuntime } from './room-runtime';
import { RoundEnd } from './round-end';

type NextRoundRefusal = { kind: 'balance'; seat: RoomSeat } | { kind: 'protection'; seat: RoomSeat; error: AppError };

/**
 * A live round from Start to its end: ready → countdown (the match row, status playing) → play (timers, inputs,
 * views, scores) → RoundEnd; then Play Again, which escrows both bets of the next round. Callers check who asks;
 * this runs under the room's `exclusive` where the original flow did.
 */
export class MatchLifecycle {
  private readonly logger = new Logger('LiveRooms');

  constructor(
    private readonly registry: RoomRegistry,
    private readonly broadcaster: RoomBroadcaster,
    private readonly roundEnd: RoundEnd,
    private readonly rooms: RoomsRepository,
    private readonly stakes: RoomStakesRepository,
    private readonly matches: MatchesRepository,
    private readonly escrow: RoomEscrowService,
    private readonly moneyGate: MoneyGate,
    private readonly realtime: RealtimeServer,
    private readonly clock: MatchClock,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    /** This process's id on the matches it runs (heartbeats; crash recovery). */
    private readonly instanceId: string,
  ) {}

  // ── Requests of a seated player ───────────────────────────────────────────────────────────────────────────────

  async ready(runtime: RoomRuntime, seat: RoomSeat): Promise<void> {
    await runtime.exclusive(async () => {
      if (runtime.record.status !== 'ready' || runtime.match?.isLive || runtime.match?.phase === 'settling') {
        throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.notReadyState);
      }
      const seatState = runtime.seats[seat];
      if (!seatState) throw new RealtimeError(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
      seatState.ready = true;
      if (runtime.seats.every((state) => state?.ready) && runtime.isConnected(0) && runtime.isConnected(1)) {
        await this.startCountdown(runtime);
      } else {
        this.broadcaster.broadcastState(runtime);
      }
    });
  }

  async playAgain(runtime: RoomRuntime, seat: RoomSeat): Promise<void> {
    const roomId = runtime.id;
    await runtime.exclusive(async () => {
      const record = runtime.record;
      if (record.status !== 'finished' || record.closedAt !== null || runtime.match?.isLive || !record.player2Id) {
        throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.playAgainState);
      }
      const seatState = runtime.seats[seat];
      if (!seatState) throw new RealtimeError(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
      seatState.playAgain = true;
      if (!(runtime.seats.every((state) => state?.playAgain) && runtime.isConnected(0) && runtime.isConnected(1))) {
        this.broadcaster.broadcastState(runtime);
        return;
      }
      const refusal = await this.escrowNextRound(runtime);
      if (refusal === null) {
        runtime.resetRoundFlags();
        runtime.match = null;
        await this.registry.reload(runtime);
        this.broadcaster.broadcastState(runtime);
        this.broadcaster.emitLobby(runtime, 'updated');
        return;
      }
      runtime.resetRoundFlags();
      this.broadcaster.broadcastState(runtime);
      if (refusal.kind === 'protection') {
        // The player's own limits, break or eligibility: they hear why; the opponent hears that no round follows.
        this.realtime.emitTo(CHANNELS.seat(roomId, refusal.seat), SERVER_EVENTS.error, {
          code: refusal.error.code,
          message: refusal.error.message,
        });
        const opponentCannotPlay = new RealtimeError(
          REALTIME_ERROR_CODES.invalidState,
          REALTIME_MESSAGES.opponentCannotPlayAgain,
        );
        const otherSeat: RoomSeat = refusal.seat === 0 ? 1 : 0;
        this.realtime.emitTo(CHANNELS.seat(roomId, otherSeat), SERVER_EVENTS.error, {
          code: opponentCannotPlay.code,
          message: opponentCannotPlay.message,
        });
        throw refusal.seat === seat ? refusal.error : opponentCannotPlay;
      }
      const lacking = refusal.seat;
      const insufficient = {
        code: REALTIME_ERROR_CODES.insufficientBalance,
        message: VALIDATION_MESSAGES.insufficientBalance,
      };
      this.realtime.emitTo(CHANNELS.seat(roomId, lacking), SERVER_EVENTS.error, insufficient);
      if (lacking === seat)
        throw new RealtimeError(REALTIME_ERROR_CODES.insufficientBalance, VALIDATION_MESSAGES.insufficientBalance);
      throw new RealtimeError(REALTIME_ERROR_CODES.insufficientBalance, REALTIME_MESSAGES.opponentCannotAfford);
    });
  }

  input(runtime: RoomRuntime, seat: RoomSeat, input: unknown): MatchInputAckDto {
    const match = runtime.match;
    if (!match || match.phase !== 'playing') {
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.notPlaying);
    }
    const atMs = match.atMs(this.clock.monotonicMs());
    const applied = match.applyInput(seat, input, atMs);
    const result = match.engineResult();
    if (result) {
      this.roundEnd.endRoundLater(runtime, match, null);
    } else {
      this.broadcaster.sendView(runtime, seat);
      this.broadcaster.markScoresDirty(runtime);
      this.scheduleEvent(runtime, match);
    }
    return applied.ok
      ? { accepted: true, at_ms: atMs, outcome: { ...applied.outcome } }
      : { accepted: false, at_ms: atMs, reason: applied.reason };
  }

  // ── The match ─────────────────────────────────────────────────────────────────────────────────────────────────

  private async startCountdown(runtime: RoomRuntime): Promise<void> {
    const record = runtime.record;
    const engine = engineFor(record.gameId);
    if (!engine || !record.player2Id)
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.notReadyState);
    const { seed, seedHash } = newSeed();
    const timeLimitMs = timeLimitMsOf(record, this.config.MATCH_TIME_LIMIT_OVERRIDE_MS);
    const countdownMs = this.config.MATCH_COUNTDOWN_MS;
    const started = await this.rooms.transaction(async (manager) => {
      const room = await this.rooms.lockRoom(manager, record.id);
      if (!room || room.status !== 'ready' || room.round !== record.round || !room.player2Id) return false;
      if (room.player2Id !== record.player2Id) return false;
      const held = await this.stakes.heldStakes(manager, room.id, room.round);
      if (held.length !== 2) return false;
      await this.matches.insertMatch(manager, {
        roomId: room.id,
        round: room.round,
        gameId: room.gameId,
        player1Id: room.player1Id,
        player2Id: room.player2Id,
        betCents: room.betCents,
        timeLimitMs,
        seed,
        seedHash,
        instanceId: this.instanceId,
        countdownMs,
      });
      await this.rooms.setStatus(manager, room.id, 'playing');
      return true;
    });
    if (!started) {
      await this.registry.reload(runtime);
      runtime.resetRoundFlags();
      this.broadcaster.broadcastState(runtime);
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.notReadyState);
    }
    const match = new LiveMatch(record.round, engine, seed, seedHash, timeLimitMs, this.clock.epochMs() + countdownMs);
    runtime.match = match;
    this.metrics.liveMatches.inc();
    runtime.record = { ...record, status: 'playing', expiresAt: null };
    match.countdownTimer = setTimeout(
      () => void runtime.exclusive(() => Promise.resolve(this.beginPlay(runtime, match))),
      countdownMs,
    );
    match.countdownTimer.unref();
    this.realtime.emitTo(CHANNELS.room(record.id), SERVER_EVENTS.matchCountdown, {
      room_id: record.id,
      round: match.round,
      seed_hash: seedHash,
      starts_at: match.startsAtEpochMs,
      countdown_ms: countdownMs,
      time_limit_ms: timeLimitMs,
      server_time: this.clock.epochMs(),
    });
    this.broadcaster.broadcastState(runtime);
    this.broadcaster.emitLobby(runtime, 'started');
  }

  private beginPlay(runtime: RoomRuntime, match: LiveMatch): void {
    if (runtime.match !== match || match.phase !== 'countdown') return;
    match.begin(this.clock.monotonicMs(), this.clock.epochMs());
    this.matches
      .markPlaying(this.matches.runner, runtime.id, match.round, new Date(match.startsAtEpochMs))
      .catch((error: unknown) =>
        this.logger.error({ err: error, roomId: runtime.id }, 'Could not mark the match playing'),
      );
    this.realtime.emitTo(CHANNELS.room(runtime.id), SERVER_EVENTS.matchStarted, {
      room_id: runtime.id,
      round: match.round,
      started_at: match.startsAtEpochMs,
      ends_at: match.startsAtEpochMs + match.timeLimitMs,
      time_limit_ms: match.timeLimitMs,
      server_time: this.clock.epochMs(),
    });
    this.broadcaster.sendView(runtime, 0);
    this.broadcaster.sendView(runtime, 1);
    this.broadcaster.broadcastScores(runtime);
    this.broadcaster.broadcastState(runtime);
    match.timeUpTimer = setTimeout(() => this.onTimeUp(runtime, match), match.timeLimitMs);
    match.timeUpTimer.unref();
    this.scheduleEvent(runtime, match);
  }

  /** Time is up: the engine decides at exactly the time limit, whatever the timer's own lateness. */
  private onTimeUp(runtime: RoomRuntime, match: LiveMatch): void {
    if (runtime.match !== match || match.phase !== 'playing') return;
    match.tick(match.timeLimitMs);
    this.roundEnd.endRoundLater(runtime, match, null);
  }

  /** Ticks the engine at the next timed event and pushes the views. */
  private onTimer(runtime: RoomRuntime, match: LiveMatch): void {
    if (runtime.match !== match || match.phase !== 'playing') return;
    match.tick(Math.min(match.atMs(this.clock.monotonicMs()), match.timeLimitMs));
    if (match.engineResult()) {
      this.roundEnd.endRoundLater(runtime, match, null);
      return;
    }
    this.broadcaster.sendView(runtime, 0);
    this.broadcaster.sendView(runtime, 1);
    this.broadcaster.markScoresDirty(runtime);
    this.scheduleEvent(runtime, match);
  }

  private scheduleEvent(runtime: RoomRuntime, match: LiveMatch): void {
    clearTimeout(match.eventTimer);
    match.eventTimer = undefined;
    const next = match.nextEventAtMs();
    if (next === null || next >= match.timeLimitMs) return;
    const delayMs = Math.max(0, next - match.atMs(this.clock.monotonicMs()));
    match.eventTimer = setTimeout(() => this.onTimer(runtime, match), delayMs + 1);
    match.eventTimer.unref();
  }

  // ── Play Again ────────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Both bets of the next round into escrow, in one transaction; null, or the seat refused: for its balance, or by
   * player protection (eligibility, a break, a limit). Locks in the order of every stake: the players' rows (by id),
   * then the room, then wallets.
   */
  private async escrowNextRound(runtime: RoomRuntime): Promise<NextRoundRefusal | null> {
    const record = runtime.record;
    let refusal: NextRoundRefusal | null = null;
    try {
      await this.rooms.transaction(async (manager) => {
        const playerIds = [record.player1Id, record.player2Id].filter((id): id is string => id !== null).sort();
        for (const playerId of playerIds) await this.rooms.lockUser(manager, playerId);
        const room = await this.rooms.lockRoom(manager, record.id);
        if (
          !room ||
          room.status !== 'finished' ||
          room.closedAt !== null ||
          room.round !== record.round ||
          !room.player2Id
        ) {
          throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.playAgainState);
        }
        if (room.player1Id !== record.player1Id || room.player2Id !== record.player2Id) {
          throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.playAgainState);
        }
        const next = room.round + 1;
        const seats = [
          [0, room.player1Id],
          [1, room.player2Id],
        ] as const;
        for (const [seat, userId] of seats) {
          try {
            // No client address reaches here (Play Again comes over the socket, possibly forwarded by another
            // instance): the location check of this stake is a known gap (docs/product/kyc.md#location).
            await this.moneyGate.assertMayStake(manager, userId, room.betCents, null);
          } catch (error) {
            if (error instanceof AppError && error.statusCode === 403) refusal = { kind: 'protection', seat, error };
            throw error;
          }
        }
        for (const [seat, userId] of seats) {
          try {
            await this.escrow.stake(manager, room.id, next, userId, room.betCents);
          } catch (error) {
            if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') refusal = { kind: 'balance', seat };
            throw error;
          }
        }
        await this.rooms.startNextRound(manager, room.id, next, this.config.ROOM_WAITING_EXPIRY_SECONDS);
      });
    } catch (error) {
      if (refusal !== null) return refusal;
      throw error;
    }
    return null;
  }
}
