import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from './hooks';

export function SignInForm() {
  const { t } = useTranslation();
  const { submit, isLoading } = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit({ email: email.trim(), password });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-label={t('auth.signIn')}>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('auth.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t('auth.password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <button type="submit" className="button button-primary button-block" disabled={isLoading} aria-busy={isLoading}>
        {t('auth.signIn')}
      </button>
    </form>
  );
}
