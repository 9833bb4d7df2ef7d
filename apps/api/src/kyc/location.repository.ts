import { Injectable } from '@nestjs/common';
import type { LocationCheckedAction } from '@skillduel/contracts';
import { queryRows, SqlRunner } from '../database/sql';

/** What support sees on a `location_mismatch` flag. */
export interface LocationMismatch {
  declaredCountry: string;
  ipCountry: string;
  ip: string;
  action: LocationCheckedAction;
}

/** The SQL of the location checks: the declared country, and the flag a mismatch raises. */
@Injectable()
export class LocationRepository {
  /** The country the player declared when confirming eligibility; null before that. */
  async declaredCountry(runner: SqlRunner, userId: string): Promise<string | null> {
    const rows = await queryRows<{ country: string }>(
      runner,
      `SELECT country FROM rg_eligibility WHERE user_id = $1 AND status = 'eligible'`,
      [userId],
    );
    return rows[0]?.country ?? null;
  }

  /**
   * Opens a `location_mismatch` fair-play flag for support, unless one is already open for this player (the partial
   * unique index keeps it to one): the action goes ahead either way.
   */
  async flagMismatch(runner: SqlRunner, userId: string, mismatch: LocationMismatch): Promise<void> {
    await queryRows(
      runner,
      `INSERT INTO fair_play_flags (user_id, match_id, kind, evidence)
       VALUES ($1, NULL, 'location_mismatch', $2::jsonb)
       ON CONFLICT ("user_id") WHERE "kind" = 'location_mismatch' AND "status" = 'open' DO NOTHING`,
      [
        userId,
        JSON.stringify({
          declared_country: mismatch.declaredCountry,
          ip_country: mismatch.ipCountry,
          ip: mismatch.ip,
          action: mismatch.action,
        }),
      ],
    );
  }
}
