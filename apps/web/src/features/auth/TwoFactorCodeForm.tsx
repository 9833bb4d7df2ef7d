import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';
import { normaliseTotpCode, recoveryCodeProblem, totpCodeProblem } from './validation';

/** What the second step sends with the first step's payload: a 6-digit code or a recovery code. */
export type SecondFactor = { totp_code: string } | { recovery_code: string };

interface TwoFactorCodeFormProps {
  isSubmitting: boolean;
  /** Resolves null when the code was accepted, else the message to show next to the code. */
  onSubmit: (factor: SecondFactor) => Promise<string | null>;
  onBack?: () => void;
  backLabel?: string;
}

/**
 * The 2FA step of a sign-in (password or social) when the API answers TWO_FACTOR_REQUIRED. The focus moves to
 * the code when the step appears and back to it after a wrong code.
 */
export function TwoFactorCodeForm({ isSubmitting, onSubmit, onBack, backLabel }: TwoFactorCodeFormProps) {
  const { t } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    input.current?.focus();
  }, [useRecovery]);

  const onFormSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = useRecovery ? recoveryCodeProblem(code) : totpCodeProblem(code);
    if (problem) {
      setError(t(`auth.errors.${problem}`));
      input.current?.focus();
      return;
    }
    const factor: SecondFactor = useRecovery ? { recovery_code: code.trim() } : { totp_code: normaliseTotpCode(code) };
    const failure = await onSubmit(factor);
    if (failure !== null) {
      setError(failure);
      setCode('');
      input.current?.focus();
    }
  };

  const titleId = `${id}-title`;
  return (
    <form
      className="auth-form"
      onSubmit={(event) => void onFormSubmit(event)}
      aria-labelledby={titleId}
      noValidate
      data-testid="two-factor-step"
    >
      <h2 id={titleId} className="auth-step-title">
        {t('auth.twoFactor.title')}
      </h2>
      <p className="muted">{useRecovery ? t('auth.twoFactor.recoveryText') : t('auth.twoFactor.text')}</p>
      <FormField
        ref={input}
        key={useRecovery ? 'recovery' : 'totp'}
        id={`${id}-${useRecovery ? 'recovery' : 'totp'}`}
        label={useRecovery ? t('auth.twoFactor.recoveryCode') : t('auth.twoFactor.code')}
        name={useRecovery ? 'recovery_code' : 'totp_code'}
        type="text"
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete={useRecovery ? 'off' : 'one-time-code'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={useRecovery ? 64 : 7}
        required
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
      />
      <button
        type="button"
        className="link-button"
        onClick={() => {
          setUseRecovery((previous) => !previous);
          setCode('');
          setError(null);
        }}
      >
        {useRecovery ? t('auth.twoFactor.useCode') : t('auth.twoFactor.useRecovery')}
      </button>
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={isSubmitting}
        aria-busy={isSubmitting}
      >
        {t('auth.twoFactor.submit')}
      </button>
      {onBack && (
        <button type="button" className="button button-ghost button-block" onClick={onBack}>
          {backLabel ?? t('auth.twoFactor.back')}
        </button>
      )}
    </form>
  );
}
