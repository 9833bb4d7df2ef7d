import type { NotificationType } from '@skillduel/contracts';
import { SqlRunner } from '../database/sql';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
}

/**
 * Inserts notifications with the given runner (a plain function so settlement can write them inside its own
 * transaction without depending on this module).
 */
export async function insertNotifications(runner: SqlRunner, notifications: NewNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  await runner.query(
    `INSERT INTO notifications (user_id, type, title, message)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[])`,
    [
      notifications.map((n) => n.userId),
      notifications.map((n) => n.type),
      notifications.map((n) => n.title),
      notifications.map((n) => n.message),
    ],
  );
}
