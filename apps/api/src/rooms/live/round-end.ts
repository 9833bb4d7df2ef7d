import { centsToDollars, RoomSeat, SERVER_EVENTS } from '@skillduel/contracts';
import { Logger } from '@nestjs/common';
import { isDatabaseUnavailable } from '../../database/database-errors';
import { MetricsService } from '../../metrics/metrics.service';
import { RealtimeServer } from '../../realtime/realtime.server';
import { CHANNELS } from '../../realtime/realtime.types';
import { MatchSettlementService } from '../match-settlement.service';
import { MatchXpService } from '../match-xp.service';
import { RoundDecision } from '../room-escrow.service';
import { toGameResultDto, toMatchResultDto } from '../room-presenter';
import { MatchesRepository } from '../matches.repository';
import { LiveMatch } from './live-match';
import { MatchClock } from './match-clock';
import { RoomBroadcaster } from './room-broadcaster';
import { RoomRegistry } from './room-registry';
import { RoomRuntime } from './room-runtime';

/** Settlement attempts before the round is left to crash recovery (docs/decisions/0602). */
const SETTLE_ATTEMPTS = 3;
const SETTLE_RETRY_MS = 500;
/** The longest pause between attempts while the database is unreachable. */
const SETTLE_OUTAGE_RETRY_MAX_MS = 2000;

/** Why a live round ends without the engine deciding it. */
export type ForcedEnd = { kind: 'forfeit'; loser: RoomSeat } | { kind: 'void' };

/**
 * The one end-of-round path of live rooms, whatever ends the round (engine result, time up, forfeit, reconnect grace
 * lapsed, REST leave, shutdown): stop play → decide → settle in the database through MatchSettlementService (with
 * retries, else crash recovery) → XP → publish the result. A step between deciding and paying out belongs here.
 */
export class RoundEnd {
  private readonly logger = new Logger('LiveRooms');

  constructor(
    private readonly registry: RoomRegistry,
    private readonly broadcaster: RoomBroadcaster,
    private readonly matches: MatchesRepository,
    private readonly settlement: MatchSettlementService,
    private readonly matchXp: MatchXpService,
    private readonly realtime: RealtimeServer,
    private readonly clock: MatchClock,
    private readonly metrics: MetricsService,
    /**
     * How long a round decided while the database is unreachable keeps trying to settle (a supervised PostgreSQL
     * restart takes seconds): the winner is paid once it is back, instead of the round being voided by crash recovery.
     */
    private readonly settleOutageBudgetMs: number,
  ) {}

  /**
   * Ends the round once, whoever calls first (engine result, forfeit, void): stops play at once, then settles in the
   * database (with retries) and publishes the result.
   */
  /**
   * endRound for the callers that do not wait for it (timers, the input that decided the round): whatever fails after
   * the settlement (a reload while the database blinks) is logged here, never left to end the process.
   */
  endRoundLater(runtime: RoomRuntime, match: LiveMatch, forced: ForcedEnd | null): void {
    this.endRound(runtime, match, forced).catch((error: unknown) =>
      this.logger.error({ err: error, roomId: runtime.id, round: match.round }, 'Ending the round failed'),
    );
  }

  async endRound(runtime: RoomRuntime, match: LiveMatch, forced: ForcedEnd | null): Promise<void> {
    if (match.phase === 'settling' || match.phase === 'finished') return;
    const atMs = match.atMs(this.clock.monotonicMs());
    match.phase = 'settling';
    match.clearTimers();
    for (const seat of runtime.seats) {
      if (seat) {
        clearTimeout(seat.graceTimer);
        seat.graceTimer = undefined;
        seat.graceEndsAt = null;
      }
    }
    const decision = this.decide(match, forced, atMs);
    await runtime.exclusive(async () => {
      let closed = null;
      const firstAttemptAt = Date.now();
      for (let attempt = 1; ; attempt++) {
        try {
          closed = await this.settlement.closeRound(runtime.id, match.round, decision);
          break;
        } catch (error) {
          const outage = isDatabaseUnavailable(error);
          const context = { err: error, roomId: runtime.id, round: match.round, attempt };
          if (outage) this.logger.warn(context, 'Settlement waits for the database');
          else this.logger.error(context, 'Settlement failed');
          const giveUp = outage ? Date.now() - firstAttemptAt >= this.settleOutageBudgetMs : attempt >= SETTLE_ATTEMPTS;
          if (giveUp) {
            this.metrics.settlementFailures.inc();
            this.metrics.liveMatches.dec();
            // Leave it to crash recovery: this instance stops heartbeating the round, another sweep voids it.
            runtime.match = null;
            this.registry.delete(runtime.id);
            runtime.clearTimers();
            return;
          }
          const pauseMs = SETTLE_RETRY_MS * attempt;
          await new Promise((resolve) =>
            setTimeout(resolve, outage ? Math.min(pauseMs, SETTLE_OUTAGE_RETRY_MAX_MS) : pauseMs),
          );
        }
      }
      match.phase = 'finished';
      this.metrics.liveMatches.dec();
      if (closed) {
        match.result = toMatchResultDto(closed.match);
        // The win notification was written with the settlement; XP (and a level-up notification) follows it.
        void this.matchXp.grant(closed.match);
      } else {
        // Someone else settled this round first (recovery, another path): show what was stored.
        const stored = await this.matches.findMatch(this.matches.runner, runtime.id, match.round);
        match.result = stored ? toMatchResultDto(stored) : null;
      }
      runtime.lastResult = match.result;
      runtime.lastMatch = match.toDto();
      runtime.resetRoundFlags();
      await this.registry.reload(runtime);
      this.publishResult(runtime, match);
      this.broadcaster.broadcastState(runtime);
    });
    this.broadcaster.emitLobby(runtime, 'finished');
    this.registry.maybeEvict(runtime);
  }

  private decide(match: LiveMatch, forced: ForcedEnd | null, atMs: number): RoundDecision {
    const board = match.scoreboard();
    const engineResult = match.engineResult();
    const base = {
      scores: board.scores,
      displayScores: board.displayScores,
      flags: board.flags,
      inputLog: match.log,
    };
    if (forced === null && engineResult) {
      return {
        ...base,
        scores: [engineResult.scores[0], engineResult.scores[1]],
        displayScores: [engineResult.displayScores[0], engineResult.displayScores[1]],
        flags: [engineResult.flags[0], engineResult.flags[1]],
        outcome: engineResult.winner === 'tie' ? 'tie' : engineResult.winner === 0 ? 'player1' : 'player2',
        reason: engineResult.reason,
        durationMs: engineResult.endedAtMs,
      };
    }
    if (forced?.kind === 'forfeit') {
      return { ...base, outcome: forced.loser === 0 ? 'player2' : 'player1', reason: 'forfeit', durationMs: atMs };
    }
    return { ...base, outcome: 'void', reason: 'void', durationMs: atMs };
  }

  private publishResult(runtime: RoomRuntime, match: LiveMatch): void {
    const result = match.result;
    if (!result) return;
    this.realtime.emitTo(CHANNELS.room(runtime.id), SERVER_EVENTS.matchScores, {
      room_id: runtime.id,
      round: match.round,
      at_ms: Math.round(result.duration * 1000),
      time_left_ms: 0,
      display_scores: result.display_scores,
      statuses: match.scoreboard().statuses,
    });
    this.realtime.emitTo(CHANNELS.room(runtime.id), SERVER_EVENTS.matchFinished, { room_id: runtime.id, result });
    const bet = centsToDollars(runtime.record.betCents);
    for (const seat of [0, 1] as const) {
      this.realtime.emitTo(CHANNELS.seat(runtime.id, seat), SERVER_EVENTS.matchResult, {
        room_id: runtime.id,
        result: toGameResultDto(result, seat, bet),
      });
    }
  }

  /** The round was closed elsewhere (crash recovery): its stored result, to the room's sockets on this instance. */
  async publishLastResult(roomId: string, runtime?: RoomRuntime): Promise<void> {
    const stored = await this.matches.lastClosedMatch(this.matches.runner, roomId);
    const result = stored ? toMatchResultDto(stored) : null;
    if (!stored || !result) return;
    if (runtime) runtime.lastResult = result;
    this.realtime.emitTo(CHANNELS.room(roomId), SERVER_EVENTS.matchFinished, { room_id: roomId, result });
    const bet = centsToDollars(stored.betCents);
    for (const seat of [0, 1] as const) {
      this.realtime.emitTo(CHANNELS.seat(roomId, seat), SERVER_EVENTS.matchResult, {
        room_id: roomId,
        result: toGameResultDto(result, seat, bet),
      });
    }
  }
}
