import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { FormField } from './FormField';
import { useLogin } from './hooks';
import { TwoFactorCodeForm, type SecondFactor } from './TwoFactorCodeForm';
import { emailProblem, requiredPasswordProblem, type FieldErrorKey } from './validation';

type Step = 'credentials' | 'twoFactor' | 'forgot';

/** Sign in with email and password; then the 2FA code when the account asks for one; or the forgot flow. */
export function SignInForm() {
  const { t } = useTranslation();
  const { submit, isLoading } = useLogin();
  const [step, setStep] = useState<Step>('credentials');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: FieldErrorKey; password?: FieldErrorKey }>({});
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const forgotButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const emailError = emailProblem(email);
    const passwordError = requiredPasswordProblem(password);
    setErrors({ ...(emailError ? { email: emailError } : {}), ...(passwordError ? { password: passwordError } : {}) });
    if (emailError || passwordError) {
      (emailError ? emailInput : passwordInput).current?.focus();
      return;
    }
    const outcome = await submit({ email: email.trim(), password });
    if (outcome.status === 'twoFactorRequired') setStep('twoFactor');
  };

  const submitSecondFactor = async (factor: SecondFactor) => {
    const outcome = await submit({ email: email.trim(), password, ...factor });
    return outcome.status === 'failed' ? outcome.message : null;
  };

  const backToCredentials = (focus: 'password' | 'forgot') => {
    setStep('credentials');
    // After the step's unmount: the focus returns to where the visitor left the sign-in form.
    window.setTimeout(() => (focus === 'forgot' ? forgotButton : passwordInput).current?.focus(), 0);
  };

  if (step === 'twoFactor') {
    return (
      <TwoFactorCodeForm
        isSubmitting={isLoading}
        onSubmit={submitSecondFactor}
        onBack={() => {
          setPassword('');
          backToCredentials('password');
        }}
      />
    );
  }
  if (step === 'forgot') {
    return <ForgotPasswordForm initialEmail={email.trim()} onBack={() => backToCredentials('forgot')} />;
  }

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} aria-label={t('auth.signIn')} noValidate>
      <FormField
        ref={emailInput}
        id={`${id}-email`}
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        error={errors.email ? t(`auth.errors.${errors.email}`) : null}
        onChange={(event) => {
          setEmail(event.target.value);
          setErrors(({ password: passwordError }) => ({ password: passwordError }));
        }}
      />
      <FormField
        ref={passwordInput}
        id={`${id}-password`}
        label={t('auth.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        error={errors.password ? t(`auth.errors.${errors.password}`) : null}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors(({ email: emailError }) => ({ email: emailError }));
        }}
      />
      <button ref={forgotButton} type="button" className="link-button auth-forgot" onClick={() => setStep('forgot')}>
        {t('auth.forgotPassword')}
      </button>
      <button type="submit" className="button button-primary button-block" disabled={isLoading} aria-busy={isLoading}>
        {t('auth.signIn')}
      </button>
    </form>
  );
}
