import { generate } from 'otplib';
import { Clock } from '../../common/clock';
import { loadConfig } from '../../config/app-config';
import { AuthKeys } from '../auth-keys';
import { TotpService } from './totp.service';

describe('TotpService', () => {
  const nowSeconds = 1_900_000_005;
  const clock = new Clock();
  jest.spyOn(clock, 'now').mockImplementation(() => new Date(nowSeconds * 1000));
  const keys = new AuthKeys(loadConfig({ DATABASE_URL: 'postgres://u:p@h/db', JWT_SECRET: 'k'.repeat(40) }));
  const totp = new TotpService(clock, keys);
  const secret = totp.newSecret();
  const step = Math.floor(nowSeconds / 30);

  it('accepts the current step and its neighbours, not two steps away', async () => {
    for (const offset of [-1, 0, 1]) {
      const result = await totp.check(secret, await generate({ secret, epoch: nowSeconds + offset * 30 }), null);
      expect(result).toEqual({ valid: true, timeStep: step + offset });
    }
    for (const offset of [-2, 2]) {
      expect((await totp.check(secret, await generate({ secret, epoch: nowSeconds + offset * 30 }), null)).valid).toBe(
        false,
      );
    }
  });

  it('refuses steps at or before the last used one', async () => {
    const code = await generate({ secret, epoch: nowSeconds });
    expect((await totp.check(secret, code, step)).valid).toBe(false);
    expect((await totp.check(secret, code, step - 1)).valid).toBe(true);
  });

  it('refuses malformed codes', async () => {
    for (const code of ['', '12345', '1234567', 'abcdef'])
      expect((await totp.check(secret, code, null)).valid).toBe(false);
  });

  it('encrypts secrets at rest (authenticated): round trip, random IV, tampering detected', () => {
    const a = totp.encrypt(secret);
    const b = totp.encrypt(secret);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(totp.decrypt(a)).toBe(secret);
    const [version, iv, tag, ciphertext] = a.split('.');
    const flipped = `${ciphertext[0] === 'A' ? 'B' : 'A'}${ciphertext.slice(1)}`;
    expect(() => totp.decrypt([version, iv, tag, flipped].join('.'))).toThrow();
  });
});
