import { WITHDRAWAL_REVIEW_WINDOW_HOURS } from '@skillduel/contracts';
import { isApiError } from '../../app/apiErrors';
import { formatDollars } from '../../app/format';

/** The server's reason for a refused console action. */
export function failureText(error: unknown): string {
  return isApiError(error) ? (error.serverMessage ?? error.message) : 'Something went wrong';
}

/** Dates in the console: English, medium date and short time, the operator's time zone. */
export function when(iso: string): string {
  return new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
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
