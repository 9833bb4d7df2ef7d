import type { User } from '@skillduel/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toast';
import { useChangePasswordMutation, useForgotPasswordMutation } from '../../auth/authApi';
import { authErrorText } from '../../auth/authErrors';
import { FormField } from '../../auth/FormField';
import { newPasswordProblem, normaliseTotpCode, totpCodeProblem, type FieldErrorKey } from '../../auth/validation';

/**
 * POST /auth/change-password {current_password, new_password, two_factor_code when 2FA is on} (decision 1001); the
 * API ends every other session. An account made through a social provider has no password: it can get one through
 * the reset mail instead.
 */
export function ChangePasswordSection({
  user,
  hasPassword,
  twoFactorEnabled,
}: {
  user: User;
  hasPassword: boolean;
  twoFactorEnabled: boolean;
}) {
  const { t } = useTranslation();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [sendSetupLink, setupLink] = useForgotPasswordMutation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: FieldErrorKey; code?: FieldErrorKey }>({});
  const [setupLinkSent, setSetupLinkSent] = useState(false);
  const currentInput = useRef<HTMLInputElement>(null);
  const nextInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const id = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const currentError = current === '' ? t('profile.security.password.currentRequired') : undefined;
    const nextError = newPasswordProblem(next) ?? undefined;
    const codeError = twoFactorEnabled ? (totpCodeProblem(code) ?? undefined) : undefined;
    setErrors({ current: currentError, next: nextError, code: codeError });
    if (currentError || nextError || codeError) {
      (currentError ? currentInput : nextError ? nextInput : codeInput).current?.focus();
      return;
    }
    try {
      await changePassword({
        current_password: current,
        new_password: next,
        ...(twoFactorEnabled ? { two_factor_code: normaliseTotpCode(code) } : {}),
      }).unwrap();
      setCurrent('');
      setNext('');
      setCode('');
      toast.success(t('profile.security.password.changed'));
    } catch (error) {
      toast.error(authErrorText(t, error, t('httpErrors.fallback')));
      currentInput.current?.focus();
    }
  };

  const onSendSetupLink = async () => {
    if (!user.email) return;
    try {
      await sendSetupLink({ email: user.email }).unwrap();
      setSetupLinkSent(true);
    } catch (error) {
      toast.error(authErrorText(t, error, t('httpErrors.fallback')));
    }
  };

  return (
    <section className="card security-section" aria-labelledby={`${id}-title`} data-testid="security-password">
      <h2 id={`${id}-title`}>{t('profile.security.password.title')}</h2>
      {!hasPassword ? (
        <>
          <p className="muted">{t('profile.security.password.noPassword')}</p>
          {user.email &&
            (setupLinkSent ? (
              <p className="notice notice-success" role="status">
                {t('profile.security.password.setupLinkSent')}
              </p>
            ) : (
              <button
                type="button"
                className="button button-secondary"
                disabled={setupLink.isLoading}
                onClick={() => void onSendSetupLink()}
              >
                {t('profile.security.password.sendSetupLink')}
              </button>
            ))}
        </>
      ) : (
        <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <FormField
            ref={currentInput}
            id={`${id}-current`}
            label={t('profile.security.password.current')}
            type="password"
            autoComplete="current-password"
            required
            value={current}
            error={errors.current ?? null}
            onChange={(event) => {
              setCurrent(event.target.value);
              setErrors((previous) => ({ ...previous, current: undefined }));
            }}
          />
          <FormField
            ref={nextInput}
            id={`${id}-new`}
            label={t('profile.security.password.new')}
            type="password"
            autoComplete="new-password"
            required
            value={next}
            error={errors.next ? t(`auth.errors.${errors.next}`) : null}
            onChange={(event) => {
              setNext(event.target.value);
              setErrors((previous) => ({ ...previous, next: undefined }));
            }}
          />
          {twoFactorEnabled && (
            <FormField
              ref={codeInput}
              id={`${id}-code`}
              label={t('profile.security.password.twoFactorCode')}
              name="two_factor_code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              value={code}
              error={errors.code ? t(`auth.errors.${errors.code}`) : null}
              onChange={(event) => {
                setCode(event.target.value);
                setErrors((previous) => ({ ...previous, code: undefined }));
              }}
            />
          )}
          <button type="submit" className="button button-primary" disabled={isLoading} aria-busy={isLoading}>
            {t('profile.security.password.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
