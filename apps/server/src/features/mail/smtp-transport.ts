import type { FastifyBaseLogger } from 'fastify';
import type { ThirdPartyConfig } from '@tourdesk/contracts';
import { effectiveConfig, storedValues, type ThirdPartySource } from '../thirdparty/thirdparty.service.ts';
import type { MailTransport } from './mail-delivery.ts';

/** nodemailer (about 25 MB) is loaded only when there is an SMTP server to talk to. */
const loadNodemailer = async () => (await import('nodemailer')).default;

/**
 * A pool of a few connections that stay open: a newsletter sends its mails side by side, and a connection per mail
 * costs a handshake each.
 */
const POOL = { pool: true, maxConnections: 4 } as const;

/** The transport mails go out through now, and the sender used when a mail names none. */
export type SmtpSender = { transport: MailTransport; from: string };

/**
 * The app's SMTP connection (issue #18 item 4, docs/adr/0033): built from the SMTP settings of
 * /basedata/thirdparty over SMTP_URL/MAIL_FROM, and rebuilt when they change — so saving the settings takes effect
 * on every instance without a restart, and mails that waited in the outbox for want of a server go out.
 *
 * The outbox's delivery worker and the newsletter's sending engine share it (one pool of a few connections).
 * `use()` costs one primary-key read; the senders call it once per pass, so a pass never changes server midway. A
 * replaced transport is closed once no pass uses it any more.
 */
export class SmtpTransports {
  readonly #source: ThirdPartySource;
  readonly #log: FastifyBaseLogger;
  /** the transport of the settings as last read, keyed by their fingerprint */
  #current: { fingerprint: string; sender: Promise<SmtpSender | null> } | null = null;
  /** replaced transports, closed when no pass uses them any more */
  readonly #retired = new Set<MailTransport>();
  #users = 0;

  constructor(source: ThirdPartySource, log: FastifyBaseLogger) {
    this.#source = source;
    this.#log = log;
  }

  /** Runs `work` with the SMTP server as configured now; `work` gets null when none is configured. */
  async use<T>(work: (sender: SmtpSender | null) => Promise<T>): Promise<T> {
    this.#users += 1;
    try {
      return await work(await this.#sender());
    } finally {
      this.#users -= 1;
      if (this.#users === 0) this.#closeRetired();
    }
  }

  async #sender(): Promise<SmtpSender | null> {
    const { config } = this.#source;
    const stored = await storedValues(this.#source, 'smtp');
    // Saving the settings changes their time; without stored settings the environment decides.
    const fingerprint = stored.updatedAt ?? 'env';
    if (this.#current?.fingerprint !== fingerprint) {
      const replaced = this.#current;
      const values = stored.updatedAt === null ? null : effectiveConfig('smtp', stored, config);
      this.#current = { fingerprint, sender: this.#build(values) };
      if (replaced) void replaced.sender.then((sender) => sender && this.#retired.add(sender.transport));
    }
    return this.#current.sender;
  }

  /** `values` are the settings stored over the environment; null: nothing stored, SMTP_URL as it is. */
  async #build(values: ThirdPartyConfig<'smtp'> | null): Promise<SmtpSender | null> {
    const { config } = this.#source;
    if (values === null) {
      if (!config.smtpUrl) return null;
      const nodemailer = await loadNodemailer();
      return { transport: nodemailer.createTransport({ url: config.smtpUrl, ...POOL }), from: config.mailFrom };
    }
    if (!values.host) {
      this.#log.info('SMTP settings incomplete: mails stay in the outbox (see /email/debug)');
      return null;
    }
    const nodemailer = await loadNodemailer();
    const transport = nodemailer.createTransport({
      host: values.host,
      port: values.port ?? (values.secure ? 465 : 587),
      secure: values.secure,
      ignoreTLS: values.ignoreTls,
      auth: values.user ? { user: values.user, pass: values.password ?? '' } : undefined,
      ...POOL,
    });
    return { transport, from: values.from || config.mailFrom };
  }

  #closeRetired() {
    for (const transport of this.#retired) {
      if ('close' in transport && typeof transport.close === 'function') transport.close();
    }
    this.#retired.clear();
  }

  /** Closes the connections (the app is closing, after the workers that send). */
  async close(): Promise<void> {
    const sender = this.#current ? await this.#current.sender : null;
    if (sender) this.#retired.add(sender.transport);
    this.#current = null;
    this.#closeRetired();
  }
}
