import type { RoomDto } from '@skillduel/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SIGN_UP_MODE } from '../../app/RouteGuards';
import { toast } from '../../app/toast';
import { PageHeader } from '../../app/ui/PageHeader';
import { useGetGamesQuery } from '../games/gamesApi';
import { ReconnectingNotice } from '../live-room/components/ReconnectingNotice';
import { useGetLobbyFiguresQuery } from '../matchmaking/matchmakingApi';
import { useGetFeaturedRoomQuery, useGetRoomsQuery } from '../rooms/roomsApi';
import { useSession } from '../session/hooks';
import { ActiveRooms } from './components/ActiveRooms';
import { CreateRoomForm, CreateRoomGuestPrompt } from './components/CreateRoomForm';
import { FeaturedDuel } from './components/FeaturedDuel';
import { PlatformStats } from './components/PlatformStats';
import { StatCards } from './components/StatCards';
import './dashboard.css';
import { useRoomActions } from './useRoomActions';

const NO_ROOMS: readonly RoomDto[] = [];
const ROOMS_ERROR_TOAST = 'failed-to-load-rooms';
const FEATURED_ERROR_TOAST = 'failed-to-load-featured-duel';

/**
 * Dashboard (docs/product/rooms-and-matches.md#dashboard): greeting (and the guest banner), the four stat cards (not
 * for guests), the featured duel, Create Room (a sign-up prompt for guests), platform stats and the Active Rooms grid.
 * Rooms and the featured duel stay current through the lobby channel without pressing Refresh.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const isGuest = session.kind !== 'signedIn';
  const [filter, setFilter] = useState('');
  const actions = useRoomActions();

  const { data: games } = useGetGamesQuery();

  const { data: figures } = useGetLobbyFiguresQuery();
  const allRooms = useGetRoomsQuery({});
  const filteredRooms = useGetRoomsQuery({ game: filter }, { skip: filter === '' });
  const featured = useGetFeaturedRoomQuery();
  const shown = filter === '' ? allRooms : filteredRooms;

  useEffect(() => {
    if (allRooms.isError || filteredRooms.isError) toast.error(t('toast.failedToLoadRooms'), ROOMS_ERROR_TOAST);
  }, [allRooms.isError, filteredRooms.isError, t]);
  useEffect(() => {
    if (featured.isError) toast.error(t('toast.failedToLoadFeaturedDuel'), FEATURED_ERROR_TOAST);
  }, [featured.isError, t]);

  if (session.kind === 'anonymous') return null;
  const user = session.user;
  const everyRoom = allRooms.data ?? NO_ROOMS;
  const refresh = () => {
    void shown.refetch();
    if (filter !== '') void allRooms.refetch();
    void featured.refetch();
  };

  return (
    <section className="page dashboard" data-testid="dashboard">
      <PageHeader title={t('dashboard.title')}>
        <p className="muted" data-testid="greeting">
          {t('dashboard.greeting', { username: user.username })}
        </p>
      </PageHeader>
      <ReconnectingNotice />
      {isGuest && (
        <div className="banner" data-testid="guest-banner">
          <p>{t('dashboard.guestBanner')}</p>
          <Link to={`/?mode=${SIGN_UP_MODE}`} className="button button-primary">
            {t('dashboard.signUpNow')}
          </Link>
        </div>
      )}
      {session.kind === 'signedIn' && <StatCards user={session.user} />}
      <div className="dash-row">
        <FeaturedDuel room={featured.isError ? null : featured.data} isLoading={featured.isLoading} actions={actions} />
        {session.kind === 'signedIn' ? (
          <CreateRoomForm games={games ?? []} balance={session.user.current_balance ?? session.user.balance ?? 0} />
        ) : (
          <CreateRoomGuestPrompt />
        )}
      </div>
      <PlatformStats
        games={games?.length ?? 0}
        rooms={everyRoom.length}
        online={Math.max(
          figures?.players_online ?? everyRoom.reduce((sum, room) => sum + (room.spectators || 0), 0),
          // A signed-in viewer is online themself: the figures are recomputed every few seconds and may predate them.
          session.kind === 'signedIn' ? 1 : 0,
        )}
        liveMatches={figures?.live_matches}
      />
      <ActiveRooms
        games={games ?? []}
        rooms={shown.isError ? NO_ROOMS : (shown.data ?? NO_ROOMS)}
        filter={filter}
        onFilter={setFilter}
        onRefresh={refresh}
        isLoading={shown.isLoading}
        isRefreshing={shown.isFetching && !shown.isLoading}
        userId={isGuest ? null : user.id}
        isGuest={isGuest}
        actions={actions}
      />
    </section>
  );
}
