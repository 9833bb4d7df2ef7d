/**
 * Tiny input validators. Player input arrives from the network as `unknown`; an engine accepts only an exact,
 * plain-object shape so nothing unexpected (extra fields, prototypes, getters on class instances) reaches the rules.
 */

/** The object if `raw` is a plain object whose own keys are exactly `keys`, else null. */
export function exactObject(raw: unknown, keys: readonly string[]): Readonly<Record<string, unknown>> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const proto: unknown = Object.getPrototypeOf(raw);
  if (proto !== Object.prototype && proto !== null) return null;
  if (Object.getOwnPropertySymbols(raw).length > 0) return null;
  const ownKeys = Object.keys(raw);
  if (ownKeys.length !== keys.length || !keys.every((key) => ownKeys.includes(key))) return null;
  return raw as Readonly<Record<string, unknown>>;
}

/** `{ type }` with nothing else, e.g. `{ type: 'click' }`. */
export function isBareCommand(raw: unknown, type: string): boolean {
  return exactObject(raw, ['type'])?.['type'] === type;
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function isOneOf<T extends string>(value: unknown, options: readonly T[]): value is T {
  return typeof value === 'string' && (options as readonly string[]).includes(value);
}
