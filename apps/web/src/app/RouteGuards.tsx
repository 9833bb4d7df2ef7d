import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { pendingGuestDestination, useSession } from '../features/session/hooks';
import { Spinner } from './ui/Spinner';

/** Stored tokens whose user is still loading (session start): wait rather than redirect. */
function RestoringSession() {
  const { t } = useTranslation();
  return (
    <main className="centered-page" id="main-content">
      <Spinner label={t('common.loading')} className="page-spinner" />
    </main>
  );
}

/**
 * Guarded screens need a signed-in or guest session; anyone else goes to `/` (docs/product/app-and-api.md#route-guard).
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.kind === 'anonymous' && session.restoring) return <RestoringSession />;
  if (session.kind === 'anonymous') return <Navigate to="/" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Query value of `/` that shows the sign-up form, so a guest can reach it from a "Sign Up Now" link. */
export const SIGN_UP_MODE = 'signup';

/**
 * The landing page is for visitors without a session: a signed-in visitor goes to the dashboard, and so does a
 * guest, unless the guest came to sign up or sign in (`/?mode=signup`).
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.kind === 'anonymous' && session.restoring) return <RestoringSession />;
  const mode = new URLSearchParams(location.search).get('mode');
  const guestWantsAccount = session.kind === 'guest' && (mode === SIGN_UP_MODE || mode === 'signin');
  if (session.kind !== 'anonymous' && !guestWantsAccount) {
    return <Navigate to={pendingGuestDestination() ?? '/dashboard'} replace />;
  }
  return children;
}
