import type { RgLimitsDto } from '@skillduel/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/dates';
import { useSession } from '../session/hooks';
import { useGetLimitsQuery } from './rgApi';

/**
 * A freeze is decided by an operator at any time: the banner's reader asks again this often, so a frozen player
 * learns it within a minute, before an action fails.
 */
const PAUSE_RECHECK_INTERVAL_MS = 60_000;

type MoneyPlayPause = 'cool_off' | 'self_exclusion' | 'permanent' | 'frozen';

/** Why real-money play is paused for this player: the lasting banner, and the short reason by each money button. */
export interface MoneyPlayBlock {
  kind: MoneyPlayPause;
  banner: string;
  reason: string;
  /** A freeze stops withdrawals too; a break never does. */
  withdrawalsPaused: boolean;
}

/** The pause a limits answer describes (a freeze first: it stops more), or null when money play is open. */
function moneyPlayBlockOf(
  t: TFunction,
  language: string,
  limits: RgLimitsDto | undefined,
  now: Date = new Date(),
): MoneyPlayBlock | null {
  if (!limits) return null;
  if (limits.frozen) {
    return {
      kind: 'frozen',
      banner: t('rg.paused.banner.frozen'),
      reason: t('rg.paused.reason.frozen'),
      withdrawalsPaused: true,
    };
  }
  const exclusion = limits.exclusion;
  if (!exclusion) return null;
  if (exclusion.ends_at === null) {
    return {
      kind: 'permanent',
      banner: t('rg.paused.banner.permanent'),
      reason: t('rg.paused.reason.permanent'),
      withdrawalsPaused: false,
    };
  }
  // A break that ended while the page was open no longer pauses anything.
  if (new Date(exclusion.ends_at).getTime() <= now.getTime()) return null;
  const date = formatDateTime(exclusion.ends_at, language, now);
  return {
    kind: exclusion.kind,
    banner: t(`rg.paused.banner.${exclusion.kind}`, { date }),
    reason: t(`rg.paused.reason.${exclusion.kind}`, { date }),
    withdrawalsPaused: false,
  };
}

/**
 * The signed-in player's money-play pause (a break or a freeze), from GET /users/me/limits, or null. `recheck` is set
 * by the one lasting banner, which asks the server again every minute.
 */
export function useMoneyPlayBlock({ recheck = false }: { recheck?: boolean } = {}): MoneyPlayBlock | null {
  const { t, i18n } = useTranslation();
  const signedIn = useSession().kind === 'signedIn';
  const { data } = useGetLimitsQuery(undefined, {
    skip: !signedIn,
    ...(recheck ? { pollingInterval: PAUSE_RECHECK_INTERVAL_MS } : {}),
  });
  return signedIn ? moneyPlayBlockOf(t, i18n.language, data) : null;
}
