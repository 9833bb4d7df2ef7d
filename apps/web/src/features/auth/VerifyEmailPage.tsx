import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from '../../app/toast';
import { Brand } from '../../app/ui/Brand';
import { Spinner } from '../../app/ui/Spinner';
import { useAppDispatch } from '../../app/hooks';
import { useSession } from '../session/hooks';
import { reloadCurrentUser } from '../session/sessionThunks';
import { useResendVerificationMutation, useVerifyEmailMutation } from './authApi';
import { authErrorText } from './authErrors';
import { FormField } from './FormField';
import { emailProblem, type FieldErrorKey } from './validation';

type Outcome = { kind: 'verifying' } | { kind: 'verified' } | { kind: 'failed'; message: string };

/** /verify-email?token= — the link the API mails (decision 0105): POST /auth/verify-email once, then say how it went. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const session = useSession();
  const [searchParams] = useSearchParams();
  const [verifyEmail] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'verifying' });
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = searchParams.get('token');
    if (!token) {
      setOutcome({ kind: 'failed', message: t('accountEmail.missingToken') });
      return;
    }
    verifyEmail({ token })
      .unwrap()
      .then(() => {
        setOutcome({ kind: 'verified' });
        toast.success(t('accountEmail.verified'));
        if (session.kind === 'signedIn') void dispatch(reloadCurrentUser());
      })
      .catch((error: unknown) => {
        setOutcome({ kind: 'failed', message: authErrorText(t, error, t('accountEmail.verifyFailed')) });
      });
  }, [dispatch, searchParams, session.kind, t, verifyEmail]);

  useEffect(() => {
    if (outcome.kind !== 'verifying') heading.current?.focus();
  }, [outcome.kind]);

  const continueTo = session.kind === 'anonymous' ? '/' : '/dashboard';
  return (
    <AccountEmailLayout>
      <h1 ref={heading} tabIndex={-1}>
        {t('accountEmail.verifyTitle')}
      </h1>
      {outcome.kind === 'verifying' && <Spinner label={t('accountEmail.verifying')} />}
      {outcome.kind === 'verified' && (
        <>
          <p className="notice notice-success" role="status">
            {t('accountEmail.verified')}
          </p>
          <Link className="button button-primary button-block" to={continueTo} replace>
            {t('accountEmail.continue')}
          </Link>
        </>
      )}
      {outcome.kind === 'failed' && (
        <>
          <p className="notice notice-error" role="alert">
            {outcome.message}
          </p>
          <ResendVerificationForm initialEmail={session.kind === 'signedIn' ? (session.user.email ?? '') : ''} />
          <Link className="button button-ghost button-block" to={continueTo} replace>
            {t('accountEmail.continue')}
          </Link>
        </>
      )}
    </AccountEmailLayout>
  );
}

/** POST /auth/resend-verification: the answer is the same whether or not the address has an account. */
function ResendVerificationForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const [resend, { isLoading }] = useResendVerificationMutation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<FieldErrorKey | null>(null);
  const [sent, setSent] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    try {
      await resend({ email: email.trim() }).unwrap();
      setSent(true);
    } catch (failure) {
      toast.error(authErrorText(t, failure, t('httpErrors.fallback')));
    }
  };

  if (sent) {
    return (
      <p className="notice notice-success" role="status">
        {t('accountEmail.resendSent')}
      </p>
    );
  }
  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="muted">{t('accountEmail.resendText')}</p>
      <FormField
        ref={input}
        id={`${id}-email`}
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        error={error ? t(`auth.errors.${error}`) : null}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(null);
        }}
      />
      <button type="submit" className="button button-secondary button-block" disabled={isLoading} aria-busy={isLoading}>
        {t('accountEmail.resendSubmit')}
      </button>
    </form>
  );
}

/** The public pages behind mailed links: brand, one card. */
export function AccountEmailLayout({ children }: { children: ReactNode }) {
  return (
    <div className="landing">
      <header className="landing-header">
        <Brand to="/" />
      </header>
      <main id="main-content" className="centered-page account-email-page">
        <div className="card account-email-card">{children}</div>
      </main>
    </div>
  );
}
