import { SOCIAL_PROVIDERS } from '@skillduel/contracts';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Route, Routes } from 'react-router-dom';
import { loadAppTranslations } from '../i18n';
import { lazyWithPreload } from './lazyWithPreload';
import { PublicOnly, RequireSession } from './RouteGuards';
import { Spinner } from './ui/Spinner';

/**
 * A screen of the app: its chunk and the app's translations (i18n/appSections.ts) load together. Only the landing
 * page does without them, so it does not carry them (decision 1301).
 */
function appScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyWithPreload(() => Promise.all([load(), loadAppTranslations()]).then(([component]) => component));
}

/*
 * Every screen is its own chunk, fetched when its route is first visited: the first load carries the app shell
 * (store, router, i18n, layout) and the one screen it shows (docs/decisions/1301).
 */
const AuthCallbackPage = appScreen(() =>
  import('../features/auth/AuthCallbackPage').then((module) => module.AuthCallbackPage),
);
const ResetPasswordPage = appScreen(() =>
  import('../features/auth/ResetPasswordPage').then((module) => module.ResetPasswordPage),
);
const VerifyEmailPage = appScreen(() =>
  import('../features/auth/VerifyEmailPage').then((module) => module.VerifyEmailPage),
);
const DashboardPage = appScreen(() =>
  import('../features/dashboard/DashboardPage').then((module) => module.DashboardPage),
);
const GameRoomPage = appScreen(() =>
  import('../features/game-room/GameRoomPage').then((module) => module.GameRoomPage),
);
const GamesPage = appScreen(() => import('../features/games/GamesPage').then((module) => module.GamesPage));
const LandingPage = lazyWithPreload(() =>
  import('../features/landing/LandingPage').then((module) => module.LandingPage),
);
const LeaderboardPage = appScreen(() =>
  import('../features/leaderboard/LeaderboardPage').then((module) => module.LeaderboardPage),
);
const NotFoundPage = appScreen(() =>
  import('../features/not-found/NotFoundPage').then((module) => module.NotFoundPage),
);
const ProfilePage = appScreen(() => import('../features/profile/ProfilePage').then((module) => module.ProfilePage));
const WalletPage = appScreen(() => import('../features/wallet/WalletPage').then((module) => module.WalletPage));
const AdminPage = appScreen(() => import('../features/admin/AdminPage').then((module) => module.AdminPage));
const TournamentsPage = appScreen(() =>
  import('../features/tournaments/TournamentsPage').then((module) => module.TournamentsPage),
);
const TournamentPage = appScreen(() =>
  import('../features/tournaments/TournamentPage').then((module) => module.TournamentPage),
);
const TermsPage = appScreen(() =>
  import('../features/responsible-gaming/TermsPage').then((module) => module.TermsPage),
);

/** The screens inside the app layout (signed-in or guest sessions), by path. */
const LAYOUT_ROUTES: readonly { path: string; screen: ComponentType & { preload(): Promise<void> } }[] = [
  { path: '/dashboard', screen: DashboardPage },
  { path: '/games', screen: GamesPage },
  { path: '/leaderboard', screen: LeaderboardPage },
  { path: '/tournaments', screen: TournamentsPage },
  { path: '/tournaments/:id', screen: TournamentPage },
  { path: '/profile', screen: ProfilePage },
  { path: '/wallet', screen: WalletPage },
  { path: '/game/:gameId', screen: GameRoomPage },
  { path: '/admin', screen: AdminPage },
  { path: '/admin/users/:userId', screen: AdminPage },
];

/**
 * The layout (top bar, notifications, eligibility gate) is a chunk of its own too, so the landing page does not
 * carry it; the screen it frames is fetched at the same time, not after it.
 */
const AppLayout = appScreen(() => {
  const route = LAYOUT_ROUTES.find(({ path }) => matchPath(path, window.location.pathname));
  route?.screen.preload().catch(() => undefined);
  return import('./layout/AppLayout').then((module) => module.AppLayout);
});

const SCREENS = [
  AppLayout,
  AuthCallbackPage,
  ResetPasswordPage,
  VerifyEmailPage,
  DashboardPage,
  GameRoomPage,
  GamesPage,
  LandingPage,
  LeaderboardPage,
  NotFoundPage,
  ProfilePage,
  WalletPage,
  TermsPage,
  AdminPage,
  TournamentsPage,
  TournamentPage,
];

/**
 * Before the first render: the landing page's chunk when the visit starts at '/' (index.html already fetches it with
 * the entry, so this waits for little). Other first screens show the spinner while theirs loads. Never rejects.
 */
export function preloadFirstScreen(pathname: string): Promise<void> {
  return pathname === '/' ? LandingPage.preload().catch(() => undefined) : Promise.resolve();
}

/** Fetches every screen (tests do, so they render each route at once as before the split). */
export function preloadScreens(): Promise<void> {
  return Promise.all(SCREENS.map((screen) => screen.preload())).then(() => undefined);
}

/**
 * A lazy screen with its loading state. Inside the app layout the top bar stays and the spinner fills the content
 * area; a standalone screen (landing, email links) gets a page of its own with the main landmark.
 */
function Screen({ component: Component, standalone = false }: { component: ComponentType; standalone?: boolean }) {
  const { t } = useTranslation();
  const spinner = <Spinner label={t('common.loading')} className="page-spinner" />;
  const fallback = standalone ? (
    <main className="centered-page" id="main-content">
      {spinner}
    </main>
  ) : (
    spinner
  );
  return (
    <Suspense fallback={fallback}>
      <Component />
    </Suspense>
  );
}

/** Opt in to react-router v7 behaviour now, so the upgrade changes nothing (and v6 stops warning). */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** The app's routes (docs/product/app-and-api.md#routes). */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <PublicOnly>
            <Screen component={LandingPage} standalone />
          </PublicOnly>
        }
      />
      {SOCIAL_PROVIDERS.map((provider) => (
        <Route
          key={provider}
          path={`/auth/${provider}/callback`}
          element={<Screen component={AuthCallbackPage} standalone />}
        />
      ))}
      {/* Public: the API mails links to APP_BASE_URL + these paths (decision 0105). */}
      <Route path="/verify-email" element={<Screen component={VerifyEmailPage} standalone />} />
      <Route path="/reset-password" element={<Screen component={ResetPasswordPage} standalone />} />
      {/* Public: linked from the eligibility dialog before the first money move. */}
      <Route path="/terms" element={<Screen component={TermsPage} standalone />} />
      <Route element={<RequireSession />}>
        <Route element={<Screen component={AppLayout} standalone />}>
          {LAYOUT_ROUTES.map(({ path, screen }) => (
            <Route key={path} path={path} element={<Screen component={screen} />} />
          ))}
        </Route>
      </Route>
      <Route path="*" element={<Screen component={NotFoundPage} standalone />} />
    </Routes>
  );
}
