import { Injectable } from '@nestjs/common';
import type { AdminFlagDto } from '@skillduel/contracts';
import { queryRows, SqlRunner } from '../database/sql';

/** The money matches a settled round is judged with (decision 1602). */
export interface SettledMatchFacts {
  matchId: string;
  roomId: string;
  round: number;
  playerIds: [string, string];
  betCents: bigint;
  winnerId: string | null;
  /** Humanly impossible inputs per seat: the engine's flags (refused over a rate cap, or answered under a floor). */
  rejectedInputs: [number, number];
  /** Whether each seat sent any input at all. */
  sentInput: [boolean, boolean];
  /** FLAG_SHARED_IP: flag opponents whose latest sessions come from the same address. */
  checkSharedIp: boolean;
}

/** Thresholds of the signals (decision 1602). */
const FLAG_RULES = {
  /** Refused (humanly impossible) inputs in one round that make a flag. */
  rejectedInputsPerRound: 3,
  /** Money matches between the same two accounts within 24 hours that make a flag. */
  repeatPairingPerDay: 5,
  /** Rounds lost without a single input to the same opponent within 7 days that make a chip-dumping flag. */
  silentLossesPerWeek: 2,
  /** How recently both opponents must have used one device id for a shared-device flag. */
  sharedDeviceDays: 30,
} as const;

/**
 * Flags about an account as a whole, raised outside any round (decision 2330), or by the evidence across rounds
 * (`beyond_human_profile`, decision 2701: raised by the round that crossed the line, but about the account).
 */
export type AccountFlagKind = 'many_devices' | 'beyond_human_profile';

/**
 * Fair-play flags (decision 1602): created in the settlement transaction of a round (so exactly once per round and
 * signal), resolved by support. An open flag holds the user's withdrawals for review.
 */
@Injectable()
export class FairPlayFlagsRepository {
  async flagSettledRound(runner: SqlRunner, facts: SettledMatchFacts): Promise<void> {
    const [p1, p2] = facts.playerIds;
    for (const seat of [0, 1] as const) {
      const rejected = facts.rejectedInputs[seat];
      if (rejected >= FLAG_RULES.rejectedInputsPerRound) {
        await this.insert(runner, facts.playerIds[seat], facts.matchId, 'rejected_inputs', {
          room_id: facts.roomId,
          round: facts.round,
          rejected_inputs: rejected,
        });
      }
    }
    if (facts.checkSharedIp) {
      const ips = await queryRows<{ ip: string | null }>(
        runner,
        `SELECT (SELECT ip FROM auth_sessions s WHERE s.user_id = u.id ORDER BY last_used_at DESC LIMIT 1) AS ip
           FROM unnest($1::uuid[]) AS u(id)`,
        [[p1, p2]],
      );
      const [ip1, ip2] = ips.map((row) => row.ip);
      if (ip1 && ip1 === ip2) {
        for (const [userId, opponentId] of [
          [p1, p2],
          [p2, p1],
        ] as const) {
          await this.insert(runner, userId, facts.matchId, 'shared_ip', { opponent_id: opponentId, ip: ip1 });
        }
      }
    }
    await this.flagSharedDevice(runner, facts);
    const pairing = await queryRows<{ n: number }>(
      runner,
      `SELECT count(*)::int AS n FROM matches
        WHERE status = 'finished' AND ended_at > now() - interval '24 hours' AND id <> $3
          AND ((player1_id = $1 AND player2_id = $2) OR (player1_id = $2 AND player2_id = $1))`,
      [p1, p2, facts.matchId],
    );
    const together = (pairing[0]?.n ?? 0) + 1; // the other rounds, plus this one
    if (together >= FLAG_RULES.repeatPairingPerDay) {
      for (const [userId, opponentId] of [
        [p1, p2],
        [p2, p1],
      ] as const) {
        await this.insert(runner, userId, facts.matchId, 'repeat_pairing', {
          opponent_id: opponentId,
          matches_in_24h: together,
        });
      }
    }
    if (facts.winnerId) {
      const loserSeat = facts.playerIds[0] === facts.winnerId ? 1 : 0;
      const loserId = facts.playerIds[loserSeat];
      if (!facts.sentInput[loserSeat]) {
        const silent = await queryRows<{ n: number; pot_cents: string }>(
          runner,
          `SELECT count(*)::int AS n, coalesce(sum(pot_cents), 0)::text AS pot_cents FROM matches m
            WHERE m.status = 'finished' AND m.winner_id = $1 AND m.ended_at > now() - interval '7 days' AND m.id <> $3
              AND (m.player1_id = $2 OR m.player2_id = $2)
              AND NOT EXISTS (
                SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(m.input_log) = 'array' THEN m.input_log ELSE '[]'::jsonb END) e
                 WHERE (e->>'seat')::int = CASE WHEN m.player1_id = $2 THEN 0 ELSE 1 END)`,
          [facts.winnerId, loserId, facts.matchId],
        );
        const losses = (silent[0]?.n ?? 0) + 1;
        if (losses >= FLAG_RULES.silentLossesPerWeek) {
          const evidence = {
            winner_id: facts.winnerId,
            loser_id: loserId,
            silent_losses_in_7_days: losses,
            pots_cents_before_this_round: silent[0]?.pot_cents ?? '0',
            bet_cents: facts.betCents.toString(),
          };
          await this.insert(runner, loserId, facts.matchId, 'chip_dumping', evidence);
          await this.insert(runner, facts.winnerId, facts.matchId, 'chip_dumping', evidence);
        }
      }
    }
  }

  /**
   * A seat whose timing signals of the round (decision 1802) reach the hold score: a flag on the user and the match,
   * with the signals as evidence — for the loser too, whose round pays nothing to hold.
   */
  async flagInhumanTiming(
    runner: SqlRunner,
    userId: string,
    matchId: string,
    evidence: { score: number; signals: unknown[] },
  ): Promise<void> {
    await this.insert(runner, userId, matchId, 'inhuman_timing', evidence);
  }

  /**
   * A flag on the account itself, not on a round (no match): at most one open per account and kind (a partial unique
   * index), so a signal that keeps firing waits for support's decision instead of filling the queue.
   */
  async flagAccount(
    runner: SqlRunner,
    userId: string,
    kind: AccountFlagKind,
    evidence: Record<string, unknown>,
  ): Promise<void> {
    await this.insert(runner, userId, null, kind, evidence);
  }

  /** Whether the account has an open flag of this kind (an open `beyond_human_profile` flag holds its winnings). */
  async hasOpenAccountFlag(runner: SqlRunner, userId: string, kind: AccountFlagKind): Promise<boolean> {
    const rows = await queryRows<{ open: boolean }>(
      runner,
      `SELECT EXISTS (SELECT 1 FROM fair_play_flags WHERE user_id = $1 AND kind = $2 AND status = 'open') AS open`,
      [userId, kind],
    );
    return rows[0]?.open ?? false;
  }

  async hasOpenFlags(runner: SqlRunner, userId: string): Promise<boolean> {
    const rows = await queryRows<{ open: boolean }>(
      runner,
      `SELECT EXISTS (SELECT 1 FROM fair_play_flags WHERE user_id = $1 AND status = 'open') AS open`,
      [userId],
    );
    return rows[0]?.open ?? false;
  }

  async list(runner: SqlRunner, filter: { status: 'open' | 'all'; userId?: string }): Promise<AdminFlagDto[]> {
    const rows = await queryRows<Omit<AdminFlagDto, 'created_at'> & { created_at: Date }>(
      runner,
      `SELECT f.id, f.user_id, u.username, f.match_id, m.room_id, m.round, f.kind, f.evidence, f.status,
              f.resolution_note, f.created_at
         FROM fair_play_flags f JOIN users u ON u.id = f.user_id LEFT JOIN matches m ON m.id = f.match_id
        WHERE ($1::text = 'all' OR f.status = 'open') AND ($2::uuid IS NULL OR f.user_id = $2)
        ORDER BY f.created_at DESC LIMIT 200`,
      [filter.status, filter.userId ?? null],
    );
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  async lockFlag(
    runner: SqlRunner,
    flagId: string,
  ): Promise<{ id: string; user_id: string; match_id: string | null; status: string; kind: string } | null> {
    if (!/^[0-9a-f-]{36}$/i.test(flagId)) return null;
    const rows = await queryRows<{
      id: string;
      user_id: string;
      match_id: string | null;
      status: string;
      kind: string;
    }>(runner, `SELECT id, user_id, match_id, status, kind FROM fair_play_flags WHERE id = $1 FOR UPDATE`, [flagId]);
    return rows[0] ?? null;
  }

  async resolve(
    runner: SqlRunner,
    flagId: string,
    status: 'dismissed' | 'warned' | 'frozen',
    note: string,
    actorId: string,
  ): Promise<void> {
    await runner.query(
      `UPDATE fair_play_flags SET status = $2, resolution_note = $3, resolved_by = $4, resolved_at = now() WHERE id = $1`,
      [flagId, status, note, actorId],
    );
  }

  /**
   * Opponents who used one server-issued device id (decision 2330) within 30 days: always flagged, unlike a shared IP
   * address, since a device id is one browser profile, not a household or a carrier's NAT. An id counts for a player
   * who presented it or to whom it was issued; ids the server did not sign never reach the tables. The flag goes only
   * on a player the id was NOT first issued to: whoever presents someone else's id (a second account in the same
   * browser, or a copied cookie) is flagged, never the id's first holder, so copying an id cannot plant a flag on it.
   */
  private async flagSharedDevice(runner: SqlRunner, facts: SettledMatchFacts): Promise<void> {
    const [p1, p2] = facts.playerIds;
    const shared = await queryRows<{ device_id: string; first_user_id: string }>(
      runner,
      `WITH used AS (
         SELECT device_id, user_id FROM device_sightings
          WHERE user_id = ANY($1::uuid[]) AND last_seen_at > now() - make_interval(days => $2)
         UNION
         SELECT id, first_user_id FROM device_ids
          WHERE first_user_id = ANY($1::uuid[]) AND first_seen_at > now() - make_interval(days => $2)
       )
       SELECT d.id AS device_id, d.first_user_id FROM used u JOIN device_ids d ON d.id = u.device_id
        GROUP BY d.id, d.first_user_id HAVING count(DISTINCT u.user_id) = 2
        ORDER BY d.id LIMIT 20`,
      [[p1, p2], FLAG_RULES.sharedDeviceDays],
    );
    for (const [userId, opponentId] of [
      [p1, p2],
      [p2, p1],
    ] as const) {
      const device = shared.find((candidate) => candidate.first_user_id !== userId);
      if (!device) continue;
      await this.insert(runner, userId, facts.matchId, 'shared_device', {
        opponent_id: opponentId,
        device_id: device.device_id,
        device_first_user_id: device.first_user_id,
      });
    }
  }

  /** Every flag goes in here; a replayed round or a repeated account signal is a no-op (the unique indexes). */
  private async insert(
    runner: SqlRunner,
    userId: string,
    matchId: string | null,
    kind: string,
    evidence: Record<string, unknown>,
  ): Promise<void> {
    await runner.query(
      `INSERT INTO fair_play_flags (user_id, match_id, kind, evidence) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT DO NOTHING`,
      [userId, matchId, kind, JSON.stringify(evidence)],
    );
  }
}
