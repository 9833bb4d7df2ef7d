import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** 'Game Room Not Found': an unknown id, or a room that failed to load. */
export function GameRoomNotFound() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <div className="card empty-state gr-not-found" data-testid="room-not-found">
        <SearchX aria-hidden="true" size={40} className="gr-not-found-icon" />
        <h1>{t('gameRoom.notFound.title')}</h1>
        <p className="muted">{t('gameRoom.notFound.text')}</p>
        <Link to="/games" className="button button-primary">
          {t('gameRoom.notFound.backToGames')}
        </Link>
      </div>
    </section>
  );
}
