import { isValidDeviceId } from '@skillduel/contracts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../app/storage';
import { newIdempotencyKey } from '../rooms/idempotencyKey';

let inMemory: string | null = null;

/**
 * This browser's device id (docs/decisions/1703): a random UUID created once and kept in localStorage, sent with a
 * matchmaking entry so the server never pairs two accounts of one device. Without storage (private mode) it lives
 * for the page's life. A stored value that is not a valid id is replaced.
 */
export function deviceId(): string {
  const stored = readStorage(STORAGE_KEYS.deviceId);
  if (isValidDeviceId(stored)) return stored;
  inMemory ??= newIdempotencyKey();
  writeStorage(STORAGE_KEYS.deviceId, inMemory);
  return inMemory;
}
