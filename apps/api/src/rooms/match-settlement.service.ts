import { Injectable } from '@nestjs/common';
import { FairPlayFlagsRepository } from '../admin/fair-play-flags.repository';
import { AppConfig } from '../config/app-config';
import { FairPlayReviewsRepository } from '../fair-play/fair-play-reviews.repository';
import { judgeRound } from '../fair-play/fair-play-signals';
import { PlayerEvidenceService } from '../fair-play/player-evidence.service';
import { recordRoundResult } from '../leaderboard/round-results';
import { RatingsService } from '../ratings/ratings.service';
import { RoomEscrowService, RoundDecision } from './room-escrow.service';
import { MatchesRepository, MatchRecord } from './matches.repository';
import { RoomsRepository } from './rooms.repository';
import type { ReplayLogEntry } from '@skillduel/games';
import type { MatchOutcome, RoundFairPlayDto } from '@skillduel/contracts';
import { EntityManager } from 'typeorm';

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
    private readonly matches: MatchesRepository,
    private readonly escrow: RoomEscrowService,
    private readonly flags: FairPlayFlagsRepository,
    private readonly ratings: RatingsService,
    private readonly reviews: FairPlayReviewsRepository,
    private readonly evidence: PlayerEvidenceService,
    private readonly config: AppConfig,
  ) {}

  /**
   * `onlyIfStaleSeconds`: crash recovery closes the round only if its instance has not marked it alive for that long
   * (checked under the lock, so a slow but living owner is never overtaken). `onlyIfRunBy`: recovery of the rounds
   * of an instance known dead closes the round only while that instance is still the one named on it.
   */
  async closeRound(
    roomId: string,
    round: number,
    decision: RoundDecision,
    onlyIfStaleSeconds: number | null = null,
    onlyIfRunBy: string | null = null,
  ): Promise<ClosedRound | null> {
    const closed = await this.rooms.transaction(async (manager) => {
      const room = await this.rooms.lockRoom(manager, roomId);
      if (!room) return null;
      const match = await this.matches.lockOpenMatch(manager, roomId, round, onlyIfStaleSeconds, onlyIfRunBy);
      if (!match) return null;
      const signals = decision.outcome === 'void' ? null : await this.judge(manager, match, decision);
      const winnerSeat = decision.outcome === 'player1' ? 0 : decision.outcome === 'player2' ? 1 : null;
      const winner = signals !== null && winnerSeat !== null ? signals.seats[winnerSeat] : null;
      // Held: the winner's play of this round is beyond a person, or their evidence across rounds is (decision 2701).
      const held =
        winner !== null &&
        (winner.score >= this.config.FAIR_PLAY_HOLD_SCORE ||
          winner.signals.some((signal) => signal.kind === 'beyond_human_profile'));
      const settled = held
        ? {
            // Nothing moves: both stakes stay in escrow until support releases or voids the round (decision 1802).
            potCents: match.betCents * 2n,
            feeCents: 0n,
            payoutCents: 0n,
            winnerId: winnerSeat === 0 ? match.player1Id : match.player2Id,
            transactionId: null,
          }
        : await this.escrow.settle(manager, match, decision.outcome);
      const written = await this.matches.closeMatch(manager, roomId, round, {
        status: held ? 'held' : decision.outcome === 'void' ? 'void' : 'finished',
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
      if (signals && signals.seats.some((seat) => seat.signals.length > 0)) {
        await this.reviews.saveSignals(manager, match.id, signals);
      }
      for (const seat of [0, 1] as const) {
        const judged = signals?.seats[seat];
        // The evidence across rounds flags the account itself (in `judge`), not every round again.
        const timing =
          judged?.signals.filter((signal) => signal.kind !== 'no_input' && signal.kind !== 'beyond_human_profile') ??
          [];
        if (judged && timing.length > 0 && judged.score >= this.config.FAIR_PLAY_HOLD_SCORE) {
          const userId = seat === 0 ? match.player1Id : match.player2Id;
          await this.flags.flagInhumanTiming(manager, userId, match.id, { score: judged.score, signals: timing });
        }
      }
      if (held && settled.winnerId) {
        await this.reviews.openReview(manager, match.id, settled.winnerId, winner.score);
      }
      // Fair-play flags of this round (decision 1602), in this same transaction: exactly once per round.
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
      }
      // A held round is scored (leaderboard, notifications, ratings) when support releases it.
      if (!held) await this.applyResult(manager, match, decision.outcome);
      if (room.round === round) await this.rooms.setStatus(manager, roomId, 'finished');
      return { winnerId: settled.winnerId };
    });
    if (!closed) return null;
    const match = await this.matches.findMatch(this.matches.runner, roomId, round);
    if (!match) throw new Error(`match ${roomId}#${round} vanished after settlement`);
    return { match, winnerId: closed.winnerId };
  }

  /**
   * What a released round (or one settled at once) does besides money: leaderboard aggregates and the win
   * notification, then both players' Glicko-2 ratings (decision 1701). Inside the caller's
   * transaction, exactly once per round. Not for void rounds.
   */
  async applyResult(manager: EntityManager, match: MatchRecord, outcome: MatchOutcome): Promise<void> {
    if (outcome === 'void') return;
    await recordRoundResult(manager, match.roomId, match.round);
    await this.ratings.rateSettledRound(manager, {
      gameId: match.gameId,
      player1Id: match.player1Id,
      player2Id: match.player2Id,
      outcome,
    });
  }

  /**
   * Both seats' fair-play signals of the round (decision 1802), replayed from its seed and input log, and both
   * players' evidence across rounds updated with it (decision 2701): the round whose evidence crosses the line flags
   * the account (`beyond_human_profile`, at most one open), and while that flag is open the seat carries a
   * `beyond_human_profile` signal, which holds the pot when that player wins.
   */
  private async judge(
    manager: EntityManager,
    match: MatchRecord,
    decision: RoundDecision,
  ): Promise<RoundFairPlayDto | null> {
    const log = Array.isArray(decision.inputLog) ? (decision.inputLog as ReplayLogEntry[]) : [];
    const judged = judgeRound({ gameId: match.gameId, seed: match.seed, timeLimitMs: match.timeLimitMs, log });
    if (!judged) return null;
    const playerIds: [string, string] = [match.player1Id, match.player2Id];
    const profiles = await this.evidence.recordRound(manager, {
      matchId: match.id,
      gameId: judged.gameId,
      playerIds,
      samples: judged.samples,
    });
    for (const seat of [0, 1] as const) {
      const profile = profiles[seat];
      if (profile.alarm) {
        await this.flags.flagAccount(manager, profile.userId, 'beyond_human_profile', {
          ...profile.evidence,
          match_id: match.id,
        });
      }
      if (await this.flags.hasOpenAccountFlag(manager, profile.userId, 'beyond_human_profile')) {
        const seatSignals = judged.seats[seat];
        seatSignals.signals.push({ kind: 'beyond_human_profile', score: 1, evidence: profile.evidence });
        seatSignals.score = Math.round((seatSignals.score + 1) * 100) / 100;
      }
    }
    return { seats: judged.seats };
  }
}
