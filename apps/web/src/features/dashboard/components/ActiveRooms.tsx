import type { GameDto, RoomDto } from '@skillduel/contracts';
import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../app/ui/Spinner';
import type { RoomActions } from '../useRoomActions';
import { RoomCard } from './RoomCard';
import { useGameText } from '../../games/gameText';

/** Active Rooms: filterable by game, with Refresh; failed loads show an empty list. */
export function ActiveRooms({
  games,
  rooms,
  filter,
  onFilter,
  onRefresh,
  isLoading,
  isRefreshing,
  userId,
  isGuest,
  actions,
}: {
  games: readonly GameDto[];
  rooms: readonly RoomDto[];
  filter: string;
  onFilter: (gameId: string) => void;
  onRefresh: () => void;
  isLoading: boolean;
  isRefreshing: boolean;
  userId: string | null;
  isGuest: boolean;
  actions: RoomActions;
}) {
  const { t } = useTranslation();
  const { gameName } = useGameText();
  const titleId = useId();
  const filterId = useId();
  return (
    <section className="active-rooms" aria-labelledby={titleId} data-testid="active-rooms">
      <div className="active-rooms-head">
        <h2 id={titleId}>{t('dashboard.rooms.title')}</h2>
        <div className="active-rooms-tools">
          <label htmlFor={filterId} className="visually-hidden">
            {t('dashboard.rooms.filter')}
          </label>
          <select
            id={filterId}
            className="select"
            value={filter}
            onChange={(event) => onFilter(event.target.value)}
            data-testid="rooms-filter"
          >
            <option value="">{t('dashboard.rooms.allGames')}</option>
            {games.map((game) => (
              <option key={game.id} value={game.id}>
                {gameName(game.id, game.name)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button-secondary"
            onClick={onRefresh}
            aria-busy={isRefreshing}
            data-testid="rooms-refresh"
          >
            <RefreshCw aria-hidden="true" size={16} className={isRefreshing ? 'spinning' : undefined} />
            {t('dashboard.rooms.refresh')}
          </button>
        </div>
      </div>
      {isLoading ? (
        <Spinner label={t('dashboard.rooms.loading')} className="page-spinner" />
      ) : rooms.length === 0 ? (
        <div className="card empty-state" data-testid="rooms-empty">
          <p>{t('dashboard.rooms.empty')}</p>
          <p className="muted small">{t('dashboard.rooms.emptyHint')}</p>
        </div>
      ) : (
        <ul className="rooms-grid" aria-labelledby={titleId}>
          {rooms.map((room) => (
            <li key={room.id}>
              <RoomCard room={room} userId={userId} isGuest={isGuest} actions={actions} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
