import { Logger } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { loadConfig } from '../../config/app-config';
import { DevMailbox } from './dev-mailbox';
import { MailService } from './mail.service';

function mailServiceFor(env: Record<string, string>): { mail: MailService; outbox: DevMailbox } {
  const config = loadConfig(env);
  const outbox = new DevMailbox(config, new Clock());
  return { mail: new MailService(config, outbox), outbox };
}

const message = {
  to: 'a@example.test',
  subject: 'Reset your SkillDuel password',
  text: 'link https://x/reset?token=secret',
  html: '<p>x</p>',
};

const production = {
  DATABASE_URL: 'postgres://u:p@h/db',
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  APP_BASE_URL: 'https://skillduel.example',
};

describe('MailService without SMTP_URL', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps the mail in the local outbox when DEV_MAIL is on (npm start), without logging it or warning', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { mail, outbox } = mailServiceFor({ ...production, DEV_MAIL: 'true' });
    mail.onModuleInit();
    mail.queue(message);
    await mail.flush();
    expect(outbox.list()).toEqual([
      expect.objectContaining({ to: 'a@example.test', links: ['https://x/reset?token=secret'] }),
    ]);
    expect(log).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('writes the mail to the log in development', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const { mail } = mailServiceFor({ DATABASE_URL: 'postgres://u:p@h/db', NODE_ENV: 'development' });
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
    const { mail } = mailServiceFor({ ...production });
    mail.queue(message);
    await mail.flush();
    expect(log).not.toHaveBeenCalled();
    expect(JSON.stringify(error.mock.calls)).not.toContain('token=secret');
  });

  it('says once at boot that mail is not configured in production, and logs no error per mail', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
    const { mail } = mailServiceFor({ ...production });
    mail.onModuleInit();
    mail.queue(message);
    mail.queue({ ...message, to: 'b@example.test' });
    await mail.flush();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Mail is not configured'));
    expect(error).not.toHaveBeenCalled();
  });

  it('says nothing about configuration when SMTP_URL is set', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { mail } = mailServiceFor({ ...production, SMTP_URL: 'smtp://127.0.0.1:2525' });
    mail.onModuleInit();
    expect(warn).not.toHaveBeenCalled();
  });
});
