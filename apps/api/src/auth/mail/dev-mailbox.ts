import { Injectable } from '@nestjs/common';
import type { DevMailDto } from '@skillduel/contracts';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../../common/clock';
import type { MailMessage } from './mail.service';

/** How many mails the outbox keeps; older ones drop off (it lives in memory, for one developer's machine). */
const DEV_MAILBOX_SIZE = 50;

const LINK_PATTERN = /https?:\/\/[^\s<>"')]+/g;

/**
 * The local outbox of a server without a mail server (DEV_MAIL on, SMTP_URL unset): account mail is kept here so that
 * a player on `npm start` can still verify an address or reset a password. Off everywhere else.
 */
@Injectable()
export class DevMailbox {
  private readonly mails: DevMailDto[] = [];

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  get enabled(): boolean {
    return this.config.DEV_MAIL && !this.config.SMTP_URL;
  }

  keep(message: MailMessage): void {
    this.mails.unshift({
      to: message.to,
      subject: message.subject,
      text: message.text,
      links: message.text.match(LINK_PATTERN) ?? [],
      sent_at: this.clock.now().toISOString(),
    });
    this.mails.splice(DEV_MAILBOX_SIZE);
  }

  /** Newest first. */
  list(): DevMailDto[] {
    return [...this.mails];
  }
}
