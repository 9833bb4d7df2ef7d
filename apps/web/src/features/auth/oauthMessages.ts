import { LIMITS, SOCIAL_PROVIDERS, type SocialProvider, type User } from '@skillduel/contracts';

/** What the sign-in completion screen posts to the window that opened it. */
export type OAuthPopupMessage =
  | {
      type: 'OAUTH_SUCCESS';
      user: User;
      /** Absent when the popup linked a provider to the signed-in account instead of signing in. */
      access_token?: string;
      refresh_token?: string;
    }
  | { type: 'OAUTH_ERROR'; message: string };

export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  microsoft: 'Microsoft',
};

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Messages from other scripts on the page (extensions, dev tools) are ignored unless they have this shape. */
export function isOAuthPopupMessage(value: unknown): value is OAuthPopupMessage {
  if (!isRecord(value)) return false;
  if (value['type'] === 'OAUTH_ERROR') return typeof value['message'] === 'string';
  if (value['type'] !== 'OAUTH_SUCCESS') return false;
  const user = value['user'];
  const tokensOk =
    (value['access_token'] === undefined && value['refresh_token'] === undefined) ||
    (typeof value['access_token'] === 'string' && typeof value['refresh_token'] === 'string');
  return isRecord(user) && typeof user['id'] === 'string' && typeof user['username'] === 'string' && tokensOk;
}

/** Where the provider sends the popup back: this origin's /auth/{provider}/callback. */
export function oauthRedirectUri(provider: SocialProvider): string {
  return `${window.location.origin}/auth/${provider}/callback`;
}

/** Opens the 500×600 popup, centred on the current window. Null when the browser blocked it. */
export function openOAuthPopup(provider: SocialProvider): Window | null {
  const width = LIMITS.socialPopupWidthPx;
  const height = LIMITS.socialPopupHeightPx;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return window.open(
    '',
    `skillduel-oauth-${provider}`,
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
}
