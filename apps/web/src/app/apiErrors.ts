import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { HTTP_ERROR_MESSAGES } from '@skillduel/contracts';

/**
 * Keys of the spec's fixed error messages (docs/product/app-and-api.md#status-messages); the UI translates them under
 * `httpErrors.<key>`.
 */
export type HttpErrorMessageKey = keyof typeof HTTP_ERROR_MESSAGES;

/** Every failed call ends as one of these. */
export interface ApiError {
  /** HTTP status, or why there is none: FETCH_ERROR (no response), TIMEOUT_ERROR, PARSING_ERROR, CUSTOM_ERROR. */
  status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'CUSTOM_ERROR';
  /** The fixed English message of this failure. */
  message: string;
  /** Set when `message` is one of the spec's fixed messages, so the UI can translate it. */
  messageKey?: HttpErrorMessageKey;
  /** The server's own `detail` / `message`, whatever the status. */
  serverMessage?: string;
  data?: unknown;
}

/** The human message a server put in an error body: `detail` first, then `message`. */
export function serverMessageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const body = data as Record<string, unknown>;
  for (const field of ['detail', 'message'] as const) {
    const value = body[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) {
      return value.join(', ');
    }
  }
  return undefined;
}

function fixed(status: ApiError['status'], key: HttpErrorMessageKey, data: unknown): ApiError {
  const serverMessage = serverMessageOf(data);
  return {
    status,
    message: HTTP_ERROR_MESSAGES[key],
    messageKey: key,
    ...(serverMessage ? { serverMessage } : {}),
    ...(data === undefined ? {} : { data }),
  };
}

function fromHttpStatus(status: number, data: unknown, reportedStatus: ApiError['status'] = status): ApiError {
  if (status === 401) return fixed(reportedStatus, 401, data);
  if (status === 403) return fixed(reportedStatus, 403, data);
  if (status === 404) return fixed(reportedStatus, 404, data);
  if (status === 429) return fixed(reportedStatus, 429, data);
  if (status >= 500) return fixed(reportedStatus, 'serverError', data);
  const serverMessage = serverMessageOf(data);
  if (serverMessage) return { status: reportedStatus, message: serverMessage, serverMessage, data };
  return fixed(reportedStatus, 'fallback', data);
}

/**
 * Status mapping (docs/product/app-and-api.md#status-messages), in one place:
 * 401/403/404/429 and ≥500 have fixed messages; other statuses use the body's detail or message, else
 * 'An error occurred'; no response (network failure or our 30 s timeout) is a network error; anything else
 * carries its own message, else 'An unexpected error occurred'.
 */
export function mapApiError(error: FetchBaseQueryError): ApiError {
  switch (error.status) {
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
      // Both mean no response arrived; the spec's "no response" case.
      return fixed(error.status, 'network', undefined);
    case 'PARSING_ERROR':
      // A response came but its body was not JSON (e.g. a proxy's HTML error page): map by its status.
      return fromHttpStatus(error.originalStatus, undefined, error.originalStatus);
    case 'CUSTOM_ERROR':
      return error.error
        ? { status: 'CUSTOM_ERROR', message: error.error, ...(error.data === undefined ? {} : { data: error.data }) }
        : fixed('CUSTOM_ERROR', 'unexpected', error.data);
    default:
      return fromHttpStatus(error.status, error.data);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
