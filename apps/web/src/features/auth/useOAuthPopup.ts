import type { SocialProvider } from '@skillduel/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/toast';
import { useOauthAuthorizeMutation } from './authApi';
import { authErrorText } from './authErrors';
import { isOAuthPopupMessage, oauthRedirectUri, openOAuthPopup, type OAuthPopupMessage } from './oauthMessages';

/** How often the opener looks whether the visitor closed the popup. */
const POPUP_CLOSED_POLL_MS = 500;

interface OAuthPopupOptions {
  mode: 'signin' | 'link';
  onMessage: (message: OAuthPopupMessage, provider: SocialProvider) => void;
}

/**
 * Social login in a popup (docs/product/accounts.md#sign-in-completion-screen): the popup is opened at once (inside the
 * click, so it is not blocked), sent to the authorization URL from GET /auth/oauth/{provider}, and reports back by
 * postMessage. Only messages from this page's own origin count. Closing the popup clears the loading state.
 */
export function useOAuthPopup({ mode, onMessage }: OAuthPopupOptions) {
  const { t } = useTranslation();
  const [authorize] = useOauthAuthorizeMutation();
  const [pendingProvider, setPendingProvider] = useState<SocialProvider | null>(null);
  const popupRef = useRef<Window | null>(null);
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;

  useEffect(() => {
    if (pendingProvider === null) return undefined;
    const provider = pendingProvider;
    const finish = () => {
      popupRef.current = null;
      setPendingProvider(null);
    };
    const onWindowMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin || !isOAuthPopupMessage(event.data)) return;
      finish();
      onMessageRef.current(event.data, provider);
    };
    const poll = window.setInterval(() => {
      if (!popupRef.current || popupRef.current.closed) finish();
    }, POPUP_CLOSED_POLL_MS);
    window.addEventListener('message', onWindowMessage);
    return () => {
      window.clearInterval(poll);
      window.removeEventListener('message', onWindowMessage);
    };
  }, [pendingProvider]);

  const start = useCallback(
    async (provider: SocialProvider) => {
      const popup = openOAuthPopup(provider);
      if (!popup) {
        toast.error(t('auth.social.popupBlocked'));
        return;
      }
      popupRef.current = popup;
      setPendingProvider(provider);
      try {
        const { authorization_url } = await authorize({
          provider,
          redirect_uri: oauthRedirectUri(provider),
          mode,
        }).unwrap();
        if (!popup.closed) popup.location.href = authorization_url;
      } catch (error) {
        popup.close();
        popupRef.current = null;
        setPendingProvider(null);
        toast.error(authErrorText(t, error, t('toast.oauthLoginFailed')));
      }
    },
    [authorize, mode, t],
  );

  return { start, pendingProvider };
}
