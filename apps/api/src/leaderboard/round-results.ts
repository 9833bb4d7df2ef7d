import { centsToDollars, NOTIFICATION_TEXTS } from '@skillduel/contracts';
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
 * XP is not awarded here: the rooms module grants it after settlement (MatchXpService.grant → UsersService.awardXp,
 * whose transaction also writes the level-up notification). See docs/decisions/0606.
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
 * Applies one result: both players' four period aggregates (all, month, week, day — keyed by the round's UTC end),
 * the rank counters those rows feed (docs/decisions/0703) and the win notification.
 *
 * One statement writes the eight aggregate rows in (user id, period kind) order — the primary-key order, so two
 * settlements sharing a player, or a settlement and the users trigger, lock a player's rows in the same order —
 * and then moves the rank counters from the rows' old versions to the new ones (`RETURNING old/new`) in one upsert
 * sorted by counter key: counters are the last rows these transactions lock, always in the same order, so
 * concurrent settlements cannot deadlock on them.
 */
export async function recordResult(runner: SqlRunner, result: RoundResult): Promise<PlayerOutcome[]> {
  const playerIds = [result.player1Id, result.player2Id].sort();
  const outcomes: PlayerOutcome[] = playerIds.map((userId) => {
    const outcome: PlayerOutcome['outcome'] =
      result.winnerId === null ? 'tie' : result.winnerId === userId ? 'win' : 'loss';
    const earningsCents = outcome === 'win' ? result.payoutCents - result.betCents : 0n;
    if (earningsCents < 0n) throw new Error(`negative earnings for ${userId}: payout below the stake`);
    return { userId, outcome, earningsCents };
  });
  const rows = outcomes.flatMap(({ userId, outcome, earningsCents }) =>
    PERIOD_KINDS.map((kind) => ({ userId, kind, start: periodStart(kind, result.endedAt), outcome, earningsCents })),
  );
  const won = (row: (typeof rows)[number]) => row.outcome === 'win';
  await runner.query(
    `WITH changed AS (
       INSERT INTO leaderboard_stats AS s
              (user_id, period_kind, period_start, country, level, xp, games, wins, losses, ties, earnings_cents,
               current_streak, best_streak, max_bet_cents, fastest_win_ms)
       SELECT u.id, r.kind, r.start, u.country, u.level, u.xp, 1, r.wins, r.losses, r.ties, r.earnings_cents,
              r.wins, r.wins, $8::bigint, r.fastest_win_ms
         FROM unnest($1::uuid[], $2::text[], $3::date[], $4::int[], $5::int[], $6::int[], $7::bigint[], $9::int[])
              AS r(user_id, kind, start, wins, losses, ties, earnings_cents, fastest_win_ms)
         JOIN users u ON u.id = r.user_id
        ORDER BY r.user_id, r.kind
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
              updated_at = now()
       RETURNING WITH (OLD AS o, NEW AS n) o AS before, n AS after)
     SELECT leaderboard_rank_counts_apply(array_agg(before), array_agg(after)) AS counters FROM changed`,
    [
      rows.map((row) => row.userId),
      rows.map((row) => row.kind),
      rows.map((row) => row.start),
      rows.map((row) => (won(row) ? 1 : 0)),
      rows.map((row) => (row.outcome === 'loss' ? 1 : 0)),
      rows.map((row) => (row.outcome === 'tie' ? 1 : 0)),
      rows.map((row) => row.earningsCents.toString()),
      result.betCents.toString(),
      rows.map((row) => (won(row) && result.completed ? Math.max(0, Math.round(result.durationMs)) : null)),
    ],
  );
  const notifications: NewNotification[] = outcomes
    .filter(({ outcome }) => outcome === 'win')
    .map(({ userId, earningsCents }) => ({
      userId,
      type: 'win' as const,
      title: NOTIFICATION_TEXTS.wonTitle,
      message: NOTIFICATION_TEXTS.won(
        centsToDollars(result.payoutCents).toFixed(2),
        centsToDollars(earningsCents).toFixed(2),
      ),
    }));
  await insertNotifications(runner, notifications);
  return outcomes;
}
