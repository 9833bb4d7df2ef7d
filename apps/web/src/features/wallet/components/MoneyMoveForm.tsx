import { PAYMENT_METHODS, LIMITS, type PaymentMethod } from '@skillduel/contracts';
import { Bitcoin, CreditCard, Landmark, Wallet, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../app/format';
import { toast } from '../../../app/toast';
import { useGetSecurityOverviewQuery } from '../../auth/authApi';
import { FormField } from '../../auth/FormField';
import { normaliseTotpCode, totpCodeProblem } from '../../auth/validation';
import { VerificationRequiredNotice } from '../../kyc/VerificationRequiredNotice';
import { verificationRefusalOf, type VerificationRefusal } from '../../kyc/verificationRefusal';
import { useEligibilityGate } from '../../responsible-gaming/EligibilityGate';
import { newIdempotencyKey } from '../idempotencyKey';
import { checkAmount, toastAmount, type MoneyMoveKind, type ValidationMessageKey } from '../money';
import { describeMoveFailure, type MoveFailure } from '../moveFailure';
import { useDepositMutation, useWithdrawMutation, type MoneyMoveRequest } from '../walletApi';

const METHOD_ICONS: Record<PaymentMethod, LucideIcon> = {
  card: CreditCard,
  paypal: Wallet,
  crypto: Bitcoin,
  bank: Landmark,
};

/** The form is being filled in, or a checked request waits for Confirm (and keeps its key across retries). */
type Phase = { step: 'edit' } | { step: 'confirm'; move: MoneyMoveRequest; failure: MoveFailure | null };

/** A client check (translated when shown, so it follows a language switch) or the server's refusal. */
type FormError = { source: 'client'; key: ValidationMessageKey } | { source: 'server'; message: string };

export interface MoneyMoveFormProps {
  kind: MoneyMoveKind;
  balanceCents: number;
  isGuest: boolean;
  /** Why this account may not make this move (canDeposit / canWithdraw false), or null. */
  blockedReason: string | null;
}

/**
 * The Deposit and Withdraw tabs (docs/product/wallet.md#wallet-page): amount and payment method, checked with the
 * wallet's messages, then a confirmation showing what will happen. Confirm sends the request with an Idempotency-Key
 * made for this confirmation; while it is in flight the buttons are disabled, and a retry after a lost answer reuses
 * the key.
 */
export function MoneyMoveForm({ kind, balanceCents, isGuest, blockedReason }: MoneyMoveFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [amountText, setAmountText] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [formError, setFormError] = useState<FormError | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'edit' });
  const [busy, setBusy] = useState(false);
  /** The last refusal was 403 VERIFICATION_REQUIRED: explained with the verify button instead of a toast. */
  const [verification, setVerification] = useState<VerificationRefusal | null>(null);
  const inFlight = useRef(false);
  const amountInput = useRef<HTMLInputElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const focusOnStep = useRef(false);
  const [deposit] = useDepositMutation();
  const ensureEligible = useEligibilityGate();
  const [withdraw] = useWithdrawMutation();
  const [twoFactorCode, setTwoFactorCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  const isDeposit = kind === 'deposit';
  // A withdrawal of an account with 2FA on needs the current code (decision 1001): asked on the confirm step.
  const { data: security } = useGetSecurityOverviewQuery(undefined, { skip: isDeposit || isGuest });
  const needsCode = !isDeposit && (security?.two_factor_enabled ?? false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  useEffect(() => {
    if (!focusOnStep.current) return;
    focusOnStep.current = false;
    if (phase.step === 'confirm') confirmHeading.current?.focus();
    else amountInput.current?.focus();
  }, [phase.step]);

  const goTo = (next: Phase) => {
    if (next.step !== phase.step) focusOnStep.current = true;
    setPhase(next);
  };

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blockedReason) return;
    const check = checkAmount(kind, amountText, { isGuest, balanceCents });
    if (!check.ok) {
      setFormError({ source: 'client', key: check.messageKey });
      amountInput.current?.focus();
      return;
    }
    setFormError(null);
    goTo({
      step: 'confirm',
      move: { amountCents: check.cents, paymentMethod: method, idempotencyKey: newIdempotencyKey() },
      failure: null,
    });
  };

  const confirm = async (checked: MoneyMoveRequest) => {
    // A second click before React re-renders the disabled button must not send a second request.
    if (inFlight.current) return;
    if (needsCode && totpCodeProblem(twoFactorCode)) {
      setCodeError(t('auth.errors.codeFormat'));
      codeInput.current?.focus();
      return;
    }
    const move = needsCode ? { ...checked, twoFactorCode: normaliseTotpCode(twoFactorCode) } : checked;
    inFlight.current = true;
    setBusy(true);
    setVerification(null);
    try {
      // The first deposit asks for date of birth, country and the terms (withdrawals never need them).
      if (isDeposit && !(await ensureEligible())) return;
      await (isDeposit ? deposit(move) : withdraw(move)).unwrap();
      const amount = toastAmount(move.amountCents);
      toast.success(
        isDeposit
          ? t('wallet.toasts.depositSucceeded', { amount })
          : t('wallet.toasts.withdrawalProcessing', { amount }),
      );
      setAmountText('');
      setFormError(null);
      setTwoFactorCode('');
      goTo({ step: 'edit' });
    } catch (error) {
      const failure = describeMoveFailure(t, kind, error);
      const needsVerification = verificationRefusalOf(error);
      if (needsVerification) {
        // Nothing moved: back to the form, which explains what to do (the notice, not a toast that vanishes).
        setVerification(needsVerification);
        setFormError(null);
        goTo({ step: 'edit' });
        return;
      }
      toast.error(failure.message);
      if (failure.outcome === 'refused') {
        // Nothing moved and the key's answer is final: back to the form; the next confirmation gets a new key.
        setFormError({ source: 'server', message: failure.message });
        goTo({ step: 'edit' });
      } else {
        goTo({ step: 'confirm', move, failure });
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const errorText = formError
    ? formError.source === 'client'
      ? t(`validation.${formError.key}`)
      : formError.message
    : null;
  const title = isDeposit ? t('wallet.form.depositTitle') : t('wallet.form.withdrawTitle');
  const note = isDeposit ? null : (
    <p className="wallet-note" data-testid="withdrawal-note">
      {t('wallet.form.withdrawalNote')}
    </p>
  );

  if (phase.step === 'confirm') {
    const { move, failure } = phase;
    return (
      <section
        className="card wallet-section wallet-confirm"
        aria-labelledby={`${id}-confirm`}
        data-testid="confirm-step"
      >
        <h2 id={`${id}-confirm`} ref={confirmHeading} tabIndex={-1} className="wallet-section-title">
          {isDeposit ? t('wallet.confirm.depositTitle') : t('wallet.confirm.withdrawTitle')}
        </h2>
        <p className="muted">{t('wallet.confirm.text')}</p>
        <dl className="wallet-confirm-details">
          <div>
            <dt>{t('wallet.confirm.amount')}</dt>
            <dd data-testid="confirm-amount">{formatDollars(move.amountCents / 100)}</dd>
          </div>
          <div>
            <dt>{t('wallet.confirm.method')}</dt>
            <dd data-testid="confirm-method">{t(`wallet.methods.${move.paymentMethod}`)}</dd>
          </div>
        </dl>
        {note}
        {needsCode && (
          <FormField
            ref={codeInput}
            id={`${id}-two-factor-code`}
            label={t('wallet.confirm.twoFactorCode')}
            hint={t('wallet.confirm.twoFactorHint')}
            name="two_factor_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            value={twoFactorCode}
            error={codeError}
            onChange={(event) => {
              setTwoFactorCode(event.target.value);
              setCodeError(null);
            }}
            data-testid="two-factor-code"
          />
        )}
        {failure && (
          <div className="wallet-confirm-error" role="alert" data-testid="confirm-error">
            <p className="field-error">{failure.message}</p>
            <p className="muted small">{t('wallet.confirm.retryHint')}</p>
          </div>
        )}
        <div className="wallet-confirm-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => void confirm(move)}
            disabled={busy}
            aria-busy={busy}
            data-testid="confirm-move"
          >
            {busy ? t('wallet.confirm.processing') : t('wallet.confirm.confirm')}
          </button>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => goTo({ step: 'edit' })}
            disabled={busy}
            data-testid="cancel-move"
          >
            {t('wallet.confirm.cancel')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="card wallet-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="wallet-section-title">
        {title}
      </h2>
      {blockedReason && (
        <p className="banner" role="note" data-testid="move-blocked">
          {blockedReason}
        </p>
      )}
      {verification && <VerificationRequiredNotice refusal={verification} />}
      <form className="wallet-form" onSubmit={review} noValidate aria-labelledby={`${id}-title`}>
        <fieldset className="wallet-fieldset" disabled={blockedReason !== null}>
          <div className="field">
            <label htmlFor={`${id}-amount`}>{t('wallet.form.amount')}</label>
            <input
              ref={amountInput}
              id={`${id}-amount`}
              name="amount"
              type="number"
              inputMode="decimal"
              step="0.01"
              min={isDeposit ? LIMITS.depositMinCents / 100 : LIMITS.withdrawalMinCents / 100}
              max={isDeposit ? LIMITS.depositMaxCents / 100 : undefined}
              value={amountText}
              onChange={(event) => {
                setAmountText(event.target.value);
                setFormError(null);
              }}
              aria-invalid={errorText !== null}
              aria-describedby={errorText !== null ? `${hintId} ${errorId}` : hintId}
              data-testid="amount-input"
            />
            <p id={hintId} className="muted small">
              {isDeposit
                ? t('wallet.form.depositHint')
                : t('wallet.form.withdrawHint', { balance: formatDollars(balanceCents / 100) })}
            </p>
            {errorText !== null && (
              <p id={errorId} className="field-error" role="alert" data-testid="amount-error">
                {errorText}
              </p>
            )}
          </div>

          <fieldset className="wallet-methods">
            <legend>{t('wallet.form.paymentMethod')}</legend>
            <div className="wallet-method-grid">
              {PAYMENT_METHODS.map((value) => {
                const Icon = METHOD_ICONS[value];
                return (
                  <label key={value} className="wallet-method" data-testid="payment-method">
                    <input
                      type="radio"
                      name={`${id}-method`}
                      value={value}
                      checked={method === value}
                      onChange={() => setMethod(value)}
                    />
                    <Icon aria-hidden="true" size={18} />
                    <span>{t(`wallet.methods.${value}`)}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>

          {note}
          <button type="submit" className="button button-primary button-block" data-testid="review-move">
            {t('wallet.form.continue')}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
