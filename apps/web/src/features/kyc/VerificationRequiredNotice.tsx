import { ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetKycStatusQuery } from './kycApi';
import type { VerificationRefusal } from './verificationRefusal';
import { StartVerificationButton } from './VerifyIdentityCard';
import './kyc.css';

/**
 * What a money form shows instead of a bare toast when the server answers 403 VERIFICATION_REQUIRED: why, that
 * nothing moved, and (when the player can start one) the button that starts an identity check.
 */
export function VerificationRequiredNotice({ refusal }: { refusal: VerificationRefusal }) {
  const { t } = useTranslation();
  const id = useId();
  const { data: status } = useGetKycStatusQuery(undefined, { refetchOnMountOrArgChange: true });
  const explanation =
    refusal.tier === 'verified'
      ? t(`kyc.required.verified.${refusal.reason ?? 'default'}`)
      : t(`kyc.required.${refusal.tier === 'enhanced' ? 'enhanced' : 'basic'}`);
  return (
    <section className="kyc-required" role="alert" aria-labelledby={`${id}-title`} data-testid="verification-required">
      <h3 id={`${id}-title`} className="kyc-required-title">
        <ShieldAlert aria-hidden="true" size={18} />
        <span>{t('kyc.required.title')}</span>
      </h3>
      <p>{explanation}</p>
      <p className="muted small">{t('kyc.required.nothingMoved')}</p>
      {status?.next && <p className="muted small">{t(`kyc.next.${status.next.step}`)}</p>}
      {refusal.tier === 'verified' && <StartVerificationButton status={status} />}
    </section>
  );
}
