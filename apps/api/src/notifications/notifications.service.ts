import { Injectable } from '@nestjs/common';
import { NOTIFICATIONS_LIST_LIMIT, NotificationsResponse } from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import { NotificationsRepository } from './notifications.repository';
import { NewNotification } from './notifications.sql';

/** The bell's notifications (PRODUCT.md §7). Wins and level-ups are written at settlement (leaderboard/round-results). */
@Injectable()
export class NotificationsService {
  constructor(private readonly notifications: NotificationsRepository) {}

  /** For other modules (e.g. "an opponent joined your room"). */
  notify(notification: NewNotification): Promise<void> {
    return this.notifications.insert([notification]);
  }

  async list(userId: string): Promise<NotificationsResponse> {
    const [notifications, unreadCount] = await Promise.all([
      this.notifications.list(userId, NOTIFICATIONS_LIST_LIMIT),
      this.notifications.unreadCount(userId),
    ]);
    return { notifications, unread_count: unreadCount };
  }

  async markRead(userId: string, notificationId: string): Promise<NotificationsResponse> {
    if (!(await this.notifications.markRead(userId, notificationId))) throw AppError.notFound();
    return this.list(userId);
  }

  async markAllRead(userId: string): Promise<NotificationsResponse> {
    await this.notifications.markAllRead(userId);
    return this.list(userId);
  }
}
