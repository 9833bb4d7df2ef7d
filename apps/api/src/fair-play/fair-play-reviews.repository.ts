import { Injectable } from '@nestjs/common';
import {
  centsToDollars,
  type AdminFairPlayEvidenceDto,
  type AdminReviewDto,
  type FairPlayReviewStatus,
  type FairPlaySignalDto,
  type MatchOutcome,
  type RoundFairPlayDto,
  type RoundReviewDto,
} from '@skillduel/contracts';
import { returningRows } from '../database/returning';
import { queryRows, SqlRunner } from '../database/sql';

interface ReviewRow {
  match_id: string;
  room_id: string;
  round: number;
  game_id: string;
  bet_cents: string;
  held_user_id: string;
  held_username: string;
  opponent_id: string;
  opponent_username: string;
  score: string;
  status: FairPlayReviewStatus;
  decision_note: string | null;
  decided_at: Date | null;
  created_at: Date;
  fair_play_signals: RoundFairPlayDto | null;
  player1_id: string;
}

const REVIEW_SELECT = `SELECT r.match_id, m.room_id, m.round, m.game_id, m.bet_cents::text, r.held_user_id,
    hu.username AS held_username,
    CASE WHEN m.player1_id = r.held_user_id THEN m.player2_id ELSE m.player1_id END AS opponent_id,
    ou.username AS opponent_username, r.score::text, r.status, r.decision_note, r.decided_at, r.created_at,
    m.fair_play_signals, m.player1_id
  FROM fair_play_reviews r
  JOIN matches m ON m.id = r.match_id
  JOIN users hu ON hu.id = r.held_user_id
  JOIN users ou ON ou.id = CASE WHEN m.player1_id = r.held_user_id THEN m.player2_id ELSE m.player1_id END`;

/** The signal kinds of the held seat that made its score (what the players are told as the reason). */
function reasonsOf(signals: RoundFairPlayDto | null, seat: 0 | 1): FairPlaySignalDto['kind'][] {
  return (signals?.seats[seat]?.signals ?? []).map((signal) => signal.kind);
}

/** A review as the queue shows it; the four-eyes state (`pending_approval`) is added by the service. */
export type ReviewRecord = Omit<AdminReviewDto, 'pending_approval'>;

function toReviewDto(row: ReviewRow): ReviewRecord {
  const seat = row.held_user_id === row.player1_id ? 0 : 1;
  return {
    match_id: row.match_id,
    room_id: row.room_id,
    round: row.round,
    game_id: row.game_id,
    bet: centsToDollars(BigInt(row.bet_cents)),
    held_user_id: row.held_user_id,
    held_seat: seat,
    held_username: row.held_username,
    opponent_id: row.opponent_id,
    opponent_username: row.opponent_username,
    score: Number(row.score),
    status: row.status,
    reasons: reasonsOf(row.fair_play_signals, seat),
    signals: row.fair_play_signals,
    decision_note: row.decision_note,
    decided_at: row.decided_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** All SQL of fair-play evidence and the review queue (decision 1802). Money moves through RoomEscrowService. */
@Injectable()
export class FairPlayReviewsRepository {
  /** Keeps both seats' signals with the round (evidence even when nothing is held). */
  async saveSignals(runner: SqlRunner, matchId: string, signals: RoundFairPlayDto): Promise<void> {
    await runner.query(`UPDATE matches SET fair_play_signals = $2::jsonb WHERE id = $1`, [
      matchId,
      JSON.stringify(signals),
    ]);
  }

  async openReview(runner: SqlRunner, matchId: string, heldUserId: string, score: number): Promise<void> {
    await runner.query(`INSERT INTO fair_play_reviews (match_id, held_user_id, score) VALUES ($1, $2, $3)`, [
      matchId,
      heldUserId,
      score,
    ]);
  }

  /** Writes support's decision on a held round: paid as decided ('finished') or refunded ('void'). */
  async closeHeldMatch(
    runner: SqlRunner,
    matchId: string,
    closed: {
      status: 'finished' | 'void';
      outcome: MatchOutcome;
      winnerId: string | null;
      feeCents: bigint;
      payoutCents: bigint;
      settlementTransactionId: string;
    },
  ): Promise<void> {
    const rows = await returningRows<{ id: string }>(
      runner,
      `UPDATE matches SET status = $2, outcome = $3, winner_id = $4, fee_cents = $5, payout_cents = $6,
              settlement_transaction_id = $7
        WHERE id = $1 AND status = 'held' RETURNING id`,
      [
        matchId,
        closed.status,
        closed.outcome,
        closed.winnerId,
        closed.feeCents.toString(),
        closed.payoutCents.toString(),
        closed.settlementTransactionId,
      ],
    );
    if (rows.length !== 1) throw new Error(`held match ${matchId} changed under its room's row lock`);
  }

  async lockReview(runner: SqlRunner, matchId: string): Promise<{ status: FairPlayReviewStatus } | null> {
    if (!/^[0-9a-f-]{36}$/i.test(matchId)) return null;
    const rows = await queryRows<{ status: FairPlayReviewStatus }>(
      runner,
      `SELECT status FROM fair_play_reviews WHERE match_id = $1 FOR UPDATE`,
      [matchId],
    );
    return rows[0] ?? null;
  }

  async decide(
    runner: SqlRunner,
    matchId: string,
    status: Exclude<FairPlayReviewStatus, 'held'>,
    note: string,
    actorId: string,
  ): Promise<void> {
    await runner.query(
      `UPDATE fair_play_reviews SET status = $2, decision_note = $3, decided_by = $4, decided_at = now()
        WHERE match_id = $1 AND status = 'held'`,
      [matchId, status, note, actorId],
    );
  }

  async find(runner: SqlRunner, matchId: string): Promise<ReviewRecord | null> {
    if (!/^[0-9a-f-]{36}$/i.test(matchId)) return null;
    const rows = await queryRows<ReviewRow>(runner, `${REVIEW_SELECT} WHERE r.match_id = $1`, [matchId]);
    return rows[0] ? toReviewDto(rows[0]) : null;
  }

  async list(runner: SqlRunner, status: 'held' | 'all'): Promise<ReviewRecord[]> {
    const rows = await queryRows<ReviewRow>(
      runner,
      `${REVIEW_SELECT} WHERE $1::text = 'all' OR r.status = 'held' ORDER BY r.created_at DESC LIMIT 200`,
      [status],
    );
    return rows.map(toReviewDto);
  }

  /** What anyone may know of a round's review (GET /rooms/{id}/rounds/{n}); null if it was never held. */
  async roundReview(runner: SqlRunner, roomId: string, round: number): Promise<RoundReviewDto | null> {
    const rows = await queryRows<ReviewRow>(runner, `${REVIEW_SELECT} WHERE m.room_id = $1 AND m.round = $2`, [
      roomId,
      round,
    ]);
    if (!rows[0]) return null;
    const review = toReviewDto(rows[0]);
    return {
      status: review.status,
      reasons: review.reasons,
      decision_note: review.decision_note,
      decided_at: review.decided_at,
    };
  }

  /** A player's rounds with any fair-play signal, newest first (their admin page). */
  async evidenceOfUser(runner: SqlRunner, userId: string): Promise<AdminFairPlayEvidenceDto[]> {
    const rows = await queryRows<{
      match_id: string;
      room_id: string;
      round: number;
      game_id: string;
      seat: 0 | 1;
      fair_play_signals: RoundFairPlayDto;
      held: boolean;
      ended_at: Date;
    }>(
      runner,
      `SELECT m.id AS match_id, m.room_id, m.round, m.game_id,
              CASE WHEN m.player1_id = $1 THEN 0 ELSE 1 END AS seat, m.fair_play_signals,
              EXISTS (SELECT 1 FROM fair_play_reviews r WHERE r.match_id = m.id AND r.held_user_id = $1) AS held,
              m.ended_at
         FROM matches m
        WHERE (m.player1_id = $1 OR m.player2_id = $1) AND m.fair_play_signals IS NOT NULL
        ORDER BY m.ended_at DESC LIMIT 200`,
      [userId],
    );
    return rows
      .map((row) => {
        const seat = row.fair_play_signals.seats[row.seat];
        return {
          match_id: row.match_id,
          room_id: row.room_id,
          round: row.round,
          game_id: row.game_id,
          score: seat?.score ?? 0,
          signals: seat?.signals ?? [],
          held: row.held,
          ended_at: row.ended_at.toISOString(),
        };
      })
      .filter((evidence) => evidence.signals.length > 0)
      .slice(0, 50);
  }
}
