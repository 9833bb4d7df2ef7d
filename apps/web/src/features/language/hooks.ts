import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage } from '../../i18n';

/** Keeps `<html lang>` and the stored `lang` value in step with i18next. */
export function useLanguageSync(): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    applyLanguage(i18n.language);
    i18n.on('languageChanged', applyLanguage);
    return () => i18n.off('languageChanged', applyLanguage);
  }, [i18n]);
}
