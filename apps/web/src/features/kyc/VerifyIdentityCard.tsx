import type { KycStatusDto } from '@skillduel/contracts';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostedFlow } from './hostedFlow';
import { useGetKycStatusQuery, useStartKycInquiryMutation } from './kycApi';
import './kyc.css';

/** Steps where the player can start a check from here. */
const STARTABLE = new Set(['start_verification']);

/** The button that starts an identity check and sends the player to the hosted flow. */
export function StartVerificationButton({ status }: { status: KycStatusDto | undefined }) {
  const { t } = useTranslation();
  const [start, { isLoading }] = useStartKycInquiryMutation();
  const [failed, setFailed] = useState(false);
  if (!status?.next || !STARTABLE.has(status.next.step)) return null;
  const retry = status.status === 'rejected_retry' || status.status === 'expired';
  const onClick = async () => {
    setFailed(false);
    try {
      const inquiry = await start().unwrap();
      hostedFlow.open(inquiry.hosted_url);
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="kyc-start">
      <button
        type="button"
        className="button button-primary"
        onClick={() => void onClick()}
        disabled={isLoading}
        aria-busy={isLoading}
        data-testid="kyc-start"
      >
        <ShieldCheck aria-hidden="true" size={18} />
        <span>{isLoading ? t('kyc.starting') : retry ? t('kyc.retry') : t('kyc.start')}</span>
      </button>
      {failed && (
        <p className="field-error" role="alert">
          {t('kyc.startFailed')}
        </p>
      )}
    </div>
  );
}

/**
 * The profile's "Verify your identity" card (docs/product/kyc.md): the tier and the provider's status, what comes
 * next, when the operator asks for it (said before the first deposit, not only at cash-out), and the button that
 * starts a check. Reloaded on every visit, so a player back from the hosted flow sees the result.
 */
export function VerifyIdentityCard() {
  const { t } = useTranslation();
  const id = useId();
  const { data: status, refetch, isFetching } = useGetKycStatusQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!status) return null;
  const when =
    status.policy.required_for === 'withdrawal'
      ? t('kyc.when.withdrawal', { amount: status.policy.verify_above_cumulative_withdrawals.toLocaleString('en-US') })
      : t(`kyc.when.${status.policy.required_for}`);
  const waiting = status.next?.step === 'wait_for_provider' || status.next?.step === 'wait_for_support';
  return (
    <section aria-labelledby={`${id}-title`} className="card kyc-card" data-testid="kyc-card" id="verify-identity">
      <h2 id={`${id}-title`}>{t('kyc.title')}</h2>
      <dl className="kyc-facts">
        <div>
          <dt>{t('kyc.tierLabel')}</dt>
          <dd data-testid="kyc-tier">{t(`kyc.tiers.${status.tier}`)}</dd>
        </div>
        <div>
          <dt>{t('kyc.statusLabel')}</dt>
          <dd data-testid="kyc-status">{t(`kyc.statuses.${status.status}`)}</dd>
        </div>
      </dl>
      {status.next && (
        <p data-testid="kyc-next" role="status">
          {t(`kyc.next.${status.next.step}`)}
        </p>
      )}
      {status.tier !== 'verified' && status.tier !== 'enhanced' && (
        <>
          <p className="muted">{t('kyc.intro')}</p>
          <p className="muted">{when}</p>
        </>
      )}
      <StartVerificationButton status={status} />
      {waiting && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void refetch()}
          disabled={isFetching}
          data-testid="kyc-refresh"
        >
          {t('kyc.refresh')}
        </button>
      )}
    </section>
  );
}
