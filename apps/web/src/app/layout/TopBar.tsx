import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { StaffNavLink } from '../../features/admin/StaffNavLink';
import { LanguageSwitch } from '../../features/language/LanguageSwitch';
import { useCurrentUser, useLogout } from '../../features/session/hooks';
import { ThemeToggle } from '../../features/theme/ThemeToggle';
import { formatDollars } from '../format';
import { Brand } from '../ui/Brand';
import { useNavItems } from './navItems';
import { NotificationBell } from './NotificationBell';

export function TopBar() {
  const { t } = useTranslation();
  const navItems = useNavItems();
  const user = useCurrentUser();
  const logout = useLogout();
  const [loggingOut, setLoggingOut] = useState(false);
  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
    }
  };
  const balance = user ? formatDollars(user.current_balance ?? user.balance ?? 0) : formatDollars(0);

  return (
    <header className="top-bar">
      <div className="top-bar-inner">
        <Brand to="/dashboard" />
        <nav className="top-nav" aria-label={t('nav.mainLabel')}>
          <ul>
            {navItems.map(({ to, labelKey, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} className="nav-link">
                  <Icon aria-hidden="true" size={18} />
                  <span>{t(labelKey)}</span>
                </NavLink>
              </li>
            ))}
            <StaffNavLink />
          </ul>
        </nav>
        <div className="top-bar-actions">
          <p className="balance" data-testid="balance">
            <span className="visually-hidden">{t('topBar.balance')}: </span>
            {balance}
          </p>
          <NotificationBell />
          <ThemeToggle />
          <LanguageSwitch />
          {user && (
            <div className="user-chip" data-testid="user-chip">
              <span className="avatar" aria-hidden="true">
                {user.username.charAt(0).toUpperCase()}
              </span>
              <span className="user-chip-text">
                <span className="user-chip-name">{user.username}</span>
                <span className="user-chip-level">{t('topBar.level', { level: user.level })}</span>
              </span>
            </div>
          )}
          <button
            type="button"
            className="button button-ghost logout-button"
            disabled={loggingOut}
            aria-busy={loggingOut || undefined}
            onClick={() => void onLogout()}
          >
            <LogOut aria-hidden="true" size={18} />
            <span className="logout-text">{t('topBar.logout')}</span>
          </button>
        </div>
      </div>
    </header>
  );
}
