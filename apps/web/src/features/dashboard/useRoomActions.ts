import type { RoomDto } from '@skillduel/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../app/toast';
import { roomFailureReason } from '../rooms/messages';
import { useEligibilityGate } from '../responsible-gaming/EligibilityGate';
import { refreshBalances, useJoinRoomMutation, useSpectateRoomMutation } from '../rooms/roomsApi';
import { roomPath } from '../rooms/useQuickMatch';
import { useSession } from '../session/hooks';

export interface RoomActions {
  /** The room a join or watch call is under way for (its buttons wait). */
  busyRoomId: string | null;
  /** Join: guests are refused with a message saying why; a private room passes its password. */
  join(room: RoomDto, password?: string): Promise<void>;
  /** Watch: POST spectate, 'Spectating room...', then the room with ?spectate=true. */
  watch(room: RoomDto): Promise<void>;
}

/** The Join and Watch of the Active Rooms grid and the featured duel, with the spec's toasts and navigation. */
export function useRoomActions(): RoomActions {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const session = useSession();
  const isGuest = session.kind !== 'signedIn';
  const [joinRoom] = useJoinRoomMutation();
  const ensureEligible = useEligibilityGate();
  const [spectateRoom] = useSpectateRoomMutation();
  const [busyRoomId, setBusyRoomId] = useState<string | null>(null);

  const join = useCallback(
    async (room: RoomDto, password?: string) => {
      if (isGuest) {
        toast.error(t('validation.guestJoinRoom'), 'guest-join-room');
        return;
      }
      if (!(await ensureEligible())) return;
      setBusyRoomId(room.id);
      try {
        await joinRoom({ roomId: room.id, password }).unwrap();
        toast.success(t('toast.joinedRoom'));
        void dispatch(refreshBalances());
        navigate(roomPath(room.id));
      } catch (error) {
        const reason = roomFailureReason(t, error);
        toast.error(t('toast.failedToJoinRoom'), reason ? { description: reason } : undefined);
      } finally {
        setBusyRoomId(null);
      }
    },
    [dispatch, ensureEligible, isGuest, joinRoom, navigate, t],
  );

  const watch = useCallback(
    async (room: RoomDto) => {
      setBusyRoomId(room.id);
      try {
        await spectateRoom(room.id).unwrap();
        toast.success(t('toast.spectatingRoom'));
        navigate(roomPath(room.id, true));
      } catch (error) {
        const reason = roomFailureReason(t, error);
        toast.error(t('toast.failedToSpectateRoom'), reason ? { description: reason } : undefined);
      } finally {
        setBusyRoomId(null);
      }
    },
    [navigate, spectateRoom, t],
  );

  return { busyRoomId, join, watch };
}
