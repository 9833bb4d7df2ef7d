import { UserPlus } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SIGN_UP_MODE } from '../../app/RouteGuards';
import { PageHeader } from '../../app/ui/PageHeader';
import { useSession } from '../session/hooks';
import { VerifyIdentityCard } from '../kyc/VerifyIdentityCard';
import { HistoryTab } from './HistoryTab';
import { ProfileHeader } from './ProfileHeader';
import { LimitsTab } from '../responsible-gaming/LimitsTab';
import { SecurityTab } from './security/SecurityTab';
import { SettingsTab } from './SettingsTab';
import { StatisticsTab } from './StatisticsTab';
import './profile.css';

const TABS = ['statistics', 'history', 'settings', 'security', 'limits'] as const;
type Tab = (typeof TABS)[number];

/**
 * Profile (docs/product/accounts.md#profile-page): header, then the Statistics, History, Settings and Security tabs.
 * Guests get a sign-up prompt.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  const [tab, setTab] = useState<Tab>('statistics');
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const id = useId();

  if (session.kind === 'anonymous') return null;
  if (session.kind === 'guest') {
    return (
      <section className="page profile-page">
        <PageHeader title={t('profile.title')} />
        <ProfileHeader user={session.user} />
        <div className="card profile-guest" data-testid="profile-guest-prompt">
          <h2>{t('profile.guest.title')}</h2>
          <p className="muted">{t('profile.guest.text')}</p>
          <Link className="button button-primary" to={`/?mode=${SIGN_UP_MODE}`}>
            <UserPlus aria-hidden="true" size={18} />
            <span>{t('profile.guest.signUp')}</span>
          </Link>
        </div>
      </section>
    );
  }

  const user = session.user;
  const select = (next: Tab) => {
    setTab(next);
    tabRefs.current[next]?.focus();
  };
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(TABS[(target + TABS.length) % TABS.length]);
  };

  return (
    <section className="page profile-page">
      <PageHeader title={t('profile.title')} />
      <ProfileHeader user={user} />
      <VerifyIdentityCard />
      <div className="profile-tabs segmented" role="tablist" aria-label={t('profile.tabs.label')}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className="profile-tab segmented-tab"
            data-testid={`profile-tab-${name}`}
            onClick={() => setTab(name)}
            onKeyDown={onTabKeyDown}
          >
            {t(`profile.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} className="profile-panel">
        {tab === 'statistics' && <StatisticsTab user={user} />}
        {tab === 'history' && <HistoryTab />}
        {tab === 'settings' && <SettingsTab user={user} />}
        {tab === 'security' && <SecurityTab user={user} />}
        {tab === 'limits' && <LimitsTab />}
      </div>
    </section>
  );
}
