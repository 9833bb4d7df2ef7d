import type { RoomDto, RoomPlayerDto } from '@skillduel/contracts';
import { Eye, Radio } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../app/format';
import { Spinner } from '../../../app/ui/Spinner';
import type { RoomActions } from '../useRoomActions';
import { useGameText } from '../../games/gameText';

function Duelist({ player, testId }: { player: RoomPlayerDto | null; testId: string }) {
  const { t } = useTranslation();
  if (!player) {
    return (
      <div className="duelist duelist-empty" data-testid={testId}>
        <span className="avatar" aria-hidden="true">
          ?
        </span>
        <p className="muted">{t('dashboard.featured.waitingForOpponent')}</p>
      </div>
    );
  }
  return (
    <div className="duelist" data-testid={testId}>
      <span className="avatar" aria-hidden="true">
        {player.username.charAt(0).toUpperCase()}
      </span>
      <p className="duelist-name">{player.username}</p>
      <p className="muted small">{t('dashboard.featured.level', { level: player.level })}</p>
    </div>
  );
}

/**
 * Featured duel: the two players, the game, the bet, the spectator count, a LIVE badge while it is played
 * (else what it is waiting for), and Watch Live (Watch room before the start). It is the live room with the most
 * spectators, else the newest open one (docs/product/rooms-and-matches.md#featured-duel).
 */
export function FeaturedDuel({
  room,
  isLoading,
  actions,
}: {
  room: RoomDto | null | undefined;
  isLoading: boolean;
  actions: RoomActions;
}) {
  const { t } = useTranslation();
  const { gameName } = useGameText();
  const titleId = useId();
  const live = room?.status === 'playing';
  return (
    <section className="card featured-duel" aria-labelledby={titleId} data-testid="featured-duel">
      <div className="featured-duel-head">
        <h2 id={titleId}>{t('dashboard.featured.title')}</h2>
        {live ? (
          <span className="live-badge" data-testid="live-badge">
            <Radio aria-hidden="true" size={14} />
            {t('dashboard.featured.live')}
          </span>
        ) : room ? (
          // Not played yet: say what it is instead of LIVE.
          <span className="featured-waiting-badge" data-testid="waiting-badge">
            {room.player2 === null ? t('dashboard.featured.waitingBadge') : t('dashboard.featured.startingBadge')}
          </span>
        ) : null}
      </div>
      {isLoading ? (
        <Spinner label={t('dashboard.featured.loading')} />
      ) : !room ? (
        <div className="empty-state featured-empty" data-testid="featured-empty">
          <p>{t('dashboard.featured.none')}</p>
          <p className="muted small">{t('dashboard.featured.noneHint')}</p>
        </div>
      ) : (
        <>
          <p className="featured-game" data-testid="featured-game">
            <span className="game-icon" aria-hidden="true">
              {room.game_icon || '🎮'}
            </span>
            <span>{gameName(room.game_id, room.game_name || room.game_id)}</span>
          </p>
          <div className="duelists">
            <Duelist player={room.player1} testId="featured-player1" />
            <span className="duel-versus" aria-hidden="true">
              {t('dashboard.featured.versus')}
            </span>
            <Duelist player={room.player2} testId="featured-player2" />
          </div>
          <dl className="featured-facts">
            <div>
              <dt>{t('dashboard.featured.bet')}</dt>
              <dd data-testid="featured-bet">{formatDollars(room.bet_amount)}</dd>
            </div>
            <div>
              <dt>
                <Eye aria-hidden="true" size={16} />
                {t('dashboard.featured.spectators')}
              </dt>
              <dd data-testid="featured-spectators">{room.spectators}</dd>
            </div>
          </dl>
          <button
            type="button"
            className="button button-accent button-block"
            onClick={() => void actions.watch(room)}
            disabled={actions.busyRoomId === room.id}
            data-testid="watch-live"
          >
            <Eye aria-hidden="true" size={18} />
            {live ? t('dashboard.featured.watchLive') : t('dashboard.featured.watchRoom')}
          </button>
        </>
      )}
    </section>
  );
}
