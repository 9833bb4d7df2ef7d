import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/toast';
import { useForgotPasswordMutation } from './authApi';
import { authErrorText } from './authErrors';
import { FormField } from './FormField';
import { emailProblem, type FieldErrorKey } from './validation';

/**
 * 'Forgot password?': POST /auth/forgot-password. The API answers the same whether or not the address has an
 * account, and so does this form: one neutral confirmation.
 */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<FieldErrorKey | null>(null);
  const [sent, setSent] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const titleId = `${id}-title`;

  useEffect(() => {
    (sent ? confirmation : input).current?.focus();
  }, [sent]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    try {
      await forgotPassword({ email: email.trim() }).unwrap();
      setSent(true);
    } catch (failure) {
      toast.error(authErrorText(t, failure, t('httpErrors.fallback')));
    }
  };

  return (
    <div className="auth-form" data-testid="forgot-password">
      <h2 id={titleId} className="auth-step-title">
        {t('auth.forgot.title')}
      </h2>
      {sent ? (
        <p ref={confirmation} className="notice notice-success" role="status" tabIndex={-1}>
          {t('auth.forgot.sent')}
        </p>
      ) : (
        <form className="auth-form" onSubmit={(event) => void onSubmit(event)} aria-labelledby={titleId} noValidate>
          <p className="muted">{t('auth.forgot.text')}</p>
          <FormField
            ref={input}
            id={`${id}-email`}
            label={t('auth.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            error={error ? t(`auth.errors.${error}`) : null}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
          />
          <button
            type="submit"
            className="button button-primary button-block"
            disabled={isLoading}
            aria-busy={isLoading}
          >
            {t('auth.forgot.submit')}
          </button>
        </form>
      )}
      <button type="button" className="button button-ghost button-block" onClick={onBack}>
        {t('auth.forgot.backToSignIn')}
      </button>
    </div>
  );
}
