import type { User } from '@skillduel/contracts';
import { MailCheck, MailWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toast';
import { useResendVerificationMutation } from '../../auth/authApi';
import { authErrorText } from '../../auth/authErrors';

/** Whether the account's email is verified, with a way to get a new link (POST /auth/resend-verification). */
export function EmailVerificationSection({ user, verified }: { user: User; verified: boolean }) {
  const { t } = useTranslation();
  const [resend, { isLoading }] = useResendVerificationMutation();
  const [sent, setSent] = useState(false);
  const id = useId();
  const email = user.email;

  const onResend = async () => {
    if (!email) return;
    try {
      await resend({ email }).unwrap();
      setSent(true);
    } catch (error) {
      toast.error(authErrorText(t, error, t('httpErrors.fallback')));
    }
  };

  return (
    <section className="card security-section" aria-labelledby={`${id}-title`} data-testid="security-email">
      <h2 id={`${id}-title`}>{t('profile.security.email.title')}</h2>
      {!email && <p className="muted">{t('profile.security.email.noEmail')}</p>}
      {email && verified && (
        <p className="security-status security-status-ok">
          <MailCheck aria-hidden="true" size={18} />
          <span>{t('profile.security.email.verified', { email })}</span>
        </p>
      )}
      {email && !verified && (
        <>
          <p className="security-status security-status-warn">
            <MailWarning aria-hidden="true" size={18} />
            <span>{t('profile.security.email.unverified', { email })}</span>
          </p>
          {sent ? (
            <p className="notice notice-success" role="status">
              {t('profile.security.email.sent')}
            </p>
          ) : (
            <button
              type="button"
              className="button button-secondary"
              disabled={isLoading}
              aria-busy={isLoading}
              onClick={() => void onResend()}
            >
              {t('profile.security.email.resend')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
