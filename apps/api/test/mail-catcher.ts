import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
  subject: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message, so tests read the links the API mails
 * (configure the app with SMTP_URL = catcher.url).
 */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  private server!: SMTPServer;
  private port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
          this.messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, subject });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for the next mail to `to` whose subject contains `subjectPart` (mail is sent after the answer). */
  async waitFor(to: string, subjectPart: string, timeoutMs = 5000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(
        (mail) => mail.to.includes(to.toLowerCase()) && mail.subject.includes(subjectPart),
      );
      if (found) {
        this.messages.splice(this.messages.indexOf(found), 1);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`No mail "${subjectPart}" to ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  count(to: string): number {
    return this.messages.filter((mail) => mail.to.includes(to.toLowerCase())).length;
  }
}

/** The token of a `…?token=…` link in a mail's plain-text part (quoted-printable soft breaks removed). */
export function tokenFromMail(mail: CaughtMail, path: string): string {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`${path.replace('/', '\\/')}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`No ${path} link in mail:\n${text}`);
  return decodeURIComponent(match[1]);
}
