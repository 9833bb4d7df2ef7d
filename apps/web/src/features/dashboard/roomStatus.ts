import type { RoomStatus } from '@skillduel/contracts';

/**
 * Room status colours (docs/product/rooms-and-matches.md#dashboard): waiting yellow, playing green, anything else grey.
 */
export type StatusTone = 'yellow' | 'green' | 'grey';

export function statusTone(status: RoomStatus | string): StatusTone {
  if (status === 'waiting') return 'yellow';
  if (status === 'playing') return 'green';
  return 'grey';
}

const KNOWN_STATUSES: readonly RoomStatus[] = ['waiting', 'ready', 'playing', 'finished', 'cancelled'];

export function isKnownStatus(status: string): status is RoomStatus {
  return (KNOWN_STATUSES as readonly string[]).includes(status);
}
