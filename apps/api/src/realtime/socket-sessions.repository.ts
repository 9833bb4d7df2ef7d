import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { queryRows } from '../database/sql';

/** The one query the socket layer needs about sessions: which of these are still live (one round trip for all). */
@Injectable()
export class SocketSessionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async liveSessionIds(sessionIds: readonly string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await queryRows<{ id: string }>(
      this.dataSource.manager,
      `SELECT id FROM auth_sessions WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL AND expires_at > now()`,
      [sessionIds],
    );
    return new Set(rows.map((row) => row.id));
  }

  async isLive(sessionId: string): Promise<boolean> {
    return (await this.liveSessionIds([sessionId])).has(sessionId);
  }
}
