import type { User } from '@skillduel/contracts';
import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../app/format';
import { Spinner } from '../../app/ui/Spinner';
import { EarningsChart, WinRateChart } from './charts';
import { useGetMyStatisticsQuery } from './profileStatsApi';
import { SkillRatings } from './SkillRatings';

/** The user's own figures from the server (real data, never sample figures), with two charts. */
export function StatisticsTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const { data: stats, isLoading, isError } = useGetMyStatisticsQuery();

  if (isLoading) return <Spinner label={t('profile.statistics.loading')} />;
  if (isError || !stats) {
    return (
      <p className="card empty-state" role="alert">
        {t('profile.statistics.loadError')}
      </p>
    );
  }
  const figures = [
    { key: 'gamesPlayed', value: String(stats.games_played) },
    { key: 'totalWins', value: String(stats.wins) },
    { key: 'losses', value: String(stats.losses) },
    { key: 'winRate', value: `${stats.win_rate}%` },
    { key: 'totalEarnings', value: formatDollars(stats.total_earnings) },
    {
      key: 'bestGame',
      value: stats.best_game ? `${stats.best_game.icon} ${stats.best_game.name}` : t('profile.statistics.none'),
    },
    { key: 'totalDeposited', value: formatDollars(user.stats.total_deposited) },
    { key: 'totalWithdrawn', value: formatDollars(user.stats.total_withdrawn) },
  ] as const;

  return (
    <section aria-labelledby="profile-statistics-title" className="profile-section">
      <h2 id="profile-statistics-title" className="visually-hidden">
        {t('profile.statistics.title')}
      </h2>
      <dl className="stat-grid" data-testid="profile-stats">
        {figures.map(({ key, value }) => (
          <div key={key} className="card stat-card" data-testid={`stat-${key}`}>
            <dt>{t(`profile.statistics.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <SkillRatings userId={user.id} />
      {stats.games_played === 0 ? (
        <div className="card empty-state" data-testid="profile-stats-empty">
          <BarChart3 aria-hidden="true" size={28} />
          <p>
            <strong>{t('profile.statistics.noGames')}</strong>
          </p>
          <p className="muted">{t('profile.statistics.noGamesText')}</p>
        </div>
      ) : (
        <div className="chart-grid">
          <figure className="card chart-card">
            <figcaption>{t('profile.statistics.winRateChart')}</figcaption>
            <WinRateChart
              games={stats.per_game}
              label={stats.per_game
                .map((game) => t('profile.statistics.winRateItem', { game: game.name, rate: game.win_rate }))
                .join(', ')}
            />
          </figure>
          <figure className="card chart-card">
            <figcaption>{t('profile.statistics.earningsChart')}</figcaption>
            <EarningsChart
              points={stats.earnings_over_time}
              label={t('profile.statistics.earningsSummary', {
                days: stats.earnings_over_time.length,
                total: formatDollars(stats.total_earnings),
              })}
            />
          </figure>
        </div>
      )}
    </section>
  );
}
