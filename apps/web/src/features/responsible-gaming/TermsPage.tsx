import { TERMS_VERSION } from '@skillduel/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './responsible-gaming.css';

const SECTIONS = ['s1', 's2', 's3', 's4', 's5'] as const;

/** The terms a player accepts before the first money move (a plain page, linked from the eligibility dialog). */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <main className="terms-page" data-testid="terms-page">
      <h1>{t('rg.terms.title')}</h1>
      <p className="muted">{t('rg.terms.version', { version: TERMS_VERSION })}</p>
      <ol>
        {SECTIONS.map((section) => (
          <li key={section}>{t(`rg.terms.sections.${section}`)}</li>
        ))}
      </ol>
      <Link to="/">{t('rg.terms.back')}</Link>
    </main>
  );
}
