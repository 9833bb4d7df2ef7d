import i18next, { type i18n as I18n } from 'i18next';
import { appSectionsEn, appSectionsEs } from '../i18n/appSections';
import { en } from '../i18n/en';
import { es } from '../i18n/es';

/** An i18next instance with every translation (landing and app sections) in both languages, for pure-function specs. */
export async function createTestI18n(): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: {
      en: { translation: { ...en, ...appSectionsEn } },
      es: { translation: { ...es, ...appSectionsEs } },
    },
    interpolation: { escapeValue: false },
  });
  return i18n;
}
