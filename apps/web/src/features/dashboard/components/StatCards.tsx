import type { User } from '@skillduel/contracts';
import { Coins, Medal, Star, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../app/format';
import { rankName } from '../../../app/rankName';

/** The rank a user without one shows: Bronze. */
const DEFAULT_RANK = 'Bronze';

/** Stat cards: Balance, Wins, Level, Rank — for signed-in users only. */
export function StatCards({ user }: { user: User }) {
  const { t } = useTranslation();
  const cards = [
    {
      id: 'balance',
      label: t('dashboard.stats.balance'),
      value: formatDollars(user.current_balance ?? user.balance ?? 0),
      icon: Coins,
    },
    { id: 'wins', label: t('dashboard.stats.wins'), value: String(user.stats?.total_wins ?? 0), icon: Trophy },
    { id: 'level', label: t('dashboard.stats.level'), value: String(user.level ?? 1), icon: Star },
    { id: 'rank', label: t('dashboard.stats.rank'), value: rankName(t, user.rank || DEFAULT_RANK), icon: Medal },
  ] as const;
  return (
    <section aria-label={t('dashboard.stats.label')}>
      <dl className="dash-stats" data-testid="stat-cards">
        {cards.map(({ id, label, value, icon: Icon }) => (
          <div key={id} className="card dash-stat" data-testid={`stat-${id}`}>
            <Icon aria-hidden="true" size={22} className="dash-stat-icon" />
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
