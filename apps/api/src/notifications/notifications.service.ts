import { Injectable, Logger } from '@nestjs/common';
import { NOTIFICATIONS_LIST_LIMIT, NotificationsResponse, SERVER_EVENTS } from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import { RealtimeServer } from '../realtime/realtime.server';
import { CHANNELS } from '../realtime/realtime.types';
import { NotificationsRepository } from './notifications.repository';
import { NewNotification } from './notifications.sql';

/**
 * The bell's notifications (docs/product/leaderboard.md#notifications). Wins and level-ups are written at settlement
 * (leaderboard/round-results), other modules call `notify`. Every change is pushed to the user's own sockets
 * (`notifications:changed`, on any instance through the adapter); the bell also refetches on focus and on a slow poll,
 * so a lost push only delays it.
 */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly realtime: RealtimeServer,
  ) {}

  /** Stores a notification and pushes the new unread count. */
  async notify(notification: NewNotification): Promise<void> {
    await this.notifications.insert([notification]);
    await this.pushChanged([notification.userId]);
  }

  /**
   * Stores a notification unless the same thing (`dedupeKey`) was already told to the user within `intervalSeconds`,
   * and pushes the new unread count when it was stored. Answers whether it was stored.
   */
  async notifyAtMostEvery(notification: NewNotification, dedupeKey: string, intervalSeconds: number): Promise<boolean> {
    if (intervalSeconds === 0) {
      await this.notify(notification);
      return true;
    }
    const written = await this.notifications.insertUnlessRecent(notification, dedupeKey, intervalSeconds);
    if (written) await this.pushChanged([notification.userId]);
    return written;
  }

  /**
   * Tells each user's open sockets their unread count (after notifications were written elsewhere, e.g. in a
   * settlement transaction that has committed). Best effort: never throws.
   */
  async pushChanged(userIds: readonly string[]): Promise<void> {
    for (const userId of new Set(userIds)) {
      try {
        const unreadCount = await this.notifications.unreadCount(userId);
        this.realtime.emitTo(CHANNELS.user(userId), SERVER_EVENTS.notificationsChanged, { unread_count: unreadCount });
      } catch (error) {
        this.logger.warn({ err: error, userId }, 'Notification push failed');
      }
    }
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
    return this.listAndPush(userId);
  }

  async markAllRead(userId: string): Promise<NotificationsResponse> {
    await this.notifications.markAllRead(userId);
    return this.listAndPush(userId);
  }

  /** The caller gets the list; the user's other tabs and devices get the new count. */
  private async listAndPush(userId: string): Promise<NotificationsResponse> {
    const answer = await this.list(userId);
    this.realtime.emitTo(CHANNELS.user(userId), SERVER_EVENTS.notificationsChanged, {
      unread_count: answer.unread_count,
    });
    return answer;
  }
}
