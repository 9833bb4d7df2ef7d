import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../app/ui/PageHeader';

/** Game room shell for /game/:gameId; play, practice and spectating arrive with the rooms and games work. */
export function GameRoomPage() {
  const { t } = useTranslation();
  const { gameId = '' } = useParams();
  return (
    <section className="page">
      <PageHeader title={t('gameRoom.title')}>
        <p className="muted">{t('gameRoom.game', { gameId })}</p>
      </PageHeader>
      <div className="card empty-state">
        <p className="muted">{t('gameRoom.empty')}</p>
        <Link to="/games" className="button button-secondary">
          {t('gameRoom.backToGames')}
        </Link>
      </div>
    </section>
  );
}
