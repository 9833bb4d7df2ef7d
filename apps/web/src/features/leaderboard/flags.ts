import { FLAG_COUNTRIES } from '@skillduel/contracts';

const GLOBE = '🌐';

/** Flag emoji for the product's countries (MX, CO, DO, PE, US, CA, BR, AR); any other country shows a globe. */
export function flagFor(country: string | null | undefined): string {
  const code = (country ?? '').toUpperCase();
  if (!(FLAG_COUNTRIES as readonly string[]).includes(code)) return GLOBE;
  // Regional indicator symbols: 'A' (65) maps to U+1F1E6.
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}
