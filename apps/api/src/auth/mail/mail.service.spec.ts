import { Logger } from '@nestjs/common';
import { loadConfig } from '../../config/app-config';
import { MailService } from './mail.service';

const message = {
  to: 'a@example.test',
  subject: 'Reset your SkillDuel password',
  text: 'link https://x/reset?token=secret',
  html: '<p>x</p>',
};

describe('MailService without SMTP_URL', () => {
  afterEach(() => jest.restoreAllMocks());

  it('writes the mail to the log in development', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const mail = new MailService(loadConfig({ DATABASE_URL: 'postgres://u:p@h/db', NODE_ENV: 'development' }));
    mail.queue(message);
    await mail.flush();
    expect(log).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'a@example.test', text: message.text }),
      expect.any(String),
    );
  });

  it('never logs the body (it carries sign-in links) in production', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const mail = new MailService(
      loadConfig({ DATABASE_URL: 'postgres://u:p@h/db', NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }),
    );
    mail.queue(message);
    await mail.flush();
    expect(log).not.toHaveBeenCalled();
    expect(JSON.stringify(error.mock.calls)).not.toContain('token=secret');
  });
});
