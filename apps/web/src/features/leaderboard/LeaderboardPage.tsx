import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/ui/PageHeader';

/** Leaderboard shell with the spec's empty state (SPEC §2); rankings arrive with leaderboard work. */
export function LeaderboardPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <PageHeader title={t('leaderboard.title')} />
      <div className="card empty-state">
        <h2>{t('leaderboard.emptyTitle')}</h2>
        <p className="muted">{t('leaderboard.emptyText')}</p>
      </div>
    </section>
  );
}
