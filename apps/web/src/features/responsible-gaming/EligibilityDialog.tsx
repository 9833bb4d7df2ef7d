import { PROFILE_COUNTRIES } from '@skillduel/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../app/dates';
import { useGetConfigQuery } from '../config/configApi';
import { eligibilityFailure, type RefusedDeclaration } from './eligibilityAnswer';
import { useConfirmEligibilityMutation } from './rgApi';

type Stage = { kind: 'form' } | { kind: 'check' } | { kind: 'refused'; refused: RefusedDeclaration };

/**
 * The declaration in three steps: the form, then "You were born on 17 May 2010 — is that right?" (a typo is caught
 * before it becomes final), then either the money action goes on or, when the declaration is refused, a plain
 * explanation with the support address. Escape and Not now leave without sending anything.
 */
export function EligibilityDialog({
  refused,
  onDone,
}: {
  refused: RefusedDeclaration | null;
  onDone: (ok: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [confirmEligibility, { isLoading }] = useConfirmEligibilityMutation();
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [country, setCountry] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>(refused ? { kind: 'refused', refused } : { kind: 'form' });
  const firstField = useRef<HTMLInputElement>(null);
  const checkButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDone(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onDone]);
  useEffect(() => {
    // Each step puts the keyboard on its first control.
    if (stage.kind === 'form') firstField.current?.focus();
    else if (stage.kind === 'check') checkButton.current?.focus();
    else closeButton.current?.focus();
  }, [stage.kind]);

  const countryName = (code: string | null) => (code ? t(`profile.countries.${code}`, { defaultValue: code }) : '');

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dateOfBirth || !country || !acceptTerms) {
      setError(t('rg.eligibility.missing'));
      return;
    }
    setError(null);
    setStage({ kind: 'check' });
  };

  const send = async () => {
    try {
      await confirmEligibility({ date_of_birth: dateOfBirth, country, accept_terms: true }).unwrap();
      onDone(true);
    } catch (failure) {
      const answer = eligibilityFailure(t, failure, { dateOfBirth, country });
      if (answer.kind === 'refused') {
        setStage({ kind: 'refused', refused: answer.refused });
        return;
      }
      setError(answer.text);
      setStage({ kind: 'form' });
    }
  };

  const titleKey =
    stage.kind === 'form'
      ? 'rg.eligibility.title'
      : stage.kind === 'check'
        ? 'rg.eligibility.check.title'
        : 'rg.eligibility.refused.title';

  return (
    <div className="rg-overlay">
      <div
        className="card rg-dialog"
        role={stage.kind === 'refused' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-intro`}
        data-testid="eligibility-dialog"
        data-stage={stage.kind}
      >
        <h2 id={`${id}-title`}>{t(titleKey)}</h2>
        {stage.kind === 'check' && (
          <>
            <p id={`${id}-intro`} data-testid="eligibility-check">
              {t('rg.eligibility.check.question', {
                date: formatDate(dateOfBirth, i18n.language),
                country: countryName(country),
              })}
            </p>
            <p className="muted">{t('rg.eligibility.check.final')}</p>
            <div className="rg-actions">
              <button type="button" className="button button-ghost" onClick={() => setStage({ kind: 'form' })}>
                {t('rg.eligibility.check.fix')}
              </button>
              <button
                ref={checkButton}
                type="button"
                className="button button-primary"
                disabled={isLoading}
                aria-busy={isLoading}
                onClick={() => void send()}
                data-testid="eligibility-check-yes"
              >
                {isLoading ? t('rg.eligibility.saving') : t('rg.eligibility.check.yes')}
              </button>
            </div>
          </>
        )}
        {stage.kind === 'refused' && (
          <RefusedExplanation
            introId={`${id}-intro`}
            refused={stage.refused}
            countryName={countryName}
            closeRef={closeButton}
            onClose={() => onDone(false)}
          />
        )}
        {stage.kind === 'form' && (
          <>
            <p id={`${id}-intro`} className="muted">
              {t('rg.eligibility.intro')}
            </p>
            <form onSubmit={review} noValidate>
              <label className="field">
                <span>{t('rg.eligibility.dateOfBirth')}</span>
                <input
                  ref={firstField}
                  type="date"
                  className="input"
                  value={dateOfBirth}
                  max={new Date().toISOString().slice(0, 10)}
                  onChange={(event) => setDateOfBirth(event.target.value)}
                  data-testid="eligibility-dob"
                  required
                />
              </label>
              <label className="field">
                <span>{t('rg.eligibility.country')}</span>
                <select
                  className="input"
                  value={country}
                  onChange={(event) => setCountry(event.target.value)}
                  data-testid="eligibility-country"
                  required
                >
                  <option value="">{t('rg.eligibility.chooseCountry')}</option>
                  {PROFILE_COUNTRIES.map((option) => (
                    <option key={option.code} value={option.code}>
                      {t(`profile.countries.${option.code}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="rg-check">
                <input
                  type="checkbox"
                  checked={acceptTerms}
                  onChange={(event) => setAcceptTerms(event.target.checked)}
                  data-testid="eligibility-terms"
                />
                <span>
                  {t('rg.eligibility.acceptTerms')}{' '}
                  <a href="/terms" target="_blank" rel="noreferrer">
                    {t('rg.eligibility.termsLink')}
                  </a>
                </span>
              </label>
              {error && (
                <p className="field-error" role="alert" data-testid="eligibility-error">
                  {error}
                </p>
              )}
              <div className="rg-actions">
                <button type="button" className="button button-ghost" onClick={() => onDone(false)}>
                  {t('rg.eligibility.cancel')}
                </button>
                <button type="submit" className="button button-primary">
                  {t('rg.eligibility.confirm')}
                </button>
              </div>
            </form>
          </>
        )}
      </div>
    </div>
  );
}

/** Why money play is closed for good on this account, that practice stays open, and whom to write to. */
function RefusedExplanation({
  introId,
  refused,
  countryName,
  closeRef,
  onClose,
}: {
  introId: string;
  refused: RefusedDeclaration;
  countryName: (code: string | null) => string;
  closeRef: React.RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { data: config } = useGetConfigQuery();
  const date = refused.dateOfBirth ? formatDate(refused.dateOfBirth, i18n.language) : '';
  const country = countryName(refused.country);
  const reason =
    refused.reason === 'country'
      ? t('rg.eligibility.refused.country', { country })
      : refused.minAge !== null
        ? t('rg.eligibility.refused.underage', { date, country, minAge: refused.minAge })
        : t('rg.eligibility.refused.underageNoAge', { date, country });
  const email = config?.support_email;
  return (
    <>
      <p id={introId} data-testid="eligibility-refused">
        {reason}
      </p>
      <p>{t('rg.eligibility.refused.final')}</p>
      {email && (
        <p data-testid="eligibility-support">
          {t('rg.eligibility.refused.support')} <a href={`mailto:${email}`}>{email}</a>
          {t('rg.eligibility.refused.supportAfter')}
        </p>
      )}
      <div className="rg-actions">
        <button ref={closeRef} type="button" className="button button-primary" onClick={onClose}>
          {t('rg.eligibility.refused.close')}
        </button>
      </div>
    </>
  );
}
