import { formatDateTime } from '../../app/dates';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES, WITHDRAWAL_REVIEW_WINDOW_HOURS } from '@skillduel/contracts';
import { isApiError } from '../../app/apiErrors';
import { formatDollars } from '../../app/format';

/** The code of a refused console call's error body (e.g. CONFLICT_OF_INTEREST), if any. */
export function failureCode(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return undefined;
  const code = (error.data as Record<string, unknown>).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The server's reason for a refused console action. A conflict of interest (decision 2310) always reads as the
 * contract's message, whatever the server sent, so the operator knows another staff member must decide it.
 */
export function failureText(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong';
  if (failureCode(error) === ADMIN_ERROR_CODES.conflictOfInterest) return ADMIN_MESSAGES.conflictOfInterest;
  return error.serverMessage ?? error.message;
}

/** Dates in the console: the app's one date format, in English, the operator's time zone. */
export function when(iso: string): string {
  return formatDateTime(iso, 'en');
}

/** Header of a withdrawal's rolling total (decision 2320): what the review rule compares with the threshold. */
export const ROLLING_TOTAL_LABEL = `${WITHDRAWAL_REVIEW_WINDOW_HOURS} h total`;
export const ROLLING_TOTAL_TITLE =
  `This withdrawal plus the player's other withdrawals of the ${WITHDRAWAL_REVIEW_WINDOW_HOURS} hours before it ` +
  '(failed and rejected ones aside), when it was requested';

/** A withdrawal's rolling total in dollars; a dash for withdrawals older than the rule. */
export function rollingTotal(dollars: number | null): string {
  return dollars === null ? '—' : formatDollars(dollars);
}
