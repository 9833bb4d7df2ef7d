import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../app/ui/Spinner';
import { useGetGamesQuery } from '../games/gamesApi';
import { GameRoomNotFound } from './components/GameRoomNotFound';
import './game-room.css';
import { resolveRoomTarget } from './roomTarget';

// The engines and the room screens load with the first room a visitor opens, not with the app.
const PracticeRoom = lazy(() => import('./PracticeRoom').then((module) => ({ default: module.PracticeRoom })));
const ServerRoom = lazy(() => import('./ServerRoom').then((module) => ({ default: module.ServerRoom })));

/**
 * `/game/{gameId}` (docs/product/rooms-and-matches.md#game-room-page): a built-in game (practice against the computer),
 * a catalogue game without its own engine (plays quick-click), a real room (id containing 'room', loaded from the
 * server), or the not-found screen. `?spectate=true` means watching only.
 */
export function GameRoomPage() {
  const { t } = useTranslation();
  const { gameId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const spectating = searchParams.get('spectate') === 'true';
  const { data: games, isLoading } = useGetGamesQuery();
  const target = resolveRoomTarget(gameId, { games, isLoading });
  const loading = <Spinner label={t('gameRoom.loading')} className="page-spinner" />;

  switch (target.kind) {
    case 'loading':
      return loading;
    case 'notFound':
      return <GameRoomNotFound />;
    case 'room':
      return (
        <Suspense fallback={loading}>
          <ServerRoom key={target.roomId} roomId={target.roomId} spectating={spectating} />
        </Suspense>
      );
    case 'game':
      return (
        <Suspense fallback={loading}>
          {/* Keyed by id: another game starts from a clean room. */}
          <PracticeRoom key={target.gameId} target={target} spectating={spectating} />
        </Suspense>
      );
  }
}
