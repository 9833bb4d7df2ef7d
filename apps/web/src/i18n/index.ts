import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../app/storage';
import { en } from './en';
import { es } from './es';
import type { AppSection } from './appSections';
import type { TranslationResource } from './en';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
const DEFAULT_LANGUAGE: Language = 'en';

type AppSections = Pick<TranslationResource, AppSection>;

/** The signed-in app's sections once fetched (./appSections.ts; decision 1301), in both languages. */
let appSections: { en: AppSections; es: AppSections } | null = null;
let appSectionsLoading: Promise<void> | null = null;
/** Instances made before the app's sections arrived get them when they do. */
const instances = new Set<WeakRef<I18n>>();

function resourcesNow() {
  return {
    en: { translation: { ...en, ...appSections?.en } },
    es: { translation: { ...es, ...appSections?.es } },
  };
}

/**
 * Fetches the translations of the signed-in app's features (every screen but the landing page waits for them, see
 * app/router.tsx) and adds them to every i18n instance. Resolves at once when they are in.
 */
export function loadAppTranslations(): Promise<void> {
  appSectionsLoading ??= import('./appSections').then(
    (module) => {
      appSections = { en: module.appSectionsEn, es: module.appSectionsEs };
      for (const ref of instances) {
        const instance = ref.deref();
        instances.delete(ref);
        if (!instance) continue;
        for (const language of LANGUAGES) {
          instance.addResourceBundle(language, 'translation', appSections[language], true, true);
        }
      }
    },
    (error: unknown) => {
      appSectionsLoading = null; // the next screen tries again
      throw error;
    },
  );
  return appSectionsLoading;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language stored under `lang`, else English. */
function readStoredLanguage(): Language {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Stores the language and tells assistive technology and the browser which language the page is in. */
export function applyLanguage(language: string): void {
  const supported = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  writeStorage(STORAGE_KEYS.language, supported);
  document.documentElement.lang = supported;
}

/**
 * A fresh, synchronously initialised i18next instance. The app makes one at start; each test makes its own,
 * so a language change in one test cannot leak into another.
 */
export function createI18n(language: Language = readStoredLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: resourcesNow(),
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes.
    initAsync: false,
    returnNull: false,
  });
  if (appSections === null) instances.add(new WeakRef(instance));
  return instance;
}
