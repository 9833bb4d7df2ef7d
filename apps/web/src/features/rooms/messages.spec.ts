import { REALTIME_ERROR_CODES, REALTIME_MESSAGES, type RealtimeErrorDto } from '@skillduel/contracts';
import type { i18n as I18n } from 'i18next';
import { createTestI18n } from '../../test/i18n';
import { realtimeErrorText } from './messages';

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
