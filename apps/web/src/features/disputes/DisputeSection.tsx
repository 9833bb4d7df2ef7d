import { formatDateTime } from '../../app/dates';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/apiErrors';
import { useGetMyDisputesQuery, useOpenDisputeMutation } from './disputesApi';

/**
 * History → Details: the player's dispute of this round and its decision, or a short form to open one (the server
 * enforces the 72-hour window, one dispute per player and round, finished rounds only).
 */
export function DisputeSection({ roomId, round }: { roomId: string; round: number }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { data: disputes } = useGetMyDisputesQuery({ roomId, round });
  const [openDispute, { isLoading }] = useOpenDisputeMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dispute = disputes?.[0];

  if (dispute) {
    const date = formatDateTime(dispute.created_at, i18n.language);
    return (
      <p className="dispute-status" data-testid="dispute-status" role="status">
        {t(`disputes.status.${dispute.status}`, { date, note: dispute.decision_note ?? '' })}
      </p>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      await openDispute({ roomId, round, reason: reason.trim() }).unwrap();
    } catch (failure) {
      setError(isApiError(failure) ? (failure.serverMessage ?? failure.message) : t('httpErrors.unexpected'));
    }
  };

  return (
    <form className="dispute-form" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="dispute-title">
        <strong>{t('disputes.title')}</strong> {t('disputes.intro')}
      </p>
      <label htmlFor={`${id}-reason`} className="visually-hidden">
        {t('disputes.reason')}
      </label>
      <textarea
        id={`${id}-reason`}
        className="dispute-reason"
        rows={3}
        maxLength={1000}
        placeholder={t('disputes.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        data-testid="dispute-reason"
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-secondary" disabled={isLoading} data-testid="dispute-submit">
        {isLoading ? t('disputes.sending') : t('disputes.submit')}
      </button>
    </form>
  );
}
