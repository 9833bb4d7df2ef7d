import { PROFILE_COUNTRIES, type User } from '@skillduel/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../app/toast';
import { authErrorText } from '../auth/authErrors';
import { FormField } from '../auth/FormField';
import { emailProblem, usernameProblem, type FieldErrorKey } from '../auth/validation';
import { useUpdateCurrentUserMutation, type ProfileUpdate } from '../session/currentUserApi';
import { applyCurrentUser } from '../session/sessionThunks';
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

/** SPEC §2 Profile settings: username, email, country; PUT /users/me/; 'Profile updated successfully!'. */
export function SettingsTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [updateProfile, { isLoading }] = useUpdateCurrentUserMutation();
  const [fields, setFields] = useState<SettingsFields>(() => fieldsOf(user));
  const [errors, setErrors] = useState<{ username?: FieldErrorKey; email?: FieldErrorKey }>({});
  const usernameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const id = useId();

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
    setErrors({ username: usernameError, email: emailError });
    if (usernameError || emailError) {
      (usernameError ? usernameInput : emailInput).current?.focus();
      return;
    }
    const changes = changesOf(user, fields);
    if (Object.keys(changes).length === 0) {
      toast.info(t('profile.settings.noChanges'));
      return;
    }
    try {
      const updated = await updateProfile(changes).unwrap();
      dispatch(applyCurrentUser(updated));
      setFields(fieldsOf(updated));
      toast.success(t('toast.profileUpdated'));
      if (changes.email !== undefined) toast.info(t('profile.settings.emailChanged'));
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
