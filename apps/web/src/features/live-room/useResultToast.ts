import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { payoutFigures } from '../../app/format';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../app/toast';
import { refreshBalances } from '../rooms/roomsApi';
import type { LiveRoomControls } from './useLiveRoom';

/** Toasts at the end of a round, then the top bar's balance is reloaded. */
export function useResultToast(controls: LiveRoomControls, roomId: string, bet: number): void {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const result = controls.state.result;
  useEffect(() => {
    if (result === null) return;
    const id = `live-result-${roomId}-${result.round}`;
    switch (result.winner) {
      case 'player':
        // A payout held for a fair-play review was not paid: no '+$' (decision 1802).
        if (result.payout_held) {
          toast.info(t('liveRoom.toast.payoutHeld'), id);
          break;
        }
        toast.success(t('gameRoom.toast.won'), {
          id,
          // '+$' twice the bet, and which figure it is: the payout, then the net gain.
          ...(result.earnings > 0
            ? { description: t('gameRoom.toast.paid', payoutFigures(result.earnings, bet)) }
            : {}),
        });
        break;
      case 'opponent':
        toast.info(t('gameRoom.toast.lost'), id);
        break;
      case 'tie':
        toast.info(t('liveRoom.toast.tie'), id);
        break;
      case 'void':
        toast.info(t('liveRoom.toast.void'), id);
        break;
    }
    void dispatch(refreshBalances());
  }, [bet, dispatch, result, roomId, t]);
}
