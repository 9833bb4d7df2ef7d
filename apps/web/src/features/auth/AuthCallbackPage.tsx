import { useTranslation } from 'react-i18next';
import { Spinner } from '../../app/ui/Spinner';

/**
 * The sign-in completion screen shared by /auth/{google,facebook,microsoft}/callback (SPEC §2).
 * Extension point: exchange `code`/`state` via POST /auth/oauth/callback and report to the opener (SPEC §4).
 */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  return (
    <main className="centered-page">
      <div className="card callback-card">
        <Spinner label={t('callback.title')} />
        <h1>{t('callback.title')}</h1>
        <p className="muted">{t('callback.text')}</p>
      </div>
    </main>
  );
}
