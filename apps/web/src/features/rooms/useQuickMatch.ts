import {
  GAME_ROOM_DEFAULTS,
  type MatchmakingEntryDto,
  type MatchmakingExpiredDto,
  type MatchmakingMatchedDto,
} from '@skillduel/contracts';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/apiErrors';
import { formatDollars } from '../../app/format';
import { useAppDispatch } from '../../app/hooks';
import { getRealtimeClient } from '../../app/realtime';
import { toast } from '../../app/toast';
import { useGetGamesQuery } from '../games/gamesApi';
import {
  useEnterQueueMutation,
  useGetMatchmakingEntryQuery,
  useLeaveQueueMutation,
} from '../matchmaking/matchmakingApi';
import { setSearchOutcome, useSearchOutcome } from '../matchmaking/searchOutcome';
import { useEligibilityGate } from '../responsible-gaming/EligibilityGate';
import { useSession } from '../session/hooks';
import { roomFailureReason } from './messages';
import { refreshBalances } from './roomsApi';

/** The room page of a room id. */
export function roomPath(roomId: string, spectate = false): string {
  return `/game/${encodeURIComponent(roomId)}${spectate ? '?spectate=true' : ''}`;
}

/** A game's stake limits in dollars (the catalogue's, else the spec's defaults 1/100/10). */
export interface StakeLimits {
  minDollars: number;
  maxDollars: number;
  defaultDollars: number;
}

/** Where Find opponent stands: searching (the queue entry), paired (the room is about to open) or expired (refunded). */
export type MatchSearch =
  | { kind: 'searching'; entry: MatchmakingEntryDto }
  | { kind: 'found'; matched: MatchmakingMatchedDto }
  | { kind: 'expired'; expired: MatchmakingExpiredDto };

export interface QuickMatch {
  limits: StakeLimits;
  /** Enters the matchmaking queue with `betDollars` (already confirmed by the player). */
  findOpponent: (betDollars: number) => void;
  /** The player's search, if any (restored from GET /matchmaking/queue after a reload). */
  search: MatchSearch | null;
  /** Leaves the queue: the stake is refunded. */
  cancelSearch: () => void;
  /** Closes the 'no opponent found' message of an expired search. */
  dismissOutcome: () => void;
}

/** The room of a 409 'already matched' answer to DELETE (ErrorBody.params.room_id). */
function matchedRoomOf(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const params = (error.data as { params?: { room_id?: unknown } } | undefined)?.params;
  return typeof params?.room_id === 'string' && params.room_id !== '' ? params.room_id : null;
}

/**
 * Find opponent (docs/product/matchmaking.md#find-opponent) on a built-in game's waiting screen: the stake the player
 * confirmed (no money moves without consent) enters the matchmaking queue (POST /matchmaking/queue, escrowed); the
 * server pairs players of the same game and stake by rating and pushes `matchmaking:matched` to both, and the room
 * opens after a short 'Opponent found!' (the pushes are heard in the app layout, useMatchmakingPushes, so this works
 * from any page); an entry that expires unpaired ends with its refund shown. Cancel leaves the queue with a refund. A second press while the first is on
 * its way does nothing.
 */
export function useQuickMatch(gameId: string): QuickMatch {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const session = useSession();
  const signedIn = session.kind === 'signedIn';
  const { data: games } = useGetGamesQuery();
  const { data: entry, refetch } = useGetMatchmakingEntryQuery(undefined, { skip: !signedIn });
  const [enterQueue] = useEnterQueueMutation();
  const [leaveQueue] = useLeaveQueueMutation();
  const ensureEligible = useEligibilityGate();
  const pending = useRef(false);
  const outcome = useSearchOutcome();
  const game = games?.find((candidate) => candidate.id === gameId);
  const minDollars = game?.min_bet ?? GAME_ROOM_DEFAULTS.minBetDollars;
  const maxDollars = game?.max_bet ?? GAME_ROOM_DEFAULTS.maxBetDollars;
  const defaultDollars = game?.default_bet ?? GAME_ROOM_DEFAULTS.defaultBetDollars;
  const limits = useMemo(() => ({ minDollars, maxDollars, defaultDollars }), [minDollars, maxDollars, defaultDollars]);

  // The pushes are heard in the app layout; one missed while offline is looked for again on reconnect.
  const refetchEntry = useRef(refetch);
  refetchEntry.current = refetch;
  useEffect(() => {
    if (!signedIn) return undefined;
    const client = getRealtimeClient();
    return client.onConnect((reconnected) => {
      if (reconnected) void refetchEntry.current();
    });
  }, [signedIn]);

  const findOpponent = useCallback(
    (betDollars: number) => {
      if (pending.current) return;
      pending.current = true;
      setSearchOutcome(null);
      void ensureEligible()
        .then((eligible) => (eligible ? enterQueue({ game_id: gameId, bet_amount: betDollars }).unwrap() : null))
        .then(
          (answer) => {
            if (answer === null) return;
            void dispatch(refreshBalances());
          },
          (error: unknown) => {
            // Already searching (another tab): show that search.
            if (isApiError(error) && error.status === 409) void refetchEntry.current();
            const reason = roomFailureReason(t, error);
            toast.error(t('matchmaking.toast.enterFailed'), reason ? { description: reason } : undefined);
          },
        )
        .finally(() => {
          pending.current = false;
        });
    },
    [dispatch, ensureEligible, enterQueue, gameId, t],
  );

  const cancelSearch = useCallback(() => {
    if (pending.current) return;
    pending.current = true;
    void leaveQueue()
      .unwrap()
      .then(
        (left) => {
          toast.success(t('matchmaking.toast.cancelled', { amount: formatDollars(left.bet_amount) }));
          void dispatch(refreshBalances());
        },
        (error: unknown) => {
          const roomId = matchedRoomOf(error);
          if (roomId !== null && entry) {
            // Paired just before the cancel: the match stands.
            setSearchOutcome({
              kind: 'found',
              matched: { room_id: roomId, game_id: entry.game_id, bet_amount: entry.bet_amount },
            });
            return;
          }
          const reason = roomFailureReason(t, error);
          toast.error(t('matchmaking.toast.cancelFailed'), reason ? { description: reason } : undefined);
        },
      )
      .finally(() => {
        pending.current = false;
      });
  }, [dispatch, entry, leaveQueue, t]);

  const dismissOutcome = useCallback(() => setSearchOutcome(null), []);

  const search = useMemo<MatchSearch | null>(() => {
    if (outcome?.kind === 'found') return { kind: 'found', matched: outcome.matched };
    if (entry && entry.status === 'waiting') return { kind: 'searching', entry };
    if (outcome?.kind === 'expired' && outcome.expired.game_id === gameId) {
      return { kind: 'expired', expired: outcome.expired };
    }
    return null;
  }, [entry, outcome, gameId]);

  return useMemo(
    () => ({ limits, findOpponent, search, cancelSearch, dismissOutcome }),
    [limits, findOpponent, search, cancelSearch, dismissOutcome],
  );
}
