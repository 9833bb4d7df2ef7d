import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Match history arrives with the leaderboard work; until then an honest empty state (no sample rows). */
export function HistoryTab() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="profile-history-title" className="profile-section">
      <h2 id="profile-history-title" className="visually-hidden">
        {t('profile.history.title')}
      </h2>
      <div className="card empty-state" data-testid="profile-history-empty">
        <History aria-hidden="true" size={28} />
        <p>
          <strong>{t('profile.history.empty')}</strong>
        </p>
        <p className="muted">{t('profile.history.emptyText')}</p>
        <Link className="button button-secondary" to="/games">
          {t('profile.history.browseGames')}
        </Link>
      </div>
    </section>
  );
}
