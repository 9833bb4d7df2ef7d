import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toast } from '../../app/toast';
import { selectCurrentUser, selectSession } from './sessionSlice';
import { endSession, startGuestSession } from './sessionThunks';

export function useSession() {
  return useAppSelector(selectSession);
}

export function useCurrentUser() {
  return useAppSelector(selectCurrentUser);
}

/** Guest mode (SPEC §3, §8): make the guest session, greet with both toasts, go to the dashboard. */
export function useStartGuestSession(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(() => {
    dispatch(startGuestSession());
    toast.success(t('toast.guestWelcome'));
    toast.info(t('toast.guestSignUpHint'));
    navigate('/dashboard');
  }, [dispatch, navigate, t]);
}

/** Logout: clear every stored session item, say so, back to the landing page. */
export function useLogout(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(() => {
    dispatch(endSession());
    toast.success(t('toast.loggedOut'));
    navigate('/', { replace: true });
  }, [dispatch, navigate, t]);
}
