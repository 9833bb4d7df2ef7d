import { Gamepad2, LayoutDashboard, Trophy, User, Wallet, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  labelKey: 'nav.dashboard' | 'nav.games' | 'nav.leaderboard' | 'nav.profile' | 'nav.wallet';
  icon: LucideIcon;
}

/** The five sections of the shared layout (docs/product/app-and-api.md#shared-layout), in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/games', labelKey: 'nav.games', icon: Gamepad2 },
  { to: '/leaderboard', labelKey: 'nav.leaderboard', icon: Trophy },
  { to: '/profile', labelKey: 'nav.profile', icon: User },
  { to: '/wallet', labelKey: 'nav.wallet', icon: Wallet },
];
