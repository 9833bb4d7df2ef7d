import type { User } from '@skillduel/contracts';
import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../app/format';

/**
 * The user's own figures from the server (PRODUCT.md §7: real data, never sample figures). Until match results
 * exist the page says so instead of inventing numbers.
 */
export function StatisticsTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const { stats } = user;
  const figures = [
    { key: 'totalWins', value: String(stats.total_wins) },
    { key: 'totalEarnings', value: formatDollars(stats.total_earnings) },
    { key: 'totalDeposited', value: formatDollars(stats.total_deposited) },
    { key: 'totalWithdrawn', value: formatDollars(stats.total_withdrawn) },
  ] as const;
  const hasPlayed = stats.total_wins > 0 || stats.total_earnings !== 0 || user.level > 1 || user.xp > 0;

  return (
    <section aria-labelledby="profile-statistics-title" className="profile-section">
      <h2 id="profile-statistics-title" className="visually-hidden">
        {t('profile.statistics.title')}
      </h2>
      <dl className="stat-grid" data-testid="profile-stats">
        {figures.map(({ key, value }) => (
          <div key={key} className="card stat-card">
            <dt>{t(`profile.statistics.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {!hasPlayed && (
        <div className="card empty-state" data-testid="profile-stats-empty">
          <BarChart3 aria-hidden="true" size={28} />
          <p>
            <strong>{t('profile.statistics.noGames')}</strong>
          </p>
          <p className="muted">{t('profile.statistics.noGamesText')}</p>
        </div>
      )}
    </section>
  );
}
