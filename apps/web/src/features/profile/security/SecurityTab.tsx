import type { User } from '@skillduel/contracts';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../app/ui/Spinner';
import { useGetSecurityOverviewQuery } from '../../auth/authApi';
import { ChangePasswordSection } from './ChangePasswordSection';
import { EmailVerificationSection } from './EmailVerificationSection';
import { LinkedAccountsSection } from './LinkedAccountsSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

/**
 * Security tab (docs/product/accounts.md#security-tab): email, password, 2FA, sessions, linked social accounts (GET
 * /auth/security).
 */
export function SecurityTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const { data: security, isLoading, isError, refetch } = useGetSecurityOverviewQuery();

  return (
    <div className="security-sections" data-testid="security-tab">
      {isLoading && <Spinner label={t('common.loading')} />}
      {isError && !security && (
        <div className="card" role="alert">
          <p>{t('profile.security.loadError')}</p>
          <button type="button" className="button button-secondary" onClick={() => void refetch()}>
            {t('profile.security.retry')}
          </button>
        </div>
      )}
      {security && (
        <>
          <EmailVerificationSection user={user} verified={security.email_verified} />
          <ChangePasswordSection
            user={user}
            hasPassword={security.has_password}
            twoFactorEnabled={security.two_factor_enabled}
          />
          <TwoFactorSection enabled={security.two_factor_enabled} remaining={security.recovery_codes_remaining} />
        </>
      )}
      <SessionsSection />
      {security && <LinkedAccountsSection linked={security.linked_providers} />}
    </div>
  );
}
