import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../../config/app-config';
import { DevMailbox } from './dev-mailbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail with nodemailer over SMTP_URL. Without SMTP_URL the mail goes to the local outbox when DEV_MAIL is on
 * (`npm start`'s embedded default, DevMailbox), else it is written to the log in development and tests (it carries
 * sign-in links, so never in production, where boot says once that mail is not configured and each unsent mail is
 * only a debug line: a missing SMTP server is a setting, not an error per registration).
 *
 * `queue` never waits for the SMTP server: the answer of e.g. forgot-password must take the same time whether or
 * not an email goes out (no account enumeration by timing). Pending sends are awaited on shutdown.
 */
@Injectable()
export class MailService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter | null;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly config: AppConfig,
    private readonly outbox: DevMailbox,
  ) {
    this.transport = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
  }

  onModuleInit(): void {
    if (!this.transport && this.config.NODE_ENV === 'production' && !this.outbox.enabled) {
      this.logger.warn('Mail is not configured (SMTP_URL is not set): account emails will not be sent');
    }
  }

  queue(message: MailMessage): void {
    const sending = this.send(message).finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Resolves when every queued mail has been handed to SMTP (or failed); for shutdown and tests. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
    this.transport?.close();
  }

  private async send(message: MailMessage): Promise<void> {
    if (!this.transport) {
      if (this.outbox.enabled) {
        this.outbox.keep(message);
      } else if (this.config.NODE_ENV === 'production') {
        this.logger.debug({ to: message.to, subject: message.subject }, 'Mail not sent (SMTP_URL is not set)');
      } else {
        this.logger.log(
          { to: message.to, subject: message.subject, text: message.text },
          'Mail (no SMTP_URL configured)',
        );
      }
      return;
    }
    try {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, ...message });
    } catch (error) {
      this.logger.error({ err: error, to: message.to, subject: message.subject }, 'Mail could not be sent');
    }
  }
}
