import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../app/toast';
import { useSession } from '../session/hooks';
import { endSession } from '../session/sessionThunks';
import { useResetPasswordMutation } from './authApi';
import { authErrorText } from './authErrors';
import { FormField } from './FormField';
import { newPasswordProblem, type FieldErrorKey } from './validation';
import { AccountEmailLayout } from './VerifyEmailPage';

/**
 * /reset-password?token= — the link the forgot-password mail carries (decision 0105). POST /auth/reset-password
 * ends every session of the account, so a session on this device is cleared too and the visitor signs in again.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const session = useSession();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: FieldErrorKey; confirm?: FieldErrorKey }>({});
  const [done, setDone] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  const confirmInput = useRef<HTMLInputElement>(null);
  const doneNotice = useRef<HTMLParagraphElement>(null);
  const id = useId();

  useEffect(() => {
    if (done) doneNotice.current?.focus();
  }, [done]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    const passwordError = newPasswordProblem(password) ?? undefined;
    const confirmError = confirm === '' ? 'passwordRequired' : password !== confirm ? 'passwordsDoNotMatch' : undefined;
    setErrors({ password: passwordError, confirm: confirmError });
    if (passwordError || confirmError) {
      (passwordError ? passwordInput : confirmInput).current?.focus();
      return;
    }
    try {
      await resetPassword({ token, password }).unwrap();
      if (session.kind === 'signedIn') dispatch(endSession());
      setDone(true);
      toast.success(t('accountEmail.resetDone'));
    } catch (failure) {
      toast.error(authErrorText(t, failure, t('httpErrors.fallback')));
    }
  };

  return (
    <AccountEmailLayout>
      <h1>{t('accountEmail.resetTitle')}</h1>
      {!token && (
        <p className="notice notice-error" role="alert">
          {t('accountEmail.missingToken')}
        </p>
      )}
      {token && done && (
        <p ref={doneNotice} className="notice notice-success" role="status" tabIndex={-1}>
          {t('accountEmail.resetDone')}
        </p>
      )}
      {token && !done && (
        <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <FormField
            ref={passwordInput}
            id={`${id}-password`}
            label={t('accountEmail.newPassword')}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            error={errors.password ? t(`auth.errors.${errors.password}`) : null}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors({});
            }}
          />
          <FormField
            ref={confirmInput}
            id={`${id}-confirm`}
            label={t('accountEmail.confirmNewPassword')}
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            error={errors.confirm ? t(`auth.errors.${errors.confirm}`) : null}
            onChange={(event) => {
              setConfirm(event.target.value);
              setErrors(({ password: passwordError }) => ({ password: passwordError }));
            }}
          />
          <button
            type="submit"
            className="button button-primary button-block"
            disabled={isLoading}
            aria-busy={isLoading}
          >
            {t('accountEmail.resetSubmit')}
          </button>
        </form>
      )}
      {(done || !token) && (
        <Link className="button button-primary button-block" to="/" replace>
          {t('accountEmail.goToSignIn')}
        </Link>
      )}
    </AccountEmailLayout>
  );
}
