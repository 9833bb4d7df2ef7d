import type { NotificationDto, NotificationType } from '@skillduel/contracts';
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
import { selectSession } from '../../features/session/sessionSlice';
import { useAppSelector } from '../hooks';
import '../../features/notifications/notifications.css';

const TYPE_ICONS: Record<NotificationType, LucideIcon> = {
  challenge: Swords,
  win: Trophy,
  level: Star,
  tournament: Award,
};

/**
 * Bell with the unread count and a dropdown of the signed-in user's stored notifications (PRODUCT.md §7), pushed over
 * the socket as they happen (useNotificationsPush), refetched on focus and, as a fallback, every
 * NOTIFICATIONS_POLL_MS. Guests have none and load nothing.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const signedIn = useAppSelector(selectSession).kind === 'signedIn';
  useNotificationsPush(signedIn);
  const { data } = useGetNotificationsQuery(undefined, {
    skip: !signedIn,
    pollingInterval: NOTIFICATIONS_POLL_MS,
    refetchOnFocus: true,
  });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, markAll] = useMarkAllNotificationsReadMutation();
  const [open, setOpen] = useState(false);
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
        onClick={() => setOpen((wasOpen) => !wasOpen)}
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

function NotificationItem({ notification, onMarkRead }: { notification: NotificationDto; onMarkRead: () => void }) {
  const { t, i18n } = useTranslation();
  const Icon = TYPE_ICONS[notification.type];
  return (
    <li
      className={notification.read ? 'notification-item' : 'notification-item is-unread'}
      data-testid="notification-item"
      data-type={notification.type}
    >
      <Icon aria-label={t(`notifications.types.${notification.type}`)} role="img" size={18} />
      <div>
        <h3>
          {notification.title}
          {!notification.read && <span className="visually-hidden"> ({t('notifications.unread')})</span>}
        </h3>
        <p>{notification.message}</p>
        <p className="muted">
          <time dateTime={notification.created_at}>
            {new Date(notification.created_at).toLocaleString(i18n.language)}
          </time>
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
