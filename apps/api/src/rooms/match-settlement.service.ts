import { Injectable } from '@nestjs/common';
import { FairPlayFlagsRepository } from '../admin/fair-play-flags.repository';
import { AppConfig } from '../config/app-config';
import { recordRoundResult } from '../leaderboard/round-results';
import { RatingsService } from '../ratings/ratings.service';
import { RoomEscrowService, RoundDecision } from './room-escrow.service';
import { MatchRecord, RoomsRepository } from './rooms.repository';

/** A round that this call closed (the one and only settlement of that round). */
export interface ClosedRound {
  match: MatchRecord;
  winnerId: string | null;
}

/**
 * Closes a started round exactly once: under the room's row lock, the open match row is locked, paid out through
 * the escrow service, marked finished (or void) with its result and input log, and the room marked finished — one
 * database transaction. Any number of concurrent or repeated calls for the same round (timer, forfeit, leave,
 * recovery on another instance) produce one settlement; the others get null.
 */
@Injectable()
export class MatchSettlementService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly escrow: RoomEscrowService,
    private readonly flags: FairPlayFlagsRepository,
    private readonly ratings: RatingsService,
    private readonly config: AppConfig,
  ) {}

  /**
   * `onlyIfStaleSeconds`: crash recovery closes the round only if its instance has not marked it alive for that long
   * (checked under the lock, so a slow but living owner is never overtaken).
   */
  async closeRound(
    roomId: string,
    round: number,
    decision: RoundDecision,
    onlyIfStaleSeconds: number | null = null,
  ): Promise<ClosedRound | null> {
    const closed = await this.rooms.transaction(async (manager) => {
      const room = await this.rooms.lockRoom(manager, roomId);
      if (!room) return null;
      const match = await this.rooms.lockOpenMatch(manager, roomId, round, onlyIfStaleSeconds);
      if (!match) return null;
      const settled = await this.escrow.settle(manager, match, decision.outcome);
      const written = await this.rooms.closeMatch(manager, roomId, round, {
        status: decision.outcome === 'void' ? 'void' : 'finished',
        outcome: decision.outcome,
        reason: decision.reason,
        winnerId: settled.winnerId,
        scores: decision.scores,
        displayScores: decision.displayScores,
        flags: decision.flags,
        durationMs: Math.max(0, Math.round(decision.durationMs)),
        potCents: settled.potCents,
        feeCents: settled.feeCents,
        payoutCents: settled.payoutCents,
        inputLog: decision.inputLog,
        settlementTransactionId: settled.transactionId,
      });
      if (!written) throw new Error(`match ${roomId}#${round} changed under its row lock`);
      // Issue 7 hook: leaderboard aggregates and win notifications of this round, in this same transaction.
      await recordRoundResult(manager, roomId, round);
      // Fair-play signals of this round (decision 1602), in this same transaction: exactly once per round.
      if (decision.outcome !== 'void') {
        const log = Array.isArray(decision.inputLog) ? (decision.inputLog as { seat?: number }[]) : [];
        await this.flags.flagSettledRound(manager, {
          matchId: match.id,
          roomId,
          round,
          playerIds: [match.player1Id, match.player2Id],
          betCents: match.betCents,
          winnerId: settled.winnerId,
          rejectedInputs: decision.flags,
          sentInput: [log.some((entry) => entry.seat === 0), log.some((entry) => entry.seat === 1)],
          checkSharedIp: this.config.FLAG_SHARED_IP,
        });
        // Glicko-2 ratings of both players (decision 1701): a tie is a draw; void rounds are not rated.
        await this.ratings.rateSettledRound(manager, {
          gameId: match.gameId,
          player1Id: match.player1Id,
          player2Id: match.player2Id,
          outcome: decision.outcome,
        });
      }
      if (room.round === round) await this.rooms.setStatus(manager, roomId, 'finished');
      return { winnerId: settled.winnerId };
    });
    if (!closed) return null;
    const match = await this.rooms.findMatch(this.rooms.runner, roomId, round);
    if (!match) throw new Error(`match ${roomId}#${round} vanished after settlement`);
    return { match, winnerId: closed.winnerId };
  }
}
