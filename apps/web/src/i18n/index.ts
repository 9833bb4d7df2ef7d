import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../app/storage';
import { en } from './en';
import { es } from './es';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const resources = {
  en: { translation: en },
  es: { translation: es },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language stored under `lang`, else English. */
export function readStoredLanguage(): Language {
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
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes.
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
