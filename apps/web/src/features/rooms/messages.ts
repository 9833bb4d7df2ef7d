import {
  HTTP_ERROR_MESSAGES,
  REALTIME_MESSAGES,
  ROOM_MESSAGES,
  VALIDATION_MESSAGES,
  type RealtimeErrorDto,
} from '@skillduel/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../../app/apiErrors';
import { errorText } from '../../app/errorText';
import { TIMEOUT_ERROR_CODE } from '../../app/realtime';
import { roomsEn } from './i18n';
import { rgRefusalText } from '../responsible-gaming/rgRefusal';

type StaticKey =
  | `validation.${keyof typeof VALIDATION_MESSAGES}`
  | `rooms.realtimeMessages.${keyof typeof roomsEn.realtimeMessages}`
  | `rooms.serverMessages.${keyof typeof roomsEn.serverMessages}`
  | 'httpErrors.tooManyRequests';

/** [English message, i18n key] for each key the translations have whose contract message is a fixed string. */
function entries<K extends string>(
  keys: readonly K[],
  messages: Readonly<Record<string, unknown>>,
  prefix: string,
): [string, StaticKey][] {
  return keys.flatMap((key) => {
    const message = messages[key];
    return typeof message === 'string' ? [[message, `${prefix}.${key}` as StaticKey]] : [];
  });
}

function keysOf<T extends object>(value: T): (keyof T & string)[] {
  return Object.keys(value) as (keyof T & string)[];
}

/** Every fixed message the rooms API and the realtime gateway word with @skillduel/contracts. */
const KEY_BY_MESSAGE: ReadonlyMap<string, StaticKey> = new Map([
  ...entries(keysOf(VALIDATION_MESSAGES), VALIDATION_MESSAGES, 'validation'),
  ...entries(keysOf(roomsEn.serverMessages), ROOM_MESSAGES, 'rooms.serverMessages'),
  ...entries(keysOf(roomsEn.realtimeMessages), REALTIME_MESSAGES, 'rooms.realtimeMessages'),
  [HTTP_ERROR_MESSAGES[429], 'httpErrors.tooManyRequests'],
]);

/** The worded-with-a-value ones: 'Minimum bet for this game is $1.00', … */
const PATTERNS: readonly { pattern: RegExp; translate: (t: TFunction, match: RegExpExecArray) => string }[] = [
  {
    pattern: /^Minimum bet for this game is \$(.+)$/,
    translate: (t, match) => t('rooms.serverMessages.betBelowMin', { amount: match[1] }),
  },
  {
    pattern: /^Maximum bet for this game is \$(.+)$/,
    translate: (t, match) => t('rooms.serverMessages.betAboveMax', { amount: match[1] }),
  },
  {
    pattern: /^You can have at most (\d+) open rooms at a time$/,
    translate: (t, match) => t('rooms.serverMessages.tooManyOpenRooms', { count: Number(match[1]) }),
  },
];

/** A server message in the current language when it is one we know, else as the server wrote it. */
export function translateRoomMessage(t: TFunction, message: string): string {
  const key = KEY_BY_MESSAGE.get(message);
  if (key !== undefined) return t(key);
  for (const { pattern, translate } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return translate(t, match);
  }
  return message;
}

/** A refused socket request, in the current language. */
export function realtimeErrorText(t: TFunction, error: RealtimeErrorDto): string {
  if (error.code === TIMEOUT_ERROR_CODE) return t('rooms.realtimeMessages.timeout');
  return translateRoomMessage(t, error.message);
}

/**
 * The reason a room call failed, for the second line of the spec's failure toast ('Failed to join room' +
 * 'Incorrect room password'): the server's refusal translated, else the fixed status message
 * (docs/product/app-and-api.md#status-messages).
 */
export function roomFailureReason(t: TFunction, error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.serverMessage && typeof error.status === 'number' && error.status < 500 && error.status !== 404) {
    // A player-protection refusal (a limit, a break, a freeze) carries its figures: said in the player's language.
    return rgRefusalText(t, error) ?? translateRoomMessage(t, error.serverMessage);
  }
  return errorText(t, error, '') || undefined;
}
