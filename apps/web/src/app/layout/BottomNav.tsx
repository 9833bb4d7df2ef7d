import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useNavItems } from './navItems';

/** The same five sections for phones (≤ 768 px); CSS shows one navigation or the other. */
export function BottomNav() {
  const { t } = useTranslation();
  const navItems = useNavItems();
  return (
    <nav className="bottom-nav" aria-label={t('nav.mobileLabel')}>
      <ul>
        {navItems.map(({ to, labelKey, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} className="bottom-nav-link">
              <Icon aria-hidden="true" size={22} />
              <span>{t(labelKey)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
