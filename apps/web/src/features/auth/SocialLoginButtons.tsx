import { SOCIAL_PROVIDERS } from '@skillduel/contracts';
import { LoaderCircle } from 'lucide-react';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../app/toast';
import { useGetConfigQuery } from '../config/configApi';
import { completeSignIn, reloadCurrentUser } from '../session/sessionThunks';
import { PROVIDER_NAMES, type OAuthPopupMessage } from './oauthMessages';
import { useOAuthPopup } from './useOAuthPopup';

/**
 * One button per social provider, enabled only when GET /api/config lists it as configured. A click opens the
 * 500×600 popup; its OAUTH_SUCCESS stores the tokens, loads the user and opens the dashboard.
 */
export function SocialLoginButtons() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: config } = useGetConfigQuery();
  const configured = new Set(config?.oauth_providers ?? []);
  const noteId = useId();

  const onMessage = useCallback(
    (message: OAuthPopupMessage) => {
      if (message.type === 'OAUTH_ERROR') {
        toast.error(message.message || t('toast.oauthLoginFailed'));
        return;
      }
      if (!message.access_token || !message.refresh_token) {
        toast.error(t('toast.oauthLoginFailed'));
        return;
      }
      dispatch(
        completeSignIn({
          user: message.user,
          access_token: message.access_token,
          refresh_token: message.refresh_token,
        }),
      );
      void dispatch(reloadCurrentUser());
      toast.success(t('toast.welcomeBack'));
      navigate('/dashboard', { replace: true });
    },
    [dispatch, navigate, t],
  );
  const { start, pendingProvider } = useOAuthPopup({ mode: 'signin', onMessage });

  const unconfigured = config ? SOCIAL_PROVIDERS.filter((provider) => !configured.has(provider)) : [];
  return (
    <div className="social-buttons" aria-busy={pendingProvider !== null}>
      {SOCIAL_PROVIDERS.map((provider) => {
        const pending = pendingProvider === provider;
        const available = configured.has(provider);
        const reason = t('auth.social.notConfigured', { provider: PROVIDER_NAMES[provider] });
        return (
          <button
            key={provider}
            type="button"
            className="button button-secondary"
            data-provider={provider}
            disabled={!available || pendingProvider !== null}
            aria-busy={pending || undefined}
            aria-describedby={available ? undefined : `${noteId}-${provider}`}
            title={available ? undefined : reason}
            onClick={() => void start(provider)}
          >
            {pending && <LoaderCircle aria-hidden="true" size={18} className="spinner-icon" />}
            {t('auth.continueWith', { provider: PROVIDER_NAMES[provider] })}
          </button>
        );
      })}
      {/* Why a button is disabled ('{provider} authentication is not configured'), said once per provider. */}
      {unconfigured.length > 0 && (
        <ul className="social-unavailable muted small" data-testid="social-not-configured">
          {unconfigured.map((provider) => (
            <li key={provider} id={`${noteId}-${provider}`}>
              {t('auth.social.notConfigured', { provider: PROVIDER_NAMES[provider] })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
