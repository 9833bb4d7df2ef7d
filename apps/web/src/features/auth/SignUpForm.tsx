import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';
import { useRegister } from './hooks';
import { firstInvalid, validateSignUp, type FieldErrors, type SignUpFields } from './validation';

const EMPTY: SignUpFields = { username: '', email: '', password: '', confirmPassword: '' };
const FIELD_ORDER: readonly (keyof SignUpFields)[] = ['username', 'email', 'password', 'confirmPassword'];

/** Sign-up: username, email (email-type input), password, confirmPassword; the registration rules checked first. */
export function SignUpForm() {
  const { t } = useTranslation();
  const { submit, isLoading } = useRegister();
  const [fields, setFields] = useState<SignUpFields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<keyof SignUpFields>>({});
  const inputs = useRef<Partial<Record<keyof SignUpFields, HTMLInputElement | null>>>({});
  const id = useId();

  const update = (name: keyof SignUpFields, value: string) => {
    setFields((previous) => ({ ...previous, [name]: value }));
    // An error goes away once its field is edited; the rest stay until the next submit.
    setErrors((previous) => {
      if (previous[name] === undefined && !(name === 'password' && previous.confirmPassword)) return previous;
      const next = { ...previous };
      delete next[name];
      if (name === 'password' && next.confirmPassword === 'passwordsDoNotMatch') delete next.confirmPassword;
      return next;
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSignUp(fields);
    setErrors(found);
    const invalid = firstInvalid(FIELD_ORDER, found);
    if (invalid) {
      inputs.current[invalid]?.focus();
      return;
    }
    void submit({ ...fields, username: fields.username.trim(), email: fields.email.trim() });
  };

  const field = (
    name: keyof SignUpFields,
    label: string,
    type: 'text' | 'email' | 'password',
    autoComplete: string,
  ) => (
    <FormField
      ref={(element) => {
        inputs.current[name] = element;
      }}
      id={`${id}-${name}`}
      label={label}
      name={name}
      type={type}
      autoComplete={autoComplete}
      required
      value={fields[name]}
      error={errors[name] ? t(`auth.errors.${errors[name]}`) : null}
      onChange={(event) => update(name, event.target.value)}
    />
  );

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-label={t('auth.signUp')} noValidate>
      {field('username', t('auth.username'), 'text', 'username')}
      {field('email', t('auth.email'), 'email', 'email')}
      {field('password', t('auth.password'), 'password', 'new-password')}
      {field('confirmPassword', t('auth.confirmPassword'), 'password', 'new-password')}
      <button type="submit" className="button button-primary button-block" disabled={isLoading} aria-busy={isLoading}>
        {t('auth.createAccount')}
      </button>
    </form>
  );
}
