import { reloadCurrentUser } from '../../features/session/sessionThunks';
import type { AppDispatch } from '../store';

/**
 * The socket's way into the app's token refresh (docs/product/accounts.md#tokens-and-refresh): GET /users/me/ with the
 * stored access token. When that token has expired the base query refreshes it once (single-flight, rotating the
 * refresh token) and retries; when the refresh fails the session ends. Either way the next handshake reads the stored
 * token again.
 */
export function realtimeAuthRefresher(dispatch: AppDispatch): () => Promise<unknown> {
  return () => dispatch(reloadCurrentUser());
}
