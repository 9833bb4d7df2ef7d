import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { mapApiError, serverMessageOf } from './apiErrors';

describe('mapApiError: fixed status messages, server detail, network errors', () => {
  it.each([
    [401, 'Authentication required', 401],
    [403, 'Access forbidden', 403],
    [404, 'Resource not found', 404],
    [429, 'Too many requests. Please try again later.', 429],
    [500, 'Server error. Please try again later.', 'serverError'],
    [502, 'Server error. Please try again later.', 'serverError'],
    [503, 'Server error. Please try again later.', 'serverError'],
  ] as const)('maps %i to %p even when the body has its own message', (status, message, messageKey) => {
    const mapped = mapApiError({ status, data: { detail: 'from server' } });
    expect(mapped).toMatchObject({ status, message, messageKey, serverMessage: 'from server' });
  });

  it('uses the body detail for other statuses', () => {
    const mapped = mapApiError({ status: 400, data: { detail: 'Bet must be positive', message: 'ignored' } });
    expect(mapped.message).toBe('Bet must be positive');
    expect(mapped.messageKey).toBeUndefined();
  });

  it('falls back to the body message when there is no detail', () => {
    expect(mapApiError({ status: 409, data: { message: 'Room is full' } }).message).toBe('Room is full');
    expect(mapApiError({ status: 422, data: { message: ['a is required', 'b is required'] } }).message).toBe(
      'a is required, b is required',
    );
  });

  it("says 'An error occurred' for other statuses without a message", () => {
    expect(mapApiError({ status: 400, data: null })).toMatchObject({
      message: 'An error occurred',
      messageKey: 'fallback',
    });
    expect(mapApiError({ status: 418, data: { detail: '  ' } }).message).toBe('An error occurred');
  });

  it('treats no response as a network error', () => {
    const noResponse: FetchBaseQueryError = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
    expect(mapApiError(noResponse)).toMatchObject({
      status: 'FETCH_ERROR',
      message: 'Network error. Please check your connection.',
      messageKey: 'network',
    });
  });

  it('treats the 30 s timeout as no response', () => {
    const timedOut: FetchBaseQueryError = { status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' };
    expect(mapApiError(timedOut).message).toBe('Network error. Please check your connection.');
  });

  it('maps an unreadable body by the status that came with it', () => {
    const htmlBadGateway: FetchBaseQueryError = {
      status: 'PARSING_ERROR',
      originalStatus: 502,
      data: '<html>Bad gateway</html>',
      error: 'SyntaxError: Unexpected token <',
    };
    expect(mapApiError(htmlBadGateway)).toMatchObject({
      status: 502,
      message: 'Server error. Please try again later.',
    });
    expect(
      mapApiError({ status: 'PARSING_ERROR', originalStatus: 400, data: 'oops', error: 'SyntaxError' }).message,
    ).toBe('An error occurred');
  });

  it("keeps any other error's own message, else 'An unexpected error occurred'", () => {
    expect(mapApiError({ status: 'CUSTOM_ERROR', error: 'Something specific broke' }).message).toBe(
      'Something specific broke',
    );
    expect(mapApiError({ status: 'CUSTOM_ERROR', error: '' }).message).toBe('An unexpected error occurred');
  });
});

describe('serverMessageOf', () => {
  it('reads detail, then message, and ignores anything else', () => {
    expect(serverMessageOf({ detail: 'd', message: 'm' })).toBe('d');
    expect(serverMessageOf({ message: 'm' })).toBe('m');
    expect(serverMessageOf({ error: 'e' })).toBeUndefined();
    expect(serverMessageOf('plain text')).toBeUndefined();
    expect(serverMessageOf(undefined)).toBeUndefined();
  });
});
