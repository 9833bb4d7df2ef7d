/**
 * A fresh Idempotency-Key for a money-moving room call (create, join, quick match;
 * docs/product/wallet.md#idempotency-keys): one per click, so a retry of the same request by the network layer moves
 * the bet once. `crypto.randomUUID` needs a secure context; elsewhere a v4 UUID is built from `crypto.getRandomValues`.
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
