import { SERVER_EVENTS, type WalletChangedDto } from '@skillduel/contracts';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { formatDollars } from '../../app/format';
import { useAppDispatch } from '../../app/hooks';
import { getRealtimeClient, realtimeAuthRefresher } from '../../app/realtime';
import { toast } from '../../app/toast';
import { rgApi } from '../responsible-gaming/rgApi';
import { reloadCurrentUser } from '../session/sessionThunks';

/** Refunds the room screens already explain (a tie or a void round has its own result toast). */
const EXPLAINED_REFUNDS = new Set(['tie', 'void']);

/** A refund the player did not see coming on the room screen (a room left or expired): what came back and why. */
function refundToast(t: TFunction, change: WalletChangedDto): string | null {
  if (change.kind !== 'refund' || change.amount <= 0) return null;
  if (change.reason !== null && EXPLAINED_REFUNDS.has(change.reason)) return null;
  return t('liveRoom.toast.refunded', { amount: formatDollars(change.amount) });
}

/**
 * While a user is signed in, follows `wallet:changed` (docs/product/wallet.md#balance-updates): every stake, refund,
 * payout, deposit and withdrawal status change reloads the user (the top bar's and the dashboard's balance) and marks
 * the wallet's lists stale, in every open tab, the moment the server committed it. A refund of a room that closed (the
 * other player left, or it expired) is also said in a toast, to both players.
 */
export function useWalletPush(signedIn: boolean): void {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  useEffect(() => {
    if (!signedIn) return undefined;
    const client = getRealtimeClient();
    const lease = client.acquire({ refreshAuth: realtimeAuthRefresher(dispatch) });
    const stop = client.on(SERVER_EVENTS.walletChanged, (change) => {
      dispatch(api.util.invalidateTags(['Transactions']));
      // A refund may come from a break or a freeze closing the rooms: the paused-play banner asks again.
      dispatch(rgApi.util.invalidateTags(['Limits']));
      void dispatch(reloadCurrentUser());
      const refunded = refundToast(t, change);
      if (refunded) toast.info(refunded, `refund-${change.room_id ?? ''}-${change.amount}`);
    });
    const stopReconnect = client.onConnect((reconnected) => {
      // Pushes sent while offline are lost: fetch what may have changed.
      if (!reconnected) return;
      dispatch(api.util.invalidateTags(['Transactions']));
      void dispatch(reloadCurrentUser());
    });
    return () => {
      stop();
      stopReconnect();
      lease.release();
    };
  }, [signedIn, dispatch, t]);
}
