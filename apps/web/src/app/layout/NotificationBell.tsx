import { formatDateTime } from '../dates';
import { parseWonNotification, type NotificationDto, type NotificationType } from '@skillduel/contracts';
import type { TFunction } from 'i18next';
import { Bell, Star, Swords, Trophy, Award, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATIONS_POLL_MS,
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '../../features/notifications/notificationsApi';
import { useNotificationsPush } from '../../features/notifications/useNotificationsPush';
import { useWalletPush } from '../../features/wallet/useWalletPush';
import { selectSession } from '../../features/session/sessionSlice';
import { useAppSelector } from '../hooks';
import '../../features/notifications/notifications.css';

const TYPE_ICONS: Record<NotificationType, LucideIcon> = {
  challenge: Swords,
  win: Trophy,
  level: Star,
  tournament: Award,
};

/** The server writes notifications in English; the ones with known figures are shown in the reader's language. */
function notificationText(t: TFunction, notification: NotificationDto): { title: string; message: string } {
  const won = notification.type === 'win' ? parseWonNotification(notification.message) : null;
  if (won) {
    return {
      title: t('notifications.wonTitle'),
      message: t('notifications.won', { payout: `$${won.payoutDollars}`, net: `+$${won.netDollars}` }),
    };
  }
  return { title: notification.title, message: notification.message };
}

/**
 * Bell with the unread count and a dropdown of the signed-in user's stored notifications
 * (docs/product/leaderboard.md#notifications), pushed over the socket as they happen (useNotificationsPush), refetched
 * on focus and, as a fallback, every NOTIFICATIONS_POLL_MS. Guests have none and load nothing.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const signedIn = useAppSelector(selectSession).kind === 'signedIn';
  useNotificationsPush(signedIn);
  useWalletPush(signedIn);
  const { data } = useGetNotificationsQuery(undefined, {
    skip: !signedIn,
    pollingInterval: NOTIFICATIONS_POLL_MS,
    refetchOnFocus: true,
  });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, markAll] = useMarkAllNotificationsReadMutation();
  const [open, setOpen] = useState(false);
  // What was unread when the panel opened: marked read at once, still highlighted while it stays open.
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const notifications = signedIn ? (data?.notifications ?? []) : [];
  const unreadCount = signedIn ? (data?.unread_count ?? 0) : 0;

  useEffect(() => {
    if (!open) return undefined;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const label = unreadCount > 0 ? t('topBar.notificationsUnread', { count: unreadCount }) : t('topBar.notifications');
  return (
    <div className="notification-bell" ref={containerRef}>
      <button
        type="button"
        className="icon-button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="notification-bell"
        onClick={() => {
          if (!open) {
            const shownUnread = notifications.filter((notification) => !notification.read);
            setFreshIds(new Set(shownUnread.map((notification) => notification.id)));
            // Opening the panel reads what it shows: all of it in one request when every unread item is listed.
            if (shownUnread.length > 0 && shownUnread.length >= unreadCount) {
              void markAllRead()
                .unwrap()
                .catch(() => undefined);
            } else {
              for (const notification of shownUnread) {
                void markRead(notification.id)
                  .unwrap()
                  .catch(() => undefined);
              }
            }
          }
          setOpen(!open);
        }}
      >
        <Bell aria-hidden="true" size={20} />
        {unreadCount > 0 && (
          <span className="badge-count" aria-hidden="true" data-testid="notification-count">
            {unreadCount}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} className="dropdown" role="region" aria-label={t('topBar.notifications')}>
          {notifications.length === 0 ? (
            <p className="dropdown-empty">{t('topBar.noNotifications')}</p>
          ) : (
            <>
              {unreadCount > 0 && (
                <div className="notification-actions">
                  <button
                    type="button"
                    className="link-button"
                    disabled={markAll.isLoading}
                    onClick={() =>
                      void markAllRead()
                        .unwrap()
                        .catch(() => undefined)
                    }
                  >
                    {t('notifications.markAllRead')}
                  </button>
                </div>
              )}
              <ul className="notification-list">
                {notifications.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    fresh={freshIds.has(notification.id)}
                    onMarkRead={() =>
                      void markRead(notification.id)
                        .unwrap()
                        .catch(() => undefined)
                    }
                  />
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}

function NotificationItem({
  notification,
  fresh,
  onMarkRead,
}: {
  notification: NotificationDto;
  /** Unread when the panel opened (now read): still shown as new. */
  fresh: boolean;
  onMarkRead: () => void;
}) {
  const { t, i18n } = useTranslation();
  const Icon = TYPE_ICONS[notification.type];
  const text = notificationText(t, notification);
  return (
    <li
      className={notification.read && !fresh ? 'notification-item' : 'notification-item is-unread'}
      data-testid="notification-item"
      data-type={notification.type}
    >
      <Icon aria-label={t(`notifications.types.${notification.type}`)} role="img" size={18} />
      <div>
        <h3>
          {text.title}
          {(!notification.read || fresh) && <span className="visually-hidden"> ({t('notifications.unread')})</span>}
        </h3>
        <p>{text.message}</p>
        <p className="muted">
          <time dateTime={notification.created_at}>{formatDateTime(notification.created_at, i18n.language)}</time>
        </p>
        {!notification.read && (
          <button type="button" className="link-button" onClick={onMarkRead}>
            {t('notifications.markRead')}
          </button>
        )}
      </div>
    </li>
  );
}
