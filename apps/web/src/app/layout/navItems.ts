import { Gamepad2, LayoutDashboard, Medal, Trophy, User, Wallet, type LucideIcon } from 'lucide-react';
import { useGetConfigQuery } from '../../features/config/configApi';

export interface NavItem {
  to: string;
  labelKey: 'nav.dashboard' | 'nav.games' | 'nav.leaderboard' | 'nav.tournaments' | 'nav.profile' | 'nav.wallet';
  icon: LucideIcon;
  /** Shown only while this feature flag of GET /api/config is on. */
  feature?: 'tournaments';
}

/** The sections of the shared layout (docs/product/app-and-api.md#shared-layout), in order. */
const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/games', labelKey: 'nav.games', icon: Gamepad2 },
  { to: '/tournaments', labelKey: 'nav.tournaments', icon: Medal, feature: 'tournaments' },
  { to: '/leaderboard', labelKey: 'nav.leaderboard', icon: Trophy },
  { to: '/profile', labelKey: 'nav.profile', icon: User },
  { to: '/wallet', labelKey: 'nav.wallet', icon: Wallet },
];

/** The sections to show: a flagged one only once the public config says its feature is on. */
export function useNavItems(): readonly NavItem[] {
  const { data: config } = useGetConfigQuery();
  return NAV_ITEMS.filter((item) => !item.feature || config?.features[item.feature] === true);
}
