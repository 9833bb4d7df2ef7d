import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Bell with unread count and a dropdown. Notifications have no data source yet (PRODUCT.md §7 brings
 * real ones), so the list is empty and the count is 0.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const unreadCount = 0;

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
          <p className="dropdown-empty">{t('topBar.noNotifications')}</p>
        </div>
      )}
    </div>
  );
}
