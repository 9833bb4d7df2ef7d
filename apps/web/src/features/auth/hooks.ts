import type { AuthResponseDto, LoginRequestDto, RegisterRequestDto } from '@skillduel/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { actionFailureText } from '../../app/errorText';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../app/toast';
import { completeSignIn } from '../session/sessionThunks';
import { useLoginMutation, useRegisterMutation } from './authApi';

type Submit<Payload> = (payload: Payload) => Promise<boolean>;

function useSignInCompletion() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (auth: AuthResponseDto) => {
      dispatch(completeSignIn(auth));
      navigate('/dashboard', { replace: true });
    },
    [dispatch, navigate],
  );
}

/** POST /auth/login; toasts 'Welcome back!' or the failure (SPEC §8). Resolves whether it succeeded. */
export function useLogin(): { submit: Submit<LoginRequestDto>; isLoading: boolean } {
  const { t } = useTranslation();
  const [login, { isLoading }] = useLoginMutation();
  const complete = useSignInCompletion();
  const submit = useCallback<Submit<LoginRequestDto>>(
    async (payload) => {
      try {
        const auth = await login(payload).unwrap();
        complete(auth);
        toast.success(t('toast.welcomeBack'));
        return true;
      } catch (error) {
        toast.error(actionFailureText(t, error, t('toast.loginFailed')));
        return false;
      }
    },
    [complete, login, t],
  );
  return { submit, isLoading };
}

/** POST /auth/register; toasts 'Account created successfully!' or the failure (SPEC §8). */
export function useRegister(): { submit: Submit<RegisterRequestDto>; isLoading: boolean } {
  const { t } = useTranslation();
  const [register, { isLoading }] = useRegisterMutation();
  const complete = useSignInCompletion();
  const submit = useCallback<Submit<RegisterRequestDto>>(
    async (payload) => {
      try {
        const auth = await register(payload).unwrap();
        complete(auth);
        toast.success(t('toast.accountCreated'));
        return true;
      } catch (error) {
        toast.error(actionFailureText(t, error, t('toast.registrationFailed')));
        return false;
      }
    },
    [complete, register, t],
  );
  return { submit, isLoading };
}
