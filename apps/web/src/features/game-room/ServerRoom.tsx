import type { GameRoomStatusLabel } from '@skillduel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDollars } from '../../app/format';
import { Spinner } from '../../app/ui/Spinner';
import { useGetGamesQuery } from '../games/gamesApi';
import { useSession } from '../session/hooks';
import { ChatPanel } from './components/ChatPanel';
import { GameRoomNotFound } from './components/GameRoomNotFound';
import { PlayerPanel } from './components/PlayerPanel';
import { PracticeBanner } from './components/PracticeBanner';
import { RoomHeader } from './components/RoomHeader';
import { useGetRoomQuery } from './gameRoomApi';
import { leaveRoomPath } from './roomTarget';

/** Room statuses (PRODUCT §4) as the player panel's labels. */
function roomStatusLabel(status: string): GameRoomStatusLabel {
  switch (status) {
    case 'ready':
      return 'ready';
    case 'playing':
      return 'playing';
    case 'finished':
    case 'cancelled':
      return 'finished';
    default:
      return 'waiting';
  }
}

/**
 * A real room (an id containing 'room', SPEC §4): loaded with GET /api/rooms/{id}; a failed load shows
 * 'Game Room Not Found' (SPEC §8). Matches, live scores and chat in rooms arrive with the rooms work.
 */
export function ServerRoom({ roomId, spectating }: { roomId: string; spectating: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const isGuest = session.kind !== 'signedIn';
  const username = session.kind === 'anonymous' ? '' : session.user.username;
  const { data: room, isLoading, isError } = useGetRoomQuery(roomId);
  const { data: games } = useGetGamesQuery();

  if (isLoading) return <Spinner label={t('gameRoom.loading')} className="page-spinner" />;
  if (isError || !room) return <GameRoomNotFound />;

  const game = games?.find((candidate) => candidate.id === room.game_id);
  // SPEC §6: the spectate query or the user's spectatorMode flag (set for every guest) makes a spectator.
  const isSpectator = spectating || (session.kind !== 'anonymous' && session.user.spectatorMode);
  return (
    <section className="page game-room" data-testid="game-room">
      <div className="gr-content">
        <RoomHeader
          info={game ?? { name: room.game_id, icon: '🎮' }}
          subtitle={
            isSpectator
              ? t('gameRoom.subtitle.spectating')
              : t('gameRoom.subtitle.bet', { amount: formatDollars(room.bet_amount) })
          }
          secondsLeft={null}
          onLeave={() => navigate(leaveRoomPath(isGuest))}
        />
        {isGuest && <PracticeBanner />}
        <div className="gr-layout">
          <div className="gr-main">
            <PlayerPanel
              username={username}
              playerScore={0}
              status={roomStatusLabel(room.status)}
              opponentName={t('gameRoom.players.opponent')}
              opponentScore={0}
            />
            <div className="card gr-stage">
              <p className="muted">{t('gameRoom.waiting.roomUnavailable')}</p>
            </div>
          </div>
          <ChatPanel isGuest={isGuest} username={username} />
        </div>
      </div>
    </section>
  );
}
