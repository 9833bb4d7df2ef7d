import type { AuthResponse } from '@skillduel/contracts';
import { REALTIME_LIMITS } from '@skillduel/contracts';
import { randomIp, registerUser } from '../../test/auth-helpers';
import { LogCapture } from '../../test/log-capture';
import { createTestApp, TestApp } from '../../test/test-app';
import { MailService } from '../auth/mail/mail.service';
import { connectSocket, eventually } from '../rooms/testing/rooms-test-kit';

/** Security events keep their details: the structured fields reach the log line. */
describe('structured log fields', () => {
  let testApp: TestApp;
  const log = new LogCapture();

  beforeAll(async () => {
    testApp = await createTestApp(
      { LOG_LEVEL: 'info', REFRESH_REUSE_GRACE_SECONDS: '0', WITHDRAWAL_PROCESSOR_ENABLED: 'false' },
      { logDestination: log },
    );
    await testApp.app.listen(0, '127.0.0.1');
  });
  afterAll(() => testApp.close());

  it('logs the user and session of a reused refresh token', async () => {
    const player = await registerUser(testApp.app);
    const refresh = (token: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: token },
        remoteAddress: randomIp(),
      });
    const first = await refresh(player.refreshToken);
    expect(first.statusCode).toBe(200);
    const reused = await refresh(player.refreshToken);
    expect(reused.statusCode).toBe(401);
    const line = log.find('Refresh token reused: session revoked');
    expect(line).toMatchObject({ level: 40, context: 'Sessions', userId: player.user.id });
    expect(line?.sessionId).toEqual(expect.any(String));
    expect(JSON.stringify(log.lines)).not.toContain('[object Object]');
  });

  it('writes the mail itself to the log when no SMTP_URL is set (development fallback)', async () => {
    const email = `logged_${Date.now()}@example.test`;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: `logged_${Date.now()}`,
        email,
        password: 'Pw-logged-12345',
        confirmPassword: 'Pw-logged-12345',
      },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<AuthResponse>().user.email).toBe(email);
    await testApp.app.get(MailService).flush();
    const line = log.lines.find((entry) => entry.msg === 'Mail (no SMTP_URL configured)' && entry.to === email);
    expect(line).toMatchObject({ level: 30, context: 'Mail', to: email, subject: expect.any(String) });
    expect(line?.text).toEqual(expect.stringContaining('/verify-email'));
  });

  it('logs the socket and user of a flooding socket', async () => {
    const player = await registerUser(testApp.app);
    const flooder = await connectSocket(testApp.app, { token: player.accessToken });
    try {
      for (let i = 0; i < REALTIME_LIMITS.control.burst + REALTIME_LIMITS.maxStrikes + 5; i++) {
        flooder.emit('lobby:subscribe', {});
      }
      await eventually(() => log.find('Socket flooding: disconnected') !== undefined);
      expect(log.find('Socket flooding: disconnected')).toMatchObject({
        level: 40,
        userId: player.user.id,
        socketId: expect.any(String),
      });
    } finally {
      flooder.close();
    }
  });
});
