import {
  HTTP_ERROR_MESSAGES,
  MATCHMAKING_ERROR_CODES,
  type MATCHMAKING_MESSAGES,
  REALTIME_MESSAGES,
  ROOM_ERROR_CODES,
  ROOM_MESSAGES,
  VALIDATION_MESSAGES,
  type RealtimeErrorDto,
} from '@skillduel/contracts';
import type { TFunction } from 'i18next';
import { isApiError, type ApiError } from '../../app/apiErrors';
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

/** A socket message in the current language when it is one we know, else as the server wrote it. */
export function translateRoomMessage(t: TFunction, message: string): string {
  const key = KEY_BY_MESSAGE.get(message);
  return key === undefined ? message : t(key);
}

type Params = Readonly<Record<string, string | number>>;
type RefusalText = (t: TFunction, params: Params) => string;

const fixedText =
  (key: StaticKey | `matchmaking.serverMessages.${keyof typeof MATCHMAKING_MESSAGES}`): RefusalText =>
  (t) =>
    t(key);

/** Each room and queue refusal's `code` and how to say it; the figures come from the body's `params`. */
const TEXT_BY_CODE: ReadonlyMap<string, RefusalText> = new Map<string, RefusalText>([
  [ROOM_ERROR_CODES.invalidBet, fixedText('validation.invalidBet')],
  [
    ROOM_ERROR_CODES.betBelowMinimum,
    (t, params) => t('rooms.serverMessages.betBelowMin', { amount: params['amount'] }),
  ],
  [
    ROOM_ERROR_CODES.betAboveMaximum,
    (t, params) => t('rooms.serverMessages.betAboveMax', { amount: params['amount'] }),
  ],
  [ROOM_ERROR_CODES.insufficientBalance, fixedText('validation.insufficientBalance')],
  [ROOM_ERROR_CODES.betNotAllowed, fixedText('rooms.serverMessages.betNotAllowed')],
  [ROOM_ERROR_CODES.gameNotFound, fixedText('rooms.serverMessages.chooseGame')],
  [ROOM_ERROR_CODES.roomNotJoinable, fixedText('rooms.serverMessages.roomNotJoinable')],
  [ROOM_ERROR_CODES.ownRoom, fixedText('rooms.serverMessages.ownRoom')],
  [ROOM_ERROR_CODES.wrongPassword, fixedText('rooms.serverMessages.wrongPassword')],
  [ROOM_ERROR_CODES.passwordRequired, fixedText('rooms.serverMessages.passwordRequired')],
  [ROOM_ERROR_CODES.tooManyPasswordGuesses, fixedText('httpErrors.tooManyRequests')],
  [
    ROOM_ERROR_CODES.tooManyOpenRooms,
    (t, params) => t('rooms.serverMessages.tooManyOpenRooms', { count: Number(params['max']) }),
  ],
  [ROOM_ERROR_CODES.notInRoom, fixedText('rooms.serverMessages.notInRoom')],
  [ROOM_ERROR_CODES.invalidMaxPlayers, fixedText('rooms.serverMessages.maxPlayers')],
  [MATCHMAKING_ERROR_CODES.alreadyQueued, fixedText('matchmaking.serverMessages.alreadyQueued')],
  [MATCHMAKING_ERROR_CODES.notQueued, fixedText('matchmaking.serverMessages.notQueued')],
  [MATCHMAKING_ERROR_CODES.alreadyMatched, fixedText('matchmaking.serverMessages.alreadyMatched')],
]);

/**
 * A room or queue refusal in the current language, by its `code` (never by its words); a code we do not know keeps
 * the server's own sentence.
 */
function refusalText(t: TFunction, error: ApiError): string | undefined {
  const body = typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
  const code = body['code'];
  const params = (typeof body['params'] === 'object' && body['params'] !== null ? body['params'] : {}) as Params;
  const text = typeof code === 'string' ? TEXT_BY_CODE.get(code) : undefined;
  return text ? text(t, params) : error.serverMessage;
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
    return rgRefusalText(t, error) ?? refusalText(t, error);
  }
  return errorText(t, error, '') || undefined;
}
