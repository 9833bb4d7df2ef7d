import { GAME_ROOM_DEFAULTS } from '@skillduel/contracts';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../app/toast';
import { useGetGamesQuery } from '../games/gamesApi';
import { useEligibilityGate } from '../responsible-gaming/EligibilityGate';
import { roomFailureReason } from './messages';
import { refreshBalances, useQuickMatchMutation } from './roomsApi';

/** The room page of a room id (SPEC §4 navigation). */
export function roomPath(roomId: string, spectate = false): string {
  return `/game/${encodeURIComponent(roomId)}${spectate ? '?spectate=true' : ''}`;
}

/** A game's stake limits in dollars (the catalogue's, else the spec's defaults 1/100/10). */
export interface StakeLimits {
  minDollars: number;
  maxDollars: number;
  defaultDollars: number;
}

export interface QuickMatch {
  limits: StakeLimits;
  /** Stakes `betDollars` (already confirmed by the player) and opens the room it finds or creates. */
  findOpponent: (betDollars: number) => void;
}

/**
 * Find opponent (PRODUCT §4) on a built-in game's waiting screen: POST /rooms/quick-match with the stake the player
 * confirmed (issue 13: no money moves without consent) — the server joins a waiting room of that game and bet, or
 * creates one — then the room. A second press while the first is on its way does nothing.
 */
export function useQuickMatch(gameId: string): QuickMatch {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { data: games } = useGetGamesQuery();
  const [quickMatch] = useQuickMatchMutation();
  const ensureEligible = useEligibilityGate();
  const pending = useRef(false);
  const game = games?.find((candidate) => candidate.id === gameId);
  const minDollars = game?.min_bet ?? GAME_ROOM_DEFAULTS.minBetDollars;
  const maxDollars = game?.max_bet ?? GAME_ROOM_DEFAULTS.maxBetDollars;
  const defaultDollars = game?.default_bet ?? GAME_ROOM_DEFAULTS.defaultBetDollars;
  const limits = useMemo(() => ({ minDollars, maxDollars, defaultDollars }), [minDollars, maxDollars, defaultDollars]);

  const findOpponent = useCallback(
    (betDollars: number) => {
      if (pending.current) return;
      pending.current = true;
      void ensureEligible()
        .then((eligible) => (eligible ? quickMatch({ game_id: gameId, bet_amount: betDollars }).unwrap() : null))
        .then(
          (answer) => {
            if (answer === null) return;
            toast.success(answer.matched ? t('toast.joinedRoom') : t('toast.roomCreated'));
            void dispatch(refreshBalances());
            navigate(roomPath(answer.room.id));
          },
          (error: unknown) => {
            const reason = roomFailureReason(t, error);
            toast.error(t('toast.failedToJoinRoom'), reason ? { description: reason } : undefined);
          },
        )
        .finally(() => {
          pending.current = false;
        });
    },
    [dispatch, ensureEligible, gameId, navigate, quickMatch, t],
  );
  return useMemo(() => ({ limits, findOpponent }), [limits, findOpponent]);
}
