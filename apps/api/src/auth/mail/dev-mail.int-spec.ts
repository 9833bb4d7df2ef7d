import type { DevMailDto } from '@skillduel/contracts';
import { randomIp, registerUser } from '../../../test/auth-helpers';
import { MailCatcher } from '../../../test/mail-catcher';
import { createTestApp, TestApp } from '../../../test/test-app';
import { MailService } from './mail.service';

/**
 * The local outbox (DEV_MAIL): on `npm start` with no mail server, account mail is kept and shown at /dev/mail and
 * GET /api/dev/mail, so a local player can verify an address or reset a password. Off otherwise, and ignored when a
 * mail server is configured.
 */
describe('local mail outbox (DEV_MAIL, real PostgreSQL)', () => {
  describe('on: no SMTP_URL and DEV_MAIL=true', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp({
        DEV_MAIL: 'true',
        APP_BASE_URL: 'http://localhost:3000',
        AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
      });
    });
    afterAll(() => testApp.close());

    it('keeps the verification mail, newest first, with its link; the link verifies the address', async () => {
      const first = await registerUser(testApp.app);
      const second = await registerUser(testApp.app);
      await testApp.app.get(MailService).flush();

      const answer = await testApp.app.inject({ method: 'GET', url: '/api/dev/mail' });
      expect(answer.statusCode).toBe(200);
      const mails = answer.json<DevMailDto[]>();
      expect(mails.map((mail) => mail.to).slice(0, 2)).toEqual([second.user.email, first.user.email]);
      const [newest] = mails;
      expect(newest.subject).toBe('Confirm your SkillDuel email');
      expect(Date.parse(newest.sent_at)).not.toBeNaN();
      const link = newest.links.find((url) => url.startsWith('http://localhost:3000/verify-email?token='));
      expect(link).toBeDefined();

      const token = new URL(link ?? '').searchParams.get('token');
      const verified = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token },
        remoteAddress: randomIp(),
      });
      expect(verified.statusCode).toBe(200);
    });

    it('serves the outbox as a page with clickable links and no script', async () => {
      const { user } = await registerUser(testApp.app);
      await testApp.app.get(MailService).flush();
      const page = await testApp.app.inject({ method: 'GET', url: '/dev/mail' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(`<strong>${user.email}</strong>`);
      expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/verify-email\?token=[^"]+">/);
      expect(page.body).not.toContain('<script');
    });
  });

  it('is off by default: GET /api/dev/mail is a 404 and nothing is kept', async () => {
    const testApp = await createTestApp({ AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000' });
    try {
      await registerUser(testApp.app);
      await testApp.app.get(MailService).flush();
      expect((await testApp.app.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
      expect((await testApp.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    } finally {
      await testApp.close();
    }
  });

  it('is never on with a mail server: DEV_MAIL=true and SMTP_URL send over SMTP and keep nothing', async () => {
    const catcher = new MailCatcher();
    await catcher.start();
    const testApp = await createTestApp({
      DEV_MAIL: 'true',
      SMTP_URL: catcher.url,
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
    });
    try {
      const { user } = await registerUser(testApp.app);
      expect(await catcher.waitFor(user.email ?? '', 'Confirm')).toBeDefined();
      expect((await testApp.app.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
    } finally {
      await testApp.close();
      await catcher.stop();
    }
  });
});
