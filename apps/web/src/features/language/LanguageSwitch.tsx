import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../i18n';

/**
 * Flips between English and Spanish. Its accessible name is the other language's own name
 * ("Español" / "English"); the short code is what shows.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const target = t('language.switchToCode');
  return (
    <button
      type="button"
      className="icon-button language-switch"
      aria-label={t('language.switchTo')}
      title={t('language.switchTo')}
      lang={target}
      data-testid="language-switch"
      onClick={() => {
        if (isLanguage(target)) void i18n.changeLanguage(target);
      }}
    >
      <span aria-hidden="true">{t('language.switchToShort')}</span>
    </button>
  );
}
