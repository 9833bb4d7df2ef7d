import { PROFILE_COUNTRIES } from '@skillduel/contracts';
import type { TFunction } from 'i18next';

export type ProfileCountryCode = (typeof PROFILE_COUNTRIES)[number]['code'];

export function isProfileCountry(code: string | null | undefined): code is ProfileCountryCode {
  return PROFILE_COUNTRIES.some((country) => country.code === code);
}

/** The country's name in the current language; an unknown code is shown as is, no code as null. */
export function countryName(t: TFunction, code: string | null): string | null {
  if (!code) return null;
  return isProfileCountry(code) ? t(`profile.countries.${code}`) : code;
}
