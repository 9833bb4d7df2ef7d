import { SOCIAL_PROVIDERS, type SocialProvider } from '@skillduel/contracts';
import { useTranslation } from 'react-i18next';
import { useGetConfigQuery } from '../config/configApi';

const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  microsoft: 'Microsoft',
};

/**
 * One button per social provider, enabled only when GET /api/config lists it as configured.
 * Extension point: clicking opens the 500×600 OAuth popup (SPEC §2, §4) once the server flow exists.
 */
export function SocialLoginButtons() {
  const { t } = useTranslation();
  const { data: config } = useGetConfigQuery();
  const configured = new Set(config?.oauth_providers ?? []);
  return (
    <div className="social-buttons">
      {SOCIAL_PROVIDERS.map((provider) => (
        <button
          key={provider}
          type="button"
          className="button button-secondary"
          data-provider={provider}
          disabled={!configured.has(provider)}
        >
          {t('auth.continueWith', { provider: PROVIDER_NAMES[provider] })}
        </button>
      ))}
    </div>
  );
}
