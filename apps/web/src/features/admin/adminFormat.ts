import { ADMIN_ERROR_CODES, ADMIN_MESSAGES } from '@skillduel/contracts';
import { isApiError } from '../../app/apiErrors';

/** The code of a refused console action's error body, if any. */
function codeOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const code = (data as Record<string, unknown>).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The server's reason for a refused console action. A conflict of interest (decision 2310) always reads as the
 * contract's message, whatever the server sent, so the operator knows another staff member must decide it.
 */
export function failureText(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong';
  if (codeOf(error.data) === ADMIN_ERROR_CODES.conflictOfInterest) return ADMIN_MESSAGES.conflictOfInterest;
  return error.serverMessage ?? error.message;
}

/** Dates in the console: English, medium date and short time, the operator's time zone. */
export function when(iso: string): string {
  return new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}
