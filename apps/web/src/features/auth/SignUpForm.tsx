import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegister } from './hooks';

interface SignUpFields {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const EMPTY: SignUpFields = { username: '', email: '', password: '', confirmPassword: '' };

export function SignUpForm() {
  const { t } = useTranslation();
  const { submit, isLoading } = useRegister();
  const [fields, setFields] = useState<SignUpFields>(EMPTY);
  const [mismatch, setMismatch] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;

  const update = (name: keyof SignUpFields) => (value: string) => {
    setFields((previous) => ({ ...previous, [name]: value }));
    if (name === 'password' || name === 'confirmPassword') setMismatch(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (fields.password !== fields.confirmPassword) {
      setMismatch(true);
      return;
    }
    void submit({ ...fields, username: fields.username.trim(), email: fields.email.trim() });
  };

  const input = (
    name: keyof SignUpFields,
    label: string,
    type: 'text' | 'email' | 'password',
    autoComplete: string,
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        value={fields[name]}
        aria-invalid={name === 'confirmPassword' && mismatch ? true : undefined}
        aria-describedby={name === 'confirmPassword' && mismatch ? errorId : undefined}
        onChange={(event) => update(name)(event.target.value)}
      />
    </div>
  );

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-label={t('auth.signUp')}>
      {input('username', t('auth.username'), 'text', 'username')}
      {input('email', t('auth.email'), 'email', 'email')}
      {input('password', t('auth.password'), 'password', 'new-password')}
      {input('confirmPassword', t('auth.confirmPassword'), 'password', 'new-password')}
      {mismatch && (
        <p id={errorId} className="field-error" role="alert">
          {t('validation.passwordsDoNotMatch')}
        </p>
      )}
      <button type="submit" className="button button-primary button-block" disabled={isLoading} aria-busy={isLoading}>
        {t('auth.createAccount')}
      </button>
    </form>
  );
}
