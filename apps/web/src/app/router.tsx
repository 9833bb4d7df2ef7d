import { Route, Routes } from 'react-router-dom';
import { AuthCallbackPage } from '../features/auth/AuthCallbackPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { GameRoomPage } from '../features/game-room/GameRoomPage';
import { GamesPage } from '../features/games/GamesPage';
import { LandingPage } from '../features/landing/LandingPage';
import { LeaderboardPage } from '../features/leaderboard/LeaderboardPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { TermsPage } from '../features/responsible-gaming/TermsPage';
import { WalletPage } from '../features/wallet/WalletPage';
import { SOCIAL_PROVIDERS } from '@skillduel/contracts';
import { AppLayout } from './layout/AppLayout';
import { PublicOnly, RequireSession } from './RouteGuards';

/** Opt in to react-router v7 behaviour now, so the upgrade changes nothing (and v6 stops warning). */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** SPEC §2 routes. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <PublicOnly>
            <LandingPage />
          </PublicOnly>
        }
      />
      {SOCIAL_PROVIDERS.map((provider) => (
        <Route key={provider} path={`/auth/${provider}/callback`} element={<AuthCallbackPage />} />
      ))}
      {/* Public: the API mails links to APP_BASE_URL + these paths (decision 0105). */}
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      {/* Public: linked from the eligibility dialog before the first money move (issue 15). */}
      <Route path="/terms" element={<TermsPage />} />
      <Route element={<RequireSession />}>
        <Route element={<AppLayout />}>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/games" element={<GamesPage />} />
          <Route path="/leaderboard" element={<LeaderboardPage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/wallet" element={<WalletPage />} />
          <Route path="/game/:gameId" element={<GameRoomPage />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
