import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { EligibilityGateProvider } from '../../features/responsible-gaming/EligibilityGate';
import { useMatchmakingPushes } from '../../features/matchmaking/useMatchmakingPushes';
import { MoneyPlayBanner } from '../../features/responsible-gaming/MoneyPlayBanner';
import { RealityCheck } from '../../features/responsible-gaming/RealityCheck';
import { BottomNav } from './BottomNav';
import { TopBar } from './TopBar';
import { useChromeInsets } from './useChromeInsets';

/** Shared layout of every signed-in or guest screen (docs/product/app-and-api.md#shared-layout). */
export function AppLayout() {
  const { t } = useTranslation();
  useChromeInsets();
  // Matched or expired while on another page: the room opens, the refund shows.
  useMatchmakingPushes();
  return (
    <EligibilityGateProvider>
      <div className="app-shell">
        <a className="skip-link" href="#main-content">
          {t('common.skipToContent')}
        </a>
        <TopBar />
        <main id="main-content" className="app-main" tabIndex={-1}>
          <MoneyPlayBanner />
          <Outlet />
        </main>
        <BottomNav />
        <RealityCheck />
      </div>
    </EligibilityGateProvider>
  );
}
