import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { queryRows, type SqlRunner } from '../../database/sql';

/** SQL for server-issued device ids (docs/decisions/2330): who each id is bound to, and who presented which. */
@Injectable()
export class DevicesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get runner(): SqlRunner {
    return this.dataSource.manager;
  }

  /**
   * Binds a device id to the first account and session that saw it (issued to it, or — for a signed id the database
   * has never seen — first presented by it). A later account presenting the same id never changes the binding.
   */
  async bindIfNew(deviceId: string, userId: string, sessionId: string | null): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO device_ids (id, first_user_id, first_session_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
      [deviceId, userId, sessionId],
    );
  }

  /** Records that the account presented this device id now; true when the account had never presented it before. */
  async recordSighting(userId: string, deviceId: string): Promise<boolean> {
    const rows = await queryRows<{ inserted: boolean }>(
      this.dataSource.manager,
      `INSERT INTO device_sightings (user_id, device_id) VALUES ($1, $2)
       ON CONFLICT (user_id, device_id) DO UPDATE SET last_seen_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [userId, deviceId],
    );
    return rows[0]?.inserted === true;
  }

  /** The distinct device ids the account presented within the last `windowDays` days, most recent first. */
  async recentDeviceIds(userId: string, windowDays: number): Promise<string[]> {
    const rows = await queryRows<{ device_id: string }>(
      this.dataSource.manager,
      `SELECT device_id FROM device_sightings
        WHERE user_id = $1 AND last_seen_at > now() - make_interval(days => $2)
        ORDER BY last_seen_at DESC, device_id`,
      [userId, windowDays],
    );
    return rows.map((row) => row.device_id);
  }
}
