import { PROFILE_COUNTRIES, type User } from '@skillduel/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../app/toast';
import { authErrorText } from '../auth/authErrors';
import { FormField } from '../auth/FormField';
import { useGetSecurityOverviewQuery } from '../auth/authApi';
import {
  emailProblem,
  normaliseTotpCode,
  totpCodeProblem,
  usernameProblem,
  type FieldErrorKey,
} from '../auth/validation';
import { applyCurrentUser, useUpdateCurrentUserMutation, type ProfileUpdate } from '../session/currentUserApi';
import { isProfileCountry } from './countries';

interface SettingsFields {
  username: string;
  email: string;
  country: string;
}

function fieldsOf(user: User): SettingsFields {
  return {
    username: user.username,
    email: user.email ?? '',
    country: isProfileCountry(user.country) ? user.country : '',
  };
}

/** Only what changed is sent, so an unchanged email does not restart its verification. */
function changesOf(user: User, fields: SettingsFields): ProfileUpdate {
  const initial = fieldsOf(user);
  const changes: ProfileUpdate = {};
  if (fields.username.trim() !== initial.username) changes.username = fields.username.trim();
  if (fields.email.trim() !== initial.email) changes.email = fields.email.trim();
  if (fields.country !== initial.country) changes.country = fields.country === '' ? null : fields.country;
  return changes;
}

/**
 * Profile settings (docs/product/accounts.md#profile): username, email, country; PUT /users/me/; 'Profile updated
 * successfully!'. Changing the email needs the current password (and a 2FA code when 2FA is on), and takes effect once
 * the new address confirms it (decision 1001): until then the form shows the address waiting for confirmation.
 */
export function SettingsTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [updateProfile, { isLoading }] = useUpdateCurrentUserMutation();
  const { data: security } = useGetSecurityOverviewQuery();
  const [fields, setFields] = useState<SettingsFields>(() => fieldsOf(user));
  const [currentPassword, setCurrentPassword] = useState('');
  const [twoFactorCode, setTwoFactorCode] = useState('');
  const [errors, setErrors] = useState<{
    username?: FieldErrorKey;
    email?: FieldErrorKey;
    currentPassword?: string;
    twoFactorCode?: FieldErrorKey;
  }>({});
  const usernameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const emailChanging = changesOf(user, fields).email !== undefined;
  const twoFactorEnabled = security?.two_factor_enabled ?? false;

  const update = (name: keyof SettingsFields, value: string) => {
    setFields((previous) => ({ ...previous, [name]: value }));
    if (name !== 'country') setErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const usernameError = usernameProblem(fields.username) ?? undefined;
    // The email may stay empty only on an account that has none (a social sign-up without an address).
    const emailError =
      fields.email.trim() === '' && !user.email ? undefined : (emailProblem(fields.email) ?? undefined);
    const passwordError =
      emailChanging && currentPassword === '' ? t('profile.security.password.currentRequired') : undefined;
    const codeError = emailChanging && twoFactorEnabled ? (totpCodeProblem(twoFactorCode) ?? undefined) : undefined;
    setErrors({ username: usernameError, email: emailError, currentPassword: passwordError, twoFactorCode: codeError });
    if (usernameError || emailError || passwordError || codeError) {
      (usernameError
        ? usernameInput
        : emailError
          ? emailInput
          : passwordError
            ? passwordInput
            : codeInput
      ).current?.focus();
      return;
    }
    const changes = changesOf(user, fields);
    if (Object.keys(changes).length === 0) {
      toast.info(t('profile.settings.noChanges'));
      return;
    }
    if (changes.email !== undefined) {
      changes.current_password = currentPassword;
      if (twoFactorEnabled) changes.two_factor_code = normaliseTotpCode(twoFactorCode);
    }
    try {
      const updated = await updateProfile(changes).unwrap();
      dispatch(applyCurrentUser(updated));
      setFields(fieldsOf(updated));
      setCurrentPassword('');
      setTwoFactorCode('');
      toast.success(t('toast.profileUpdated'));
      if (changes.email !== undefined) toast.info(t('profile.settings.emailChanged', { email: changes.email }));
    } catch (error) {
      toast.error(authErrorText(t, error, t('httpErrors.fallback')));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card profile-section">
      <h2 id={`${id}-title`}>{t('profile.settings.title')}</h2>
      <form className="auth-form settings-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField
          ref={usernameInput}
          id={`${id}-username`}
          label={t('profile.settings.username')}
          name="username"
          autoComplete="username"
          required
          value={fields.username}
          error={errors.username ? t(`auth.errors.${errors.username}`) : null}
          onChange={(event) => update('username', event.target.value)}
        />
        <FormField
          ref={emailInput}
          id={`${id}-email`}
          label={t('profile.settings.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={fields.email}
          error={errors.email ? t(`auth.errors.${errors.email}`) : null}
          onChange={(event) => update('email', event.target.value)}
        />
        {security?.pending_email && !emailChanging && (
          <p className="notice" role="status" data-testid="pending-email">
            {t('profile.settings.emailPending', { email: security.pending_email })}
          </p>
        )}
        {emailChanging && (
          <>
            <FormField
              ref={passwordInput}
              id={`${id}-current-password`}
              label={t('profile.settings.currentPassword')}
              hint={t('profile.settings.currentPasswordHint')}
              name="current_password"
              type="password"
              autoComplete="current-password"
              required
              value={currentPassword}
              error={errors.currentPassword ?? null}
              onChange={(event) => {
                setCurrentPassword(event.target.value);
                setErrors((previous) => ({ ...previous, currentPassword: undefined }));
              }}
            />
            {twoFactorEnabled && (
              <FormField
                ref={codeInput}
                id={`${id}-code`}
                label={t('profile.settings.twoFactorCode')}
                name="two_factor_code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                required
                value={twoFactorCode}
                error={errors.twoFactorCode ? t(`auth.errors.${errors.twoFactorCode}`) : null}
                onChange={(event) => {
                  setTwoFactorCode(event.target.value);
                  setErrors((previous) => ({ ...previous, twoFactorCode: undefined }));
                }}
              />
            )}
          </>
        )}
        <div className="field">
          <label htmlFor={`${id}-country`}>{t('profile.settings.country')}</label>
          <select
            id={`${id}-country`}
            name="country"
            value={fields.country}
            onChange={(event) => update('country', event.target.value)}
          >
            <option value="">{t('profile.settings.countryPlaceholder')}</option>
            {PROFILE_COUNTRIES.map(({ code }) => (
              <option key={code} value={code}>
                {t(`profile.countries.${code}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={isLoading} aria-busy={isLoading}>
          {t('profile.settings.save')}
        </button>
      </form>
    </section>
  );
}
