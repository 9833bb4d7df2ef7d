import type { TwoFactorSetupResponse } from '@skillduel/contracts';
import { Copy, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toast';
import { useDisableTwoFactorMutation, useSetupTwoFactorMutation, useVerifyTwoFactorMutation } from '../../auth/authApi';
import { authErrorText } from '../../auth/authErrors';
import { FormField } from '../../auth/FormField';
import { normaliseTotpCode, recoveryCodeProblem, totpCodeProblem } from '../../auth/validation';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetupResponse; currentPassword: string }
  | { kind: 'codes'; codes: string[] };

/**
 * TOTP 2FA (decision 0103): setup-2fa shows the QR code and the secret, verify-2fa with a current code turns it
 * on and answers the 10 recovery codes, shown once; disable-2fa takes a code or a recovery code. Every step also
 * sends the current password (decision 1001), asked once before setup and kept only while the setup is open.
 */
export function TwoFactorSection({ enabled, remaining }: { enabled: boolean; remaining: number }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [setupTwoFactor, setupState] = useSetupTwoFactorMutation();
  const id = useId();
  const setupButton = useRef<HTMLButtonElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const onSetup = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setPasswordError(t('profile.security.password.currentRequired'));
      passwordInput.current?.focus();
      return;
    }
    try {
      const setup = await setupTwoFactor({ current_password: password }).unwrap();
      setStep({ kind: 'setup', setup, currentPassword: password });
      setPassword('');
    } catch (error) {
      setPasswordError(authErrorText(t, error, t('httpErrors.fallback')));
      passwordInput.current?.focus();
    }
  };

  const backToIdle = () => {
    setStep({ kind: 'idle' });
    window.setTimeout(() => setupButton.current?.focus(), 0);
  };

  return (
    <section className="card security-section" aria-labelledby={`${id}-title`} data-testid="security-2fa">
      <h2 id={`${id}-title`}>{t('profile.security.twoFactor.title')}</h2>
      {step.kind === 'codes' && <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />}
      {step.kind === 'setup' && (
        <TwoFactorSetup
          setup={step.setup}
          currentPassword={step.currentPassword}
          onEnabled={(codes) => setStep({ kind: 'codes', codes })}
          onCancel={backToIdle}
        />
      )}
      {step.kind === 'idle' && enabled && <DisableTwoFactor remaining={remaining} />}
      {step.kind === 'idle' && !enabled && (
        <>
          <p className="security-status security-status-warn">
            <ShieldOff aria-hidden="true" size={18} />
            <span>{t('profile.security.twoFactor.off')}</span>
          </p>
          <form className="auth-form" onSubmit={(event) => void onSetup(event)} noValidate>
            <FormField
              ref={passwordInput}
              id={`${id}-password`}
              label={t('profile.security.twoFactor.password')}
              name="current_password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              error={passwordError}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(null);
              }}
            />
            <button
              ref={setupButton}
              type="submit"
              className="button button-primary"
              disabled={setupState.isLoading}
              aria-busy={setupState.isLoading}
            >
              {t('profile.security.twoFactor.setup')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

function TwoFactorSetup({
  setup,
  currentPassword,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupResponse;
  currentPassword: string;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [verify, { isLoading }] = useVerifyTwoFactorMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    input.current?.focus();
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = totpCodeProblem(code);
    if (problem) {
      setError(t(`auth.errors.${problem}`));
      input.current?.focus();
      return;
    }
    try {
      const result = await verify({ token: normaliseTotpCode(code), current_password: currentPassword }).unwrap();
      toast.success(t('profile.security.twoFactor.enabled'));
      onEnabled(result.recovery_codes);
    } catch (failure) {
      setError(authErrorText(t, failure, t('httpErrors.fallback')));
      setCode('');
      input.current?.focus();
    }
  };

  return (
    <div className="two-factor-setup" data-testid="two-factor-setup">
      <p>{t('profile.security.twoFactor.scan')}</p>
      <div className="two-factor-secret-row">
        <img
          className="two-factor-qr"
          src={setup.qr_code}
          alt={t('profile.security.twoFactor.qrAlt')}
          width={180}
          height={180}
        />
        <div>
          <p className="muted small" id={`${id}-secret-label`}>
            {t('profile.security.twoFactor.secret')}
          </p>
          <code className="two-factor-secret" aria-labelledby={`${id}-secret-label`} data-testid="two-factor-secret">
            {setup.secret}
          </code>
        </div>
      </div>
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField
          ref={input}
          id={`${id}-code`}
          label={t('profile.security.twoFactor.code')}
          name="totp_code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={isLoading} aria-busy={isLoading}>
            {t('profile.security.twoFactor.enable')}
          </button>
          <button type="button" className="button button-ghost" onClick={onCancel}>
            {t('profile.security.twoFactor.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(t('profile.security.twoFactor.copied'));
    } catch {
      toast.error(t('profile.security.twoFactor.copyFailed'));
    }
  };

  return (
    <div className="recovery-codes" role="region" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('profile.security.twoFactor.recoveryTitle')}
      </h3>
      <p className="muted">{t('profile.security.twoFactor.recoveryText')}</p>
      <ol className="recovery-code-list" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={() => void onCopy()}>
          <Copy aria-hidden="true" size={16} />
          <span>{t('profile.security.twoFactor.copy')}</span>
        </button>
        <button type="button" className="button button-primary" onClick={onDone}>
          {t('profile.security.twoFactor.done')}
        </button>
      </div>
    </div>
  );
}

function DisableTwoFactor({ remaining }: { remaining: number }) {
  const { t } = useTranslation();
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setPasswordError(t('profile.security.password.currentRequired'));
      passwordInput.current?.focus();
      return;
    }
    const trimmed = code.trim();
    // Six digits are an authenticator code; anything else is taken as a recovery code.
    const problem = /^\d[\d\s]*$/.test(trimmed) ? totpCodeProblem(trimmed) : recoveryCodeProblem(trimmed);
    if (problem) {
      setError(t(`auth.errors.${problem}`));
      input.current?.focus();
      return;
    }
    try {
      await disable({
        token: /^\d/.test(trimmed) ? normaliseTotpCode(trimmed) : trimmed,
        current_password: password,
      }).unwrap();
      setCode('');
      setPassword('');
      toast.success(t('profile.security.twoFactor.disabled'));
    } catch (failure) {
      setError(authErrorText(t, failure, t('httpErrors.fallback')));
      input.current?.focus();
    }
  };

  return (
    <>
      <p className="security-status security-status-ok">
        <ShieldCheck aria-hidden="true" size={18} />
        <span data-testid="two-factor-on">{t('profile.security.twoFactor.on')}</span>
      </p>
      <p className="muted">{t('profile.security.twoFactor.remaining', { count: remaining })}</p>
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField
          ref={passwordInput}
          id={`${id}-password`}
          label={t('profile.security.twoFactor.password')}
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={passwordError}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(null);
          }}
        />
        <FormField
          ref={input}
          id={`${id}-code`}
          label={t('profile.security.twoFactor.disableLabel')}
          name="token"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={64}
          required
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="button button-danger" disabled={isLoading} aria-busy={isLoading}>
          {t('profile.security.twoFactor.disable')}
        </button>
      </form>
    </>
  );
}
