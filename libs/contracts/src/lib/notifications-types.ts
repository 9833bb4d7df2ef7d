/** Stored per-user notifications under the bell (docs/product/leaderboard.md#notifications). */
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
  /** A matched room neither player opened in time: cancelled by the room expiry, both stakes refunded. */
  matchNotOpenedTitle: 'Match cancelled',
  matchNotOpened: (gameName: string, betDollars: string): string =>
    `Your ${gameName} match ($${betDollars} bet) was not opened in time, so it was cancelled and your stake was refunded.`,
  /** A won match: the pot paid out and the net gain, the figures every other screen shows too. */
  wonTitle: 'You won!',
  won: (payoutDollars: string, netDollars: string): string => `You won $${payoutDollars} (+$${netDollars} net).`,
} as const;

/** The figures of a `won` text ("10.00", "5.00"), so the web app can show it in the reader's language. */
export function parseWonNotification(message: string): { payoutDollars: string; netDollars: string } | null {
  const match = /^You won \$(\d+\.\d{2}) \(\+\$(\d+\.\d{2}) net\)\.$/.exec(message);
  return match ? { payoutDollars: match[1], netDollars: match[2] } : null;
}
