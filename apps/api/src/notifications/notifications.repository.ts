import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NotificationDto, NotificationType } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { queryRows } from '../database/sql';
import { insertNotifications, NewNotification } from './notifications.sql';

interface NotificationRow {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  read_at: Date | null;
  created_at: Date;
}

/** SQL of the notifications table. Every statement is scoped to the owner's user id. */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  insert(notifications: NewNotification[]): Promise<void> {
    return insertNotifications(this.dataSource.manager, notifications);
  }

  /**
   * Writes the notification unless one with the same `dedupeKey` was written for the user within `intervalSeconds`;
   * answers whether it was written. Concurrent calls with one key take turns (a transaction-scoped advisory lock).
   */
  async insertUnlessRecent(
    notification: NewNotification,
    dedupeKey: string,
    intervalSeconds: number,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `notification:${notification.userId}:${dedupeKey}`,
      ]);
      const rows = await queryRows<{ id: string }>(
        manager,
        `INSERT INTO notifications (user_id, type, title, message, dedupe_key)
         SELECT $1::uuid, $2::text, $3::text, $4::text, $5::text
          WHERE NOT EXISTS (
            SELECT 1 FROM notifications
             WHERE user_id = $1::uuid AND dedupe_key = $5::text
               AND created_at > now() - make_interval(secs => $6::int))
         RETURNING id`,
        [notification.userId, notification.type, notification.title, notification.message, dedupeKey, intervalSeconds],
      );
      return rows.length > 0;
    });
  }

  async list(userId: string, limit: number): Promise<NotificationDto[]> {
    const rows = await queryRows<NotificationRow>(
      this.dataSource.manager,
      `SELECT id, type, title, message, read_at, created_at FROM notifications
        WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      message: row.message,
      read: row.read_at !== null,
      created_at: row.created_at.toISOString(),
    }));
  }

  async unreadCount(userId: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      this.dataSource.manager,
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  }

  /** False when the notification does not exist or belongs to someone else. */
  async markRead(userId: string, notificationId: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource.manager,
      `WITH marked AS (
         UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $2 AND user_id = $1 RETURNING id)
       SELECT id FROM marked`,
      [userId, notificationId],
    );
    return rows.length === 1;
  }

  async markAllRead(userId: string): Promise<void> {
    await this.dataSource.query(`UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [
      userId,
    ]);
  }
}
