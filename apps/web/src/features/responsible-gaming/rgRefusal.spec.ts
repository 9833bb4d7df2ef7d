import type { TFunction } from 'i18next';
import type { ApiError } from '../../app/apiErrors';
import { formatDateTime } from '../../app/dates';
import { createI18n, loadAppTranslations } from '../../i18n';
import { describeMoveFailure } from '../wallet/moveFailure';
import { rgRefusalText } from './rgRefusal';

const serverMessage =
  'This deposit exceeds your daily deposit limit of $20.00. You can deposit up to $5.00 in the next 24 hours.';
const refusal = (data: Record<string, unknown>): ApiError => ({
  status: 403,
  message: 'Access forbidden',
  messageKey: 403,
  serverMessage,
  data: { statusCode: 403, detail: serverMessage, message: serverMessage, ...data },
});

describe('player-protection refusals in the player language', () => {
  beforeAll(() => loadAppTranslations());

  it('keeps the server sentence in English and says it with the same figures in Spanish', () => {
    const error = refusal({ code: 'DEPOSIT_LIMIT_EXCEEDED', params: { window: 'day', limit: '20.00', left: '5.00' } });
    const en = createI18n('en').t as TFunction;
    const es = createI18n('es').t as TFunction;
    expect(rgRefusalText(en, error)).toBeNull();
    expect(describeMoveFailure(en, 'deposit', error)).toEqual({ outcome: 'refused', message: serverMessage });
    expect(describeMoveFailure(es, 'deposit', error)).toEqual({
      outcome: 'refused',
      message:
        'Este depósito supera tu límite diario de depósito de $20.00. Puedes depositar hasta $5.00 en las próximas 24 horas.',
    });
  });

  it("writes a break's end in the app's date format in English too (the server's sentence has a UTC date)", () => {
    const en = createI18n('en').t as TFunction;
    const until = '2026-11-25T21:30:00.000Z';
    expect(rgRefusalText(en, refusal({ code: 'SELF_EXCLUDED', params: { kind: 'cool_off', until } }))).toBe(
      `You are on a cool-off until ${formatDateTime(until, 'en')}. You can still sign in, see your history and withdraw.`,
    );
  });

  it('says breaks, bets and frozen accounts in Spanish, and leaves other refusals alone', () => {
    const es = createI18n('es').t as TFunction;
    expect(rgRefusalText(es, refusal({ code: 'MAX_BET_EXCEEDED', params: { limit: '5.00' } }))).toBe(
      'Esta apuesta supera tu apuesta máxima de $5.00 por sala.',
    );
    expect(
      rgRefusalText(es, refusal({ code: 'SELF_EXCLUDED', params: { kind: 'self_exclusion', until: 'permanent' } })),
    ).toBe('Estás autoexcluido de forma permanente. Puedes iniciar sesión, ver tu historial y retirar.');
    expect(
      rgRefusalText(
        es,
        refusal({ code: 'SELF_EXCLUDED', params: { kind: 'cool_off', until: '2026-11-25T21:30:00.000Z' } }),
      ),
    ).toMatch(/^Estás en pausa hasta el /);
    expect(rgRefusalText(es, refusal({ code: 'ACCOUNT_FROZEN' }))).toMatch(/^Tu cuenta está congelada/);
    expect(rgRefusalText(es, refusal({ code: 'INSUFFICIENT_BALANCE' }))).toBeNull();
  });
});
