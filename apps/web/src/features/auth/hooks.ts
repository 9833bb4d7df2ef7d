import type { AuthResponseDto, LoginRequestDto, RegisterRequestDto } from '@skillduel/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../app/toast';
import { completeSignIn } from '../session/sessionThunks';
import { authErrorText, isTwoFactorRequired } from './authErrors';
import { useLoginMutation, useRegisterMutation } from './authApi';

export type LoginOutcome =
  { status: 'signedIn' } | { status: 'twoFactorRequired' } | { status: 'failed'; message: string };

/** Stores the session (replacing any guest session), greets and opens the dashboard. */
function useSignInCompletion() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(
    (auth: AuthResponseDto, greeting: 'welcomeBack' | 'accountCreated' = 'welcomeBack') => {
      dispatch(completeSignIn(auth));
      toast.success(t(`toast.${greeting}`));
      navigate('/dashboard', { replace: true });
    },
    [dispatch, navigate, t],
  );
}

/**
 * POST /auth/login; 'Welcome back!' on success. With 2FA on and no code the API answers 401
 * TWO_FACTOR_REQUIRED: the caller then asks for the code and posts again with `totp_code` or `recovery_code`.
 * Failures of the credentials step are toasted ('Login failed' unless the server says why); failures of the
 * code step are only returned, for the form to show next to the code.
 */
export function useLogin(): { submit: (payload: LoginRequestDto) => Promise<LoginOutcome>; isLoading: boolean } {
  const { t } = useTranslation();
  const [login, { isLoading }] = useLoginMutation();
  const complete = useSignInCompletion();
  const submit = useCallback(
    async (payload: LoginRequestDto): Promise<LoginOutcome> => {
      const withCode = payload.totp_code !== undefined || payload.recovery_code !== undefined;
      try {
        complete(await login(payload).unwrap());
        return { status: 'signedIn' };
      } catch (error) {
        if (!withCode && isTwoFactorRequired(error)) return { status: 'twoFactorRequired' };
        const message = authErrorText(t, error, t('toast.loginFailed'));
        if (!withCode) toast.error(message);
        return { status: 'failed', message };
      }
    },
    [complete, login, t],
  );
  return { submit, isLoading };
}

/** POST /auth/register; toasts 'Account created successfully!' or the failure. */
export function useRegister(): { submit: (payload: RegisterRequestDto) => Promise<boolean>; isLoading: boolean } {
  const { t } = useTranslation();
  const [register, { isLoading }] = useRegisterMutation();
  const complete = useSignInCompletion();
  const submit = useCallback(
    async (payload: RegisterRequestDto) => {
      try {
        complete(await register(payload).unwrap(), 'accountCreated');
        return true;
      } catch (error) {
        toast.error(authErrorText(t, error, t('toast.registrationFailed')));
        return false;
      }
    },
    [complete, register, t],
  );
  return { submit, isLoading };
}
