/**
 * Money is integer cents everywhere inside SkillDuel; dollars exist only on the wire and on screen.
 * These helpers never pass a balance through floating-point arithmetic.
 */

const DOLLARS_PATTERN = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

/**
 * Parses a wire amount in dollars (a JSON number or a decimal string with at most 2 decimals)
 * into integer cents. Returns null for anything else (negatives, NaN, exponents, 3+ decimals).
 */
export function parseDollarsToCents(input: unknown): bigint | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    // A JSON number such as 10.5 prints exactly as written for up to 15 significant digits.
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  const match = DOLLARS_PATTERN.exec(text);
  if (!match) return null;
  const whole = BigInt(match[1]);
  const fraction = (match[2] ?? '.').slice(1).padEnd(2, '0');
  return whole * 100n + BigInt(fraction);
}

/** Formats cents as a dollar string with exactly two decimals, e.g. 123456n → "1234.56". */
export function formatCents(cents: bigint | number): string {
  const value = typeof cents === 'bigint' ? cents : BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** Cents to a JSON dollar number for the wire (the spec's payloads use plain numbers). */
export function centsToDollars(cents: bigint | number): number {
  return Number(formatCents(cents));
}
