import {
  MATCHMAKING_ERROR_CODES,
  REALTIME_ERROR_CODES,
  REALTIME_MESSAGES,
  ROOM_ERROR_CODES,
  ROOM_MESSAGES,
  type RealtimeErrorDto,
} from '@skillduel/contracts';
import type { i18n as I18n } from 'i18next';
import type { ApiError } from '../../app/apiErrors';
import { createTestI18n } from '../../test/i18n';
import { realtimeErrorText, roomFailureReason } from './messages';

describe('realtimeErrorText: a socket refusal or room notice in the player’s language', () => {
  let i18n: I18n;
  beforeAll(async () => {
    i18n = await createTestI18n();
  });

  const serverStopped: RealtimeErrorDto = {
    code: REALTIME_ERROR_CODES.roomServerStopped,
    message: REALTIME_MESSAGES.roomServerStopped,
  };
  const forbiddenCharacters: RealtimeErrorDto = {
    code: REALTIME_ERROR_CODES.invalidPayload,
    message: REALTIME_MESSAGES.chatForbiddenCharacters,
    event: 'chat:send',
  };

  it('says in English that the match’s server stopped and the stake is being refunded', () => {
    expect(realtimeErrorText(i18n.getFixedT('en'), serverStopped)).toBe(
      'The server running this match stopped; your stake is being refunded.',
    );
  });

  it('says the same in Spanish, and the chat character refusal too', () => {
    const t = i18n.getFixedT('es');
    expect(realtimeErrorText(t, serverStopped)).toBe(
      'El servidor que ejecutaba esta partida se detuvo; se te está devolviendo la apuesta.',
    );
    expect(realtimeErrorText(t, forbiddenCharacters)).toBe(
      'Los mensajes no pueden contener caracteres de control ni de dirección del texto',
    );
  });
});

describe('roomFailureReason: a refused room or queue call, said by its code', () => {
  let i18n: I18n;
  beforeAll(async () => {
    i18n = await createTestI18n();
  });

  const refusal = (
    status: number,
    code: string,
    detail: string,
    params?: Record<string, string | number>,
  ): ApiError => ({
    status,
    message: detail,
    serverMessage: detail,
    data: { statusCode: status, code, detail, message: detail, ...(params ? { params } : {}) },
  });

  it('fills the figures of a bet limit and of the open-room cap from the answer, in both languages', () => {
    const underMinimum = refusal(400, ROOM_ERROR_CODES.betBelowMinimum, ROOM_MESSAGES.betBelowMin('2.00'), {
      amount: '2.00',
    });
    const tooMany = refusal(409, ROOM_ERROR_CODES.tooManyOpenRooms, ROOM_MESSAGES.tooManyOpenRooms(3), { max: 3 });
    expect(roomFailureReason(i18n.getFixedT('en'), underMinimum)).toBe('Minimum bet for this game is $2.00');
    expect(roomFailureReason(i18n.getFixedT('es'), underMinimum)).toBe('La apuesta mínima de este juego es $2.00');
    expect(roomFailureReason(i18n.getFixedT('es'), tooMany)).toBe('Puedes tener como máximo 3 salas abiertas a la vez');
  });

  it('translates by the code even when the words differ, and keeps the words of an unknown code', () => {
    const t = i18n.getFixedT('es');
    expect(roomFailureReason(t, refusal(400, ROOM_ERROR_CODES.wrongPassword, 'Wrong password, try again'))).toBe(
      'Contraseña de sala incorrecta',
    );
    expect(roomFailureReason(t, refusal(409, MATCHMAKING_ERROR_CODES.alreadyQueued, 'x'))).not.toBe('x');
    expect(roomFailureReason(t, refusal(400, 'SOMETHING_NEW', 'Something new'))).toBe('Something new');
  });
});
