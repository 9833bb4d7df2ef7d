import { SERVER_EVENTS } from '@skillduel/contracts';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { getRealtimeClient, realtimeAuthRefresher } from '../../app/realtime';
import { standingsChanged } from './tournamentsApi';

/**
 * Follows one tournament's live standings (docs/product/tournaments.md#standings): subscribes over the socket (again
 * after every reconnection) and reloads the standings when a player's best changes.
 */
export function useStandingsPush(tournamentId: string, live: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!live) return undefined;
    const client = getRealtimeClient();
    const lease = client.acquire({ refreshAuth: realtimeAuthRefresher(dispatch) });
    const subscribe = () => void client.request('tournament:subscribe', { tournament_id: tournamentId });
    subscribe();
    const stopReconnect = client.onConnect((reconnected) => {
      if (!reconnected) return;
      subscribe();
      dispatch(standingsChanged(tournamentId));
    });
    const stop = client.on(SERVER_EVENTS.tournamentStandings, (change) => {
      if (change.tournament_id === tournamentId) dispatch(standingsChanged(tournamentId));
    });
    return () => {
      stop();
      stopReconnect();
      void client.request('tournament:unsubscribe', { tournament_id: tournamentId });
      lease.release();
    };
  }, [tournamentId, live, dispatch]);
}
