import { JwtService } from '@nestjs/jwt';
import { bearer, registerUser } from '../../test/auth-helpers';
import { createTestApp, TestApp } from '../../test/test-app';
import { connectSocket } from '../rooms/testing/rooms-test-kit';
import { ACCESS_TOKEN } from './tokens.service';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';

/**
 * An access token without `exp` never expires in jsonwebtoken's eyes; ours always carry one, so a stolen token cannot
 * live forever.
 */
describe('access tokens without exp', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '100000' });
    await testApp.app.listen(0, '127.0.0.1');
  });
  afterAll(() => testApp.close());

  it('are refused over HTTP and at the socket handshake, even with a live session and the right key', async () => {
    const player = await registerUser(testApp.app);
    const jwt = new JwtService({ secret: SECRET });
    const { sub, sid } = jwt.decode<{ sub: string; sid: string }>(player.accessToken);
    const claims = { sub, sid, typ: ACCESS_TOKEN.type };
    const signed = { algorithm: ACCESS_TOKEN.algorithm, issuer: ACCESS_TOKEN.issuer, audience: ACCESS_TOKEN.audience };
    const withoutExp = jwt.sign(claims, signed);
    expect(jwt.decode<{ exp?: number }>(withoutExp).exp).toBeUndefined();
    const withExp = jwt.sign(claims, { ...signed, expiresIn: 60 });

    const me = (token: string) => testApp.app.inject({ method: 'GET', url: '/api/users/me/', headers: bearer(token) });
    expect((await me(withExp)).statusCode).toBe(200);
    const refused = await me(withoutExp);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe('Authentication required');
    await expect(connectSocket(testApp.app, { token: withoutExp })).rejects.toMatchObject({
      message: 'Authentication required',
    });
  });
});
