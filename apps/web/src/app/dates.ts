/**
 * One way to write dates on every screen, in the reader's language and time zone: a moment reads "28 Nov, 20:31"
 * ("28 nov, 20:31" in Spanish), with the year when it is not this year; a calendar date (a date of birth) reads
 * "17 May 2010" ("17 de mayo de 2010"). Day first in both languages, 24-hour clock.
 */
const LOCALES: Readonly<Record<string, string>> = { en: 'en-GB', es: 'es-ES' };

function localeOf(language: string): string {
  return LOCALES[language.slice(0, 2)] ?? LOCALES['en'] ?? 'en-GB';
}

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment (a break's end, a transaction, a notification); '' for an unreadable value. */
export function formatDateTime(value: string | Date, language: string, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/**
 * A calendar day. A bare 'YYYY-MM-DD' (a date of birth) is a day, not a moment: it is written as given, whatever the
 * reader's time zone.
 */
export function formatDate(value: string | Date, language: string): string {
  const date = toDate(value);
  if (!date) return '';
  const isBareDay = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(isBareDay ? { timeZone: 'UTC' } : {}),
  }).format(date);
}
