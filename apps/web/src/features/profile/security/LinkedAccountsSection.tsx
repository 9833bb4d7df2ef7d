import { SOCIAL_PROVIDERS, type SecurityOverviewDto, type SocialProvider } from '@skillduel/contracts';
import { Link2 } from 'lucide-react';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { toast } from '../../../app/toast';
import { useOauthUnlinkMutation } from '../../auth/authApi';
import { authErrorText } from '../../auth/authErrors';
import { isSocialProvider, PROVIDER_NAMES, type OAuthPopupMessage } from '../../auth/oauthMessages';
import { useOAuthPopup } from '../../auth/useOAuthPopup';
import { useGetConfigQuery } from '../../config/configApi';
import { ConfirmAction } from './ConfirmAction';

type LinkedProvider = SecurityOverviewDto['linked_providers'][number];

/**
 * Social accounts linked to this user: link one through the same popup as sign-in (GET /auth/oauth/{provider}
 * ?mode=link), unlink with POST /auth/oauth/{provider}/unlink (refused for the last way to sign in).
 */
export function LinkedAccountsSection({ linked }: { linked: readonly LinkedProvider[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: config } = useGetConfigQuery();
  const [unlink, unlinkState] = useOauthUnlinkMutation();
  const id = useId();
  const configured = new Set<SocialProvider>((config?.oauth_providers ?? []).filter(isSocialProvider));
  const linkedBy = new Map(linked.map((entry) => [entry.provider, entry]));
  const shown = SOCIAL_PROVIDERS.filter((provider) => configured.has(provider) || linkedBy.has(provider));

  const onMessage = useCallback(
    (message: OAuthPopupMessage, provider: SocialProvider) => {
      if (message.type === 'OAUTH_ERROR') {
        toast.error(message.message || t('toast.oauthLoginFailed'));
        return;
      }
      toast.success(t('profile.security.linked.linkedDone', { provider: PROVIDER_NAMES[provider] }));
      dispatch(api.util.invalidateTags(['Security', 'AuthSessions']));
    },
    [dispatch, t],
  );
  const { start, pendingProvider } = useOAuthPopup({ mode: 'link', onMessage });

  const onUnlink = async (provider: SocialProvider) => {
    try {
      await unlink(provider).unwrap();
      toast.success(t('profile.security.linked.unlinked', { provider: PROVIDER_NAMES[provider] }));
    } catch (error) {
      toast.error(authErrorText(t, error, t('httpErrors.fallback')));
    }
  };

  return (
    <section className="card security-section" aria-labelledby={`${id}-title`} data-testid="security-linked">
      <h2 id={`${id}-title`}>{t('profile.security.linked.title')}</h2>
      <p className="muted">{t('profile.security.linked.text')}</p>
      {shown.length === 0 && <p className="muted">{t('profile.security.linked.noProviders')}</p>}
      <ul className="linked-list">
        {shown.map((provider) => {
          const entry = linkedBy.get(provider);
          const name = PROVIDER_NAMES[provider];
          return (
            <li key={provider} className="linked-item" data-testid={`linked-${provider}`}>
              <Link2 aria-hidden="true" size={18} />
              <div className="linked-text">
                <strong>{name}</strong>
                <span className="muted small">
                  {entry
                    ? entry.email
                      ? t('profile.security.linked.linkedAs', { email: entry.email })
                      : t('profile.security.linked.linked')
                    : t('profile.security.linked.notLinked')}
                </span>
              </div>
              {entry ? (
                <ConfirmAction
                  label={t('profile.security.linked.unlink', { provider: name })}
                  question={t('profile.security.linked.confirmUnlink', { provider: name })}
                  busy={unlinkState.isLoading && unlinkState.originalArgs === provider}
                  onConfirm={() => onUnlink(provider)}
                />
              ) : (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={pendingProvider !== null}
                  aria-busy={pendingProvider === provider || undefined}
                  onClick={() => void start(provider)}
                >
                  {t('profile.security.linked.link', { provider: name })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
