import { Eye } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartGuestSession } from '../session/hooks';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { SocialLoginButtons } from './SocialLoginButtons';

export type AuthMode = 'signin' | 'signup';

/** Sign-in / sign-up toggle, social buttons and guest mode (docs/product/app-and-api.md#landing-page). */
export function AuthPanel({ initialMode = 'signin' }: { initialMode?: AuthMode }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const startGuest = useStartGuestSession();
  const id = useId();
  const tabs: { mode: AuthMode; label: string }[] = [
    { mode: 'signin', label: t('auth.signIn') },
    { mode: 'signup', label: t('auth.signUp') },
  ];

  return (
    <section className="card auth-panel" aria-label={t('auth.formsLabel')}>
      <div className="auth-tabs segmented" role="tablist" aria-label={t('auth.formsLabel')}>
        {tabs.map((tab) => (
          <button
            key={tab.mode}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.mode}`}
            aria-selected={mode === tab.mode}
            aria-controls={`${id}-panel`}
            tabIndex={mode === tab.mode ? 0 : -1}
            className="auth-tab segmented-tab"
            onClick={() => setMode(tab.mode)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                const next: AuthMode = mode === 'signin' ? 'signup' : 'signin';
                setMode(next);
                document.getElementById(`${id}-tab-${next}`)?.focus();
              }
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${mode}`}>
        {mode === 'signin' ? <SignInForm /> : <SignUpForm />}
      </div>

      <p className="divider">
        <span>{t('auth.or')}</span>
      </p>
      <SocialLoginButtons />

      <button type="button" className="button button-accent button-block guest-button" onClick={() => startGuest()}>
        <Eye aria-hidden="true" size={18} />
        <span>{t('auth.guestMode')}</span>
      </button>
      <p className="muted small">{t('auth.guestHint')}</p>
    </section>
  );
}
