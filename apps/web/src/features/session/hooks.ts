import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toast } from '../../app/toast';
import { selectCurrentUser, selectSession } from './sessionSlice';
import { logout, startGuestSession, startSession } from './sessionThunks';

export function useSession() {
  return useAppSelector(selectSession);
}

export function useCurrentUser() {
  return useAppSelector(selectCurrentUser);
}

/** Runs the session start once per app (StrictMode's second effect run is skipped). */
export function useSessionStart(): void {
  const dispatch = useAppDispatch();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void dispatch(startSession());
  }, [dispatch]);
}

/**
 * Guest mode (docs/product/app-and-api.md#guest-sessions): make the guest session, greet with both toasts, go to the
 * dashboard.
 */
/**
 * Where a guest session just started from the landing page should open (a featured game to practise): the landing
 * page's guard sends a new session on, and reads this first (the session changes before the navigation does).
 */
let guestDestination: string | null = null;

/** The destination of the guest session being started (null once it has been opened). */
export function pendingGuestDestination(): string | null {
  return guestDestination;
}

/** Starts a guest session and opens `to` (the dashboard, or a game to practise from the landing page). */
export function useStartGuestSession(): (to?: string) => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(
    (to = '/dashboard') => {
      guestDestination = to;
      dispatch(startGuestSession());
      // The guard has rendered with the new session by now (a store change renders at once).
      setTimeout(() => {
        guestDestination = null;
      }, 0);
      toast.success(t('toast.guestWelcome'));
      toast.info(t('toast.guestSignUpHint'));
      navigate(to);
    },
    [dispatch, navigate, t],
  );
}

/** Logout: POST /auth/logout for users (not guests), clear every stored session item, say so, back to `/`. */
export function useLogout(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(async () => {
    await dispatch(logout());
    // The session's notices end with it: the page starts clean with this one (also no second 'Logged out' stacked).
    toast.dismissAll();
    toast.success(t('toast.loggedOut'));
    navigate('/', { replace: true });
  }, [dispatch, navigate, t]);
}
