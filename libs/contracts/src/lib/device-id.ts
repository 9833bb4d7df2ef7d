/**
 * The browser's device id (docs/decisions/1703): a random id the web app creates once and keeps in
 * localStorage, sent with a matchmaking entry so the matcher never pairs two accounts of one device. It identifies
 * a browser profile, not a person; it is a fair-play signal, not authentication.
 */
export const DEVICE_ID_HEADER = 'X-Device-Id';

/** Letters, digits and dashes, 8–64 characters (a UUID is 36). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

export function isValidDeviceId(value: unknown): value is string {
  return typeof value === 'string' && DEVICE_ID_PATTERN.test(value);
}
