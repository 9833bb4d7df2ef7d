/** Stored per-user notifications under the bell (SPEC §2 Shared layout; PRODUCT.md §7). */
export const NOTIFICATION_TYPES = ['challenge', 'win', 'level', 'tournament'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationDto {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  created_at: string;
}

/** GET /notifications: newest first. */
export interface NotificationsResponse {
  notifications: NotificationDto[];
  unread_count: number;
}

export const NOTIFICATIONS_LIST_LIMIT = 30;

/** Texts of the notifications the server writes (stored as written; the bell shows them as they are). */
export const NOTIFICATION_TEXTS = {
  opponentJoinedTitle: 'Opponent joined',
  opponentJoined: (username: string, gameName: string, betDollars: string): string =>
    `${username} joined your ${gameName} room ($${betDollars} bet). Press Start when you are ready!`,
} as const;
