import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="centered-page">
      <div className="card empty-state">
        <h1>{t('notFound.title')}</h1>
        <p className="muted">{t('notFound.text')}</p>
        <Link to="/" className="button button-primary">
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}
