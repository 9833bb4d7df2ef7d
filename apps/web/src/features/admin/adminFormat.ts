import { isApiError } from '../../app/apiErrors';

/** The server's reason for a refused console action. */
export function failureText(error: unknown): string {
  return isApiError(error) ? (error.serverMessage ?? error.message) : 'Something went wrong';
}

/** Dates in the console: English, medium date and short time, the operator's time zone. */
export function when(iso: string): string {
  return new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}
