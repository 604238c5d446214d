import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  raw: ParsedMail;
};

/**
 * A real SMTP server on loopback that keeps what it receives, so tests read the mails the product sent
 * over SMTP exactly as a mail server would get them.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // The app's pooled connections stay open; stopping waits this long for them (smtp-server's default: 30 s).
      closeTimeout: 200,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
            this.mails.push({
              to: to ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
              raw: parsed,
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}?ignoreTLS=true`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The mails to an address (optionally with a subject containing `subject`). */
  to(address: string, subject?: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address) && (!subject || mail.subject.includes(subject)));
  }

  /** Waits until a mail to `address` arrives and answers it. */
  async waitFor(address: string, subject?: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const started = Date.now();
    for (;;) {
      const found = this.to(address, subject).at(-1);
      if (found) return found;
      if (Date.now() - started > timeoutMs)
        throw new Error(`no mail to ${address} (${subject ?? 'any subject'}) within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The code at the end of the first link to `path` in a mail's text. */
export function linkCode(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`${path.replace(/[?]/g, '\\?')}([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return match[1]!;
}
