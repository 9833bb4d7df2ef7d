import { PROFILE_COUNTRIES } from '@skillduel/contracts';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/apiErrors';
import { useSession } from '../session/hooks';
import { useConfirmEligibilityMutation, useLazyGetEligibilityQuery } from './rgApi';
import './responsible-gaming.css';

/** Resolves true when the player may go on with a money move (eligibility confirmed now or before). */
type EnsureEligible = () => Promise<boolean>;

const EligibilityGateContext = createContext<EnsureEligible>(() => Promise.resolve(true));

/**
 * Asks a signed-in player for date of birth, country and the terms at their first money action
 * (docs/product/player-protection.md#eligibility), in a short dialog, and lets the action go on once confirmed. The
 * server refuses money moves without it anyway (ELIGIBILITY_REQUIRED); this only spares the player a refusal.
 */
export function EligibilityGateProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const [fetchEligibility] = useLazyGetEligibilityQuery();
  const [waiting, setWaiting] = useState<{ resolve: (ok: boolean) => void } | null>(null);

  const ensureEligible = useCallback<EnsureEligible>(async () => {
    if (session.kind !== 'signedIn') return true;
    try {
      const eligibility = await fetchEligibility(undefined, true).unwrap();
      if (eligibility.confirmed) return true;
    } catch {
      // Unknown: let the server decide (it refuses with a clear message when needed).
      return true;
    }
    return new Promise<boolean>((resolve) => setWaiting({ resolve }));
  }, [fetchEligibility, session.kind]);

  const finish = (ok: boolean) => {
    waiting?.resolve(ok);
    setWaiting(null);
  };

  return (
    <EligibilityGateContext.Provider value={ensureEligible}>
      {children}
      {waiting && <EligibilityDialog onDone={finish} />}
    </EligibilityGateContext.Provider>
  );
}

export function useEligibilityGate(): EnsureEligible {
  return useContext(EligibilityGateContext);
}

function EligibilityDialog({ onDone }: { onDone: (ok: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [confirmEligibility, { isLoading }] = useConfirmEligibilityMutation();
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [country, setCountry] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstField.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDone(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onDone]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dateOfBirth || !country || !acceptTerms) {
      setError(t('rg.eligibility.missing'));
      return;
    }
    setError(null);
    try {
      await confirmEligibility({ date_of_birth: dateOfBirth, country, accept_terms: true }).unwrap();
      onDone(true);
    } catch (failure) {
      setError(isApiError(failure) ? (failure.serverMessage ?? failure.message) : t('httpErrors.unexpected'));
    }
  };

  return (
    <div className="rg-overlay">
      <div
        className="card rg-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-intro`}
        data-testid="eligibility-dialog"
      >
        <h2 id={`${id}-title`}>{t('rg.eligibility.title')}</h2>
        <p id={`${id}-intro`} className="muted">
          {t('rg.eligibility.intro')}
        </p>
        <form onSubmit={(event) => void submit(event)} noValidate>
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
            <button type="submit" className="button button-primary" disabled={isLoading} aria-busy={isLoading}>
              {isLoading ? t('rg.eligibility.saving') : t('rg.eligibility.confirm')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
