import { centsToDollars } from '@skillduel/contracts';
import { queryRows, SqlRunner } from '../database/sql';
import { insertNotifications, NewNotification } from '../notifications/notifications.sql';
import { PERIOD_KINDS, periodStart } from './leaderboard-periods';

/** One decided (not void) round between two registered players, as the aggregates need it. */
export interface RoundResult {
  player1Id: string;
  player2Id: string;
  /** null for a tie. */
  winnerId: string | null;
  betCents: bigint;
  /** What the winner received from the pot (stake included); 0 for a tie. */
  payoutCents: bigint;
  durationMs: number;
  /** Only completed games count for the Speed Demon card (a forfeit or a timeout is not "fast"). */
  completed: boolean;
  endedAt: Date;
}

export interface PlayerOutcome {
  userId: string;
  outcome: 'win' | 'loss' | 'tie';
  earningsCents: bigint;
}

/**
 * THE SETTLEMENT HOOK. Call inside the transaction that settles a round, right after the match row is closed
 * (rooms/match-settlement.service.ts): reads the closed match and applies its result to the leaderboard aggregates
 * and the win notifications — in the same transaction, so a round is counted exactly once or not at all.
 * Void rounds (refunds) count for nothing.
 *
 * XP is not awarded here: the rooms module awards it after settlement (LiveRoomsService.awardXp → UsersService.awardXp,
 * whose transaction also writes the level-up notification). See docs/decisions/0701.
 */
export async function recordRoundResult(runner: SqlRunner, roomId: string, round: number): Promise<PlayerOutcome[]> {
  const rows = await queryRows<{
    status: string;
    reason: string | null;
    player1_id: string;
    player2_id: string;
    winner_id: string | null;
    bet_cents: string;
    payout_cents: string | null;
    duration_ms: number | null;
    ended_at: Date;
  }>(
    runner,
    `SELECT status, reason, player1_id, player2_id, winner_id, bet_cents::text, payout_cents::text, duration_ms,
            ended_at
       FROM matches WHERE room_id = $1 AND round = $2`,
    [roomId, round],
  );
  const match = rows[0];
  if (!match || match.status !== 'finished') return [];
  return recordResult(runner, {
    player1Id: match.player1_id,
    player2Id: match.player2_id,
    winnerId: match.winner_id,
    betCents: BigInt(match.bet_cents),
    payoutCents: match.winner_id ? BigInt(match.payout_cents ?? '0') : 0n,
    durationMs: match.duration_ms ?? 0,
    completed: match.reason === 'completed',
    endedAt: match.ended_at,
  });
}

/**
 * Applies one result: both players' four period aggregates (all, month, week, day — keyed by the round's UTC end)
 * and the win notification. Rows are written in user id order so two settlements sharing a player cannot deadlock.
 */
export async function recordResult(runner: SqlRunner, result: RoundResult): Promise<PlayerOutcome[]> {
  const playerIds = [result.player1Id, result.player2Id].sort();
  const kinds = [...PERIOD_KINDS];
  const starts = kinds.map((kind) => periodStart(kind, result.endedAt));
  const outcomes: PlayerOutcome[] = [];
  const notifications: NewNotification[] = [];
  for (const userId of playerIds) {
    const outcome: PlayerOutcome['outcome'] =
      result.winnerId === null ? 'tie' : result.winnerId === userId ? 'win' : 'loss';
    const won = outcome === 'win';
    const earningsCents = won ? result.payoutCents - result.betCents : 0n;
    if (earningsCents < 0n) throw new Error(`negative earnings for ${userId}: payout below the stake`);
    await runner.query(
      `INSERT INTO leaderboard_stats AS s
              (user_id, period_kind, period_start, country, level, xp, games, wins, losses, ties, earnings_cents,
               current_streak, best_streak, max_bet_cents, fastest_win_ms)
       SELECT u.id, p.kind, p.start, u.country, u.level, u.xp, 1, $4, $5, $6, $7, $4, $4, $8, $9
         FROM users u, unnest($2::text[], $3::date[]) AS p(kind, start)
        WHERE u.id = $1
       ON CONFLICT (user_id, period_kind, period_start) DO UPDATE SET
              games = s.games + 1,
              wins = s.wins + EXCLUDED.wins,
              losses = s.losses + EXCLUDED.losses,
              ties = s.ties + EXCLUDED.ties,
              earnings_cents = s.earnings_cents + EXCLUDED.earnings_cents,
              current_streak = CASE WHEN EXCLUDED.wins = 1 THEN s.current_streak + 1 ELSE 0 END,
              best_streak = GREATEST(s.best_streak, CASE WHEN EXCLUDED.wins = 1 THEN s.current_streak + 1 ELSE 0 END),
              max_bet_cents = GREATEST(s.max_bet_cents, EXCLUDED.max_bet_cents),
              fastest_win_ms = LEAST(s.fastest_win_ms, EXCLUDED.fastest_win_ms),
              country = EXCLUDED.country, level = EXCLUDED.level, xp = EXCLUDED.xp,
              updated_at = now()`,
      [
        userId,
        kinds,
        starts,
        won ? 1 : 0,
        outcome === 'loss' ? 1 : 0,
        outcome === 'tie' ? 1 : 0,
        earningsCents.toString(),
        result.betCents.toString(),
        won && result.completed ? Math.max(0, Math.round(result.durationMs)) : null,
      ],
    );
    if (won) {
      notifications.push({
        userId,
        type: 'win',
        title: 'You won!',
        message: `You won a match and earned $${centsToDollars(earningsCents).toFixed(2)}.`,
      });
    }
    outcomes.push({ userId, outcome, earningsCents });
  }
  await insertNotifications(runner, notifications);
  return outcomes;
}
