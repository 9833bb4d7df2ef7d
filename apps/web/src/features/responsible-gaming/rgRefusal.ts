import { ADMIN_ERROR_CODES, RG_ERROR_CODES } from '@skillduel/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../../app/apiErrors';
import { formatDateTime } from '../../app/dates';

type Window = 'day' | 'week' | 'month';

function bodyOf(error: unknown): { code?: string; params?: Record<string, string | number> } | null {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return null;
  return error.data as { code?: string; params?: Record<string, string | number> };
}

function windowOf(value: unknown): Window | null {
  return value === 'day' || value === 'week' || value === 'month' ? value : null;
}

function breakRefusal(t: TFunction, language: string, params: Record<string, string | number>): string | null {
  if (params['until'] === 'permanent') return t('rg.refusals.permanent');
  const date = typeof params['until'] === 'string' ? formatDateTime(params['until'], language) : '';
  if (!date) return null;
  return params['kind'] === 'cool_off' ? t('rg.refusals.coolOff', { date }) : t('rg.refusals.selfExcluded', { date });
}

/**
 * A player-protection refusal (eligibility, a limit, a break, a frozen account) in the current language, from the
 * answer's code and figures (ErrorBody.params); null for anything else, or in English, where the server's own
 * sentence is already the right one (except a break, whose end date is written in the app's format).
 */
export function rgRefusalText(t: TFunction, error: unknown): string | null {
  const language = t('rg.language');
  const body = bodyOf(error);
  if (!body?.code) return null;
  const params = body.params ?? {};
  // A break's end is written in the app's one date format in every language (the server's sentence has UTC).
  if (body.code === RG_ERROR_CODES.selfExcluded) return breakRefusal(t, language, params);
  if (language === 'en') return null;
  switch (body.code) {
    case RG_ERROR_CODES.eligibilityRequired:
      return t('rg.refusals.eligibilityRequired');
    case ADMIN_ERROR_CODES.accountFrozen:
      return t('rg.refusals.accountFrozen');
    case RG_ERROR_CODES.maxBet:
      return t('rg.refusals.maxBet', { limit: params['limit'] });
    case RG_ERROR_CODES.depositLimit:
    case RG_ERROR_CODES.lossLimit: {
      const window = windowOf(params['window']);
      if (!window) return null;
      const kind = body.code === RG_ERROR_CODES.depositLimit ? 'depositLimit' : 'lossLimit';
      return t(`rg.refusals.${kind}.${window}`, { limit: params['limit'], left: params['left'] });
    }
    default:
      return null;
  }
}
