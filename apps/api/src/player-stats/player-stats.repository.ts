import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { MatchHistoryResult } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { queryRows } from '../database/sql';

export interface TotalsRow {
  games: number;
  wins: number;
  losses: number;
  ties: number;
  earningsCents: bigint;
}

export interface GameRow {
  gameId: string;
  name: string;
  icon: string;
  played: number;
  wins: number;
}

export interface DayRow {
  date: string;
  earningsCents: bigint;
}

export interface HistoryRow {
  id: string;
  roomId: string;
  round: number;
  gameId: string;
  gameName: string;
  gameIcon: string;
  opponentId: string;
  opponentUsername: string;
  betCents: bigint;
  result: MatchHistoryResult;
  score: number | null;
  opponentScore: number | null;
  netCents: bigint;
  endedAt: Date;
}

/** One user's figures: totals and days from the leaderboard aggregates, per-game and history from their matches. */
@Injectable()
export class PlayerStatsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async totals(userId: string): Promise<TotalsRow> {
    const rows = await queryRows<{ games: number; wins: number; losses: number; ties: number; earnings: string }>(
      this.dataSource.manager,
      `SELECT games, wins, losses, ties, earnings_cents::text AS earnings FROM leaderboard_stats
        WHERE user_id = $1 AND period_kind = 'all'`,
      [userId],
    );
    const row = rows[0];
    return row
      ? { games: row.games, wins: row.wins, losses: row.losses, ties: row.ties, earningsCents: BigInt(row.earnings) }
      : { games: 0, wins: 0, losses: 0, ties: 0, earningsCents: 0n };
  }

  /** The latest `days` days played, oldest first. */
  async recentDays(userId: string, days: number): Promise<DayRow[]> {
    const rows = await queryRows<{ date: string; earnings: string }>(
      this.dataSource.manager,
      `SELECT to_char(period_start, 'YYYY-MM-DD') AS date, earnings_cents::text AS earnings FROM (
         SELECT period_start, earnings_cents FROM leaderboard_stats
          WHERE user_id = $1 AND period_kind = 'day' ORDER BY period_start DESC LIMIT $2) d
        ORDER BY period_start`,
      [userId, days],
    );
    return rows.map((row) => ({ date: row.date, earningsCents: BigInt(row.earnings) }));
  }

  /** Decided matches per game (through the matches' per-player indexes; one user's rows only). */
  async perGame(userId: string): Promise<GameRow[]> {
    const rows = await queryRows<{ game_id: string; name: string; icon: string; played: number; wins: number }>(
      this.dataSource.manager,
      `SELECT m.game_id, g.name, g.icon, count(*)::int AS played,
              count(*) FILTER (WHERE m.winner_id = $1)::int AS wins
         FROM (SELECT game_id, winner_id FROM matches WHERE player1_id = $1 AND status = 'finished'
               UNION ALL
               SELECT game_id, winner_id FROM matches WHERE player2_id = $1 AND status = 'finished') m
         JOIN games g ON g.id = m.game_id
        GROUP BY m.game_id, g.name, g.icon
        ORDER BY played DESC, m.game_id`,
      [userId],
    );
    return rows.map((row) => ({
      gameId: row.game_id,
      name: row.name,
      icon: row.icon,
      played: row.played,
      wins: row.wins,
    }));
  }

  async history(userId: string, offset: number, limit: number): Promise<{ rows: HistoryRow[]; total: number }> {
    // A round held for fair-play review (decision 1802) is listed too: nothing was paid or lost yet, so its net is 0.
    const mine = `SELECT m.*, 0 AS seat FROM matches m WHERE m.player1_id = $1 AND m.status IN ('finished','void','held')
                  UNION ALL
                  SELECT m.*, 1 AS seat FROM matches m WHERE m.player2_id = $1 AND m.status IN ('finished','void','held')`;
    const rows = await queryRows<{
      id: string;
      room_id: string;
      round: number;
      game_id: string;
      game_name: string;
      game_icon: string;
      opponent_id: string;
      opponent_username: string;
      bet_cents: string;
      result: MatchHistoryResult;
      score: number | null;
      opponent_score: number | null;
      net_cents: string;
      ended_at: Date;
    }>(
      this.dataSource.manager,
      `SELECT h.id, h.room_id, h.round, h.game_id, g.name AS game_name, g.icon AS game_icon,
              o.id AS opponent_id, o.username AS opponent_username, h.bet_cents::text AS bet_cents,
              CASE WHEN h.status = 'held' THEN 'held'
                   WHEN h.status = 'void' OR d.decision = 'void' THEN 'void' WHEN h.winner_id IS NULL THEN 'tie'
                   WHEN d.decision = 'award_other' THEN CASE WHEN h.winner_id = $1 THEN 'loss' ELSE 'win' END
                   WHEN h.winner_id = $1 THEN 'win' ELSE 'loss' END AS result,
              CASE WHEN h.seat = 0 THEN h.player1_display_score ELSE h.player2_display_score END AS score,
              CASE WHEN h.seat = 0 THEN h.player2_display_score ELSE h.player1_display_score END AS opponent_score,
              (CASE WHEN h.status IN ('void','held') OR d.decision = 'void' OR h.winner_id IS NULL THEN 0
                    WHEN (h.winner_id = $1) <> (d.decision IS NOT DISTINCT FROM 'award_other')
                      THEN coalesce(h.payout_cents, 0) - h.bet_cents
                    ELSE -h.bet_cents END)::text AS net_cents,
              h.ended_at
         FROM (${mine}) h
         JOIN games g ON g.id = h.game_id
         JOIN users o ON o.id = CASE WHEN h.seat = 0 THEN h.player2_id ELSE h.player1_id END
         -- A dispute decided by support (decision 1602) changes what the round meant for the player.
         LEFT JOIN LATERAL (
           SELECT t.metadata->>'decision' AS decision FROM ledger_transactions t
            WHERE t.idempotency_key = 'dispute:' || h.id || ':reversal'
         ) d ON true
        ORDER BY h.ended_at DESC, h.id DESC
        LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    const counted = await queryRows<{ n: number }>(
      this.dataSource.manager,
      `SELECT count(*)::int AS n FROM (${mine}) h`,
      [userId],
    );
    return {
      total: counted[0]?.n ?? 0,
      rows: rows.map((row) => ({
        id: row.id,
        roomId: row.room_id,
        round: row.round,
        gameId: row.game_id,
        gameName: row.game_name,
        gameIcon: row.game_icon,
        opponentId: row.opponent_id,
        opponentUsername: row.opponent_username,
        betCents: BigInt(row.bet_cents),
        result: row.result,
        score: row.score,
        opponentScore: row.opponent_score,
        netCents: BigInt(row.net_cents),
        endedAt: row.ended_at,
      })),
    };
  }
}
