/**
 * A fresh Idempotency-Key (docs/product/wallet.md#idempotency-keys): one per confirmed money move, reused by every
 * retry of that move, so a double click or a retry after a lost answer moves the money once.
 *
 * `crypto.randomUUID` exists only in secure contexts (https, localhost); elsewhere a v4 UUID is built from
 * `crypto.getRandomValues`, which every supported browser has in any context.
 */
export function newIdempotencyKey(): string {
  const webCrypto = globalThis.crypto;
  if (typeof webCrypto.randomUUID === 'function') return webCrypto.randomUUID();
  const bytes = webCrypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
