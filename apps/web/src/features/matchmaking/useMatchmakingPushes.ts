import { SERVER_EVENTS } from '@skillduel/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDollars } from '../../app/format';
import { useAppDispatch } from '../../app/hooks';
import { getRealtimeClient, realtimeAuthRefresher } from '../../app/realtime';
import { toast } from '../../app/toast';
import { refreshBalances } from '../rooms/roomsApi';
import { roomPath } from '../rooms/useQuickMatch';
import { useSession } from '../session/hooks';
import { matchmakingApi } from './matchmakingApi';
import { clearSearchingHere, isSearchingHere } from './searchTab';
import { setSearchOutcome, useSearchOutcome } from './searchOutcome';

/** How long 'Opponent found!' shows before the room opens. */
export const OPPONENT_FOUND_PAUSE_MS = 1200;

/**
 * The queue's pushes wherever the signed-in player is (mounted once, in the app layout; docs/decisions/1703):
 * `matchmaking:matched` shows 'Opponent found!' and opens the room in the tab that searched, even if the player
 * navigated away there meanwhile (other tabs get a notice with a link, searchTab.ts); `matchmaking:expired` ends the search with its refund (a notice, the balance reloaded, and the
 * searching screen's message).
 */
export function useMatchmakingPushes(): void {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = session.kind === 'signedIn';
  const outcome = useSearchOutcome();

  useEffect(() => {
    if (!signedIn) return undefined;
    const client = getRealtimeClient();
    const lease = client.acquire({ refreshAuth: realtimeAuthRefresher(dispatch) });
    const stopMatched = client.on(SERVER_EVENTS.matchmakingMatched, (matched) => {
      void dispatch(matchmakingApi.util.upsertQueryData('getMatchmakingEntry', undefined, null));
      if (isSearchingHere()) {
        clearSearchingHere();
        setSearchOutcome({ kind: 'found', matched });
        return;
      }
      // Another tab searched: this one (a wallet beside the game) is told, not taken away from what it shows.
      toast.info(t('matchmaking.found.title'), {
        id: `matched-${matched.room_id}`,
        description: t('matchmaking.found.elsewhere', { bet: formatDollars(matched.bet_amount) }),
        action: { label: t('matchmaking.found.open'), onClick: () => navigate(roomPath(matched.room_id)) },
      });
    });
    const stopExpired = client.on(SERVER_EVENTS.matchmakingExpired, (expired) => {
      void dispatch(matchmakingApi.util.upsertQueryData('getMatchmakingEntry', undefined, null));
      void dispatch(refreshBalances());
      clearSearchingHere();
      setSearchOutcome({ kind: 'expired', expired });
      toast.info(t('matchmaking.expired.title'), {
        description: t('matchmaking.expired.refund', { amount: formatDollars(expired.refunded_amount) }),
      });
    });
    return () => {
      stopMatched();
      stopExpired();
      lease.release();
    };
  }, [signedIn, dispatch, t, navigate]);

  useEffect(() => () => setSearchOutcome(null), []);

  // 'Opponent found!' for a moment, then the room, from any page.
  const matchedRoomId = outcome?.kind === 'found' ? outcome.matched.room_id : null;
  useEffect(() => {
    if (matchedRoomId === null) return undefined;
    const timer = window.setTimeout(() => {
      setSearchOutcome(null);
      navigate(roomPath(matchedRoomId));
    }, OPPONENT_FOUND_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [matchedRoomId, navigate]);
}
