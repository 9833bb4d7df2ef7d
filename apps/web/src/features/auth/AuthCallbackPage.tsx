import { AUTH_ERROR_CODES, type OAuthCallbackResponse, type SocialProvider } from '@skillduel/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../app/toast';
import { Spinner } from '../../app/ui/Spinner';
import { completeSignIn } from '../session/sessionThunks';
import { useOauthCallbackMutation } from './authApi';
import { authErrorText, hasErrorCode, isTwoFactorRequired } from './authErrors';
import { isSocialProvider, oauthRedirectUri, PROVIDER_NAMES, type OAuthPopupMessage } from './oauthMessages';
import { TwoFactorCodeForm, type SecondFactor } from './TwoFactorCodeForm';

type Phase = { kind: 'working' } | { kind: 'twoFactor' } | { kind: 'done'; message: string; failed: boolean };

/** The window that opened this popup, if it is still there. */
function openerWindow(): Window | null {
  const opener = window.opener as Window | null;
  return opener && !opener.closed ? opener : null;
}

/** Reports to the opener (its own origin only) and closes the popup. False when there is no opener. */
function reportToOpener(message: OAuthPopupMessage): boolean {
  const opener = openerWindow();
  if (!opener) return false;
  opener.postMessage(message, window.location.origin);
  window.close();
  return true;
}

function providerFromPath(pathname: string): SocialProvider | null {
  const segment = pathname.split('/')[2];
  return isSocialProvider(segment) ? segment : null;
}

/**
 * The sign-in completion screen of /auth/{google,facebook,microsoft}/callback
 * (docs/product/accounts.md#sign-in-completion-screen): posts the authorization code with its state to POST
 * /auth/oauth/callback, asks for the 2FA code when the account has one, then either messages the opener and closes, or
 * (no opener) stores the session and opens the dashboard.
 */
/**
 * Exchanges on their way, by provider, code and state. A code is single-use, and this screen can be mounted again
 * while its exchange is on the way (a lazy chunk or the translations arriving remount it): the new screen waits for
 * the same answer instead of sending the code twice, and only the screen still mounted acts on it.
 */
const EXCHANGES_IN_FLIGHT = new Map<string, Promise<OAuthCallbackResponse>>();

export function AuthCallbackPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [exchangeCode, { isLoading }] = useOauthCallbackMutation();
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const started = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const provider = providerFromPath(location.pathname);

  const fail = useCallback(
    (message: string) => {
      toast.error(message);
      setPhase({ kind: 'done', message, failed: true });
      if (!reportToOpener({ type: 'OAUTH_ERROR', message })) navigate('/', { replace: true });
    },
    [navigate],
  );

  const succeed = useCallback(
    (response: OAuthCallbackResponse, signedInProvider: SocialProvider) => {
      const { user, access_token, refresh_token } = response;
      const tokens = access_token && refresh_token ? { access_token, refresh_token } : null;
      const message = tokens
        ? t('callback.success')
        : t('callback.linked', { provider: PROVIDER_NAMES[signedInProvider] });
      toast.success(message);
      setPhase({ kind: 'done', message, failed: false });
      if (reportToOpener({ type: 'OAUTH_SUCCESS', user, ...(tokens ?? {}) })) return;
      if (tokens) dispatch(completeSignIn({ user, ...tokens }));
      navigate(tokens ? '/dashboard' : '/profile', { replace: true });
    },
    [dispatch, navigate, t],
  );

  /** Posts the code (again with the second factor, if asked). Resolves a message for the 2FA form, or null. */
  const exchange = useCallback(
    async (factor?: SecondFactor): Promise<string | null> => {
      const code = searchParams.get('code');
      if (!provider || !code) return null;
      const state = searchParams.get('state') ?? '';
      const send = () =>
        exchangeCode({ provider, code, state, redirect_uri: oauthRedirectUri(provider), ...factor }).unwrap();
      const key = `${provider}:${code}:${state}`;
      let answer = factor ? undefined : EXCHANGES_IN_FLIGHT.get(key);
      if (!answer) {
        answer = send();
        if (!factor) {
          EXCHANGES_IN_FLIGHT.set(key, answer);
          const forget = () => EXCHANGES_IN_FLIGHT.delete(key);
          answer.then(forget, forget);
        }
      }
      try {
        const response = await answer;
        if (!mounted.current) return null;
        if (response.success) succeed(response, provider);
        else fail(response.message || t('toast.oauthLoginFailed'));
        return null;
      } catch (error) {
        if (!mounted.current) return null;
        if (!factor && isTwoFactorRequired(error)) {
          setPhase({ kind: 'twoFactor' });
          return null;
        }
        const message = authErrorText(t, error, t('toast.oauthLoginFailed'));
        // A wrong code can be tried again; anything else (expired state, failed verification) ends the attempt.
        if (factor && (isTwoFactorRequired(error) || hasErrorCode(error, AUTH_ERROR_CODES.twoFactorInvalid))) {
          return message;
        }
        fail(message);
        return null;
      }
    },
    [exchangeCode, fail, provider, searchParams, succeed, t],
  );

  useEffect(() => {
    // Once per page: the code can be exchanged only once (and StrictMode runs effects twice in development).
    if (started.current || !provider) return;
    started.current = true;
    const providerError = searchParams.get('error');
    if (providerError) {
      const reason = searchParams.get('error_description') || providerError;
      fail(t('callback.providerFailed', { provider, reason }));
      return;
    }
    if (!searchParams.get('code')) {
      fail(t('validation.noAuthorizationCode'));
      return;
    }
    void exchange();
  }, [exchange, fail, provider, searchParams, t]);

  return (
    <main className="centered-page" id="main-content">
      <div className="card callback-card">
        {phase.kind === 'working' && (
          <>
            <Spinner label={t('callback.title')} />
            <h1>{t('callback.title')}</h1>
            <p className="muted">{t('callback.text')}</p>
          </>
        )}
        {phase.kind === 'twoFactor' && (
          <TwoFactorCodeForm
            isSubmitting={isLoading}
            onSubmit={(factor) => exchange(factor)}
            onBack={() => fail(t('toast.oauthLoginFailed'))}
            backLabel={t('callback.backToSignIn')}
          />
        )}
        {phase.kind === 'done' && (
          <>
            <h1>{phase.failed ? t('callback.failedTitle') : t('callback.title')}</h1>
            <p className={phase.failed ? 'field-error' : 'muted'} role={phase.failed ? 'alert' : 'status'}>
              {phase.message}
            </p>
            {phase.failed && (
              <Link className="button button-secondary" to="/" replace>
                {t('callback.backToSignIn')}
              </Link>
            )}
          </>
        )}
      </div>
    </main>
  );
}
