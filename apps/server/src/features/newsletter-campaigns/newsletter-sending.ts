import type { Brand } from '@tourdesk/contracts';
import { nowIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { retryDelayMs } from '../../lib/backoff.ts';
import type { DbContext } from '../../types.ts';
import {
  compileNewsletter,
  newsletterUrls,
  personalise,
  signRecipientToken,
  unsubscribeHeaders,
  type NewsletterContactValues,
} from '../newsletter/newsletter.service.ts';
import {
  claimRecipient,
  countContactSoftBounce,
  findCampaignRaw,
  findDueRecipientIds,
  findLinks,
  findRecipientsForSending,
  finishDrainedCampaigns,
  insertEvent,
  markContactHardBounced,
  updateRecipient,
} from './newsletter-campaigns.repository.ts';

/**
 * The newsletter's sending engine (docs/adr/0021 "Sending"): a campaign's `newsletter_recipient` rows are its
 * outbox. Workers claim due recipients one by one with a conditional update and a lease (as the mail outbox's
 * delivery does, features/mail/mail-delivery.ts), personalise the campaign's frozen HTML, send over SMTP and mark
 * them sent — at most `ratePerMinute` per minute. A 5xx answer is a hard bounce (the contact is never mailed
 * again), a 4xx a soft bounce retried with back-off until `maxAttempts`.
 */

/** What the engine needs of a mail transport (the app's shared nodemailer SMTP transport). */
export type NewsletterTransport = {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    messageId: string;
    headers?: Record<string, string>;
  }): Promise<{ messageId?: string; response?: string }>;
};

/** The SMTP server as configured now (features/mail/smtp-transport.ts); null while none is configured. */
export type NewsletterSmtp = {
  use<T>(work: (sender: Sender | null) => Promise<T>): Promise<T>;
};

type Sender = { transport: NewsletterTransport; from: string };

export type SenderOptions = {
  /** signs the recipients' tokens (unsubscribe, pixel, clicks) */
  key: Buffer;
  /** the brand a campaign's mails carry (logo, colours, address) */
  brandOf: (idBrand: number | null) => Promise<Brand | null>;
  retryBaseMs: number;
  maxAttempts: number;
  leaseMs?: number;
  /** mails sent at the same time within one batch */
  concurrency?: number;
  batchSize?: number;
};

type RecipientForSending = Awaited<ReturnType<typeof findRecipientsForSending>>[number];

type Outcome = { id: number; idCampaign: number; idContact: number; attempts: number } & (
  | { kind: 'sent'; messageId: string | null }
  | { kind: 'bounced' | 'retry' | 'failed'; error: string; code: number | null }
);

type PreparedCampaign = {
  id: number;
  html: string;
  links: string[];
  subject: string;
  /** null: the installation's sender (the SMTP settings' sender) */
  from: string | null;
  baseUrl: string;
  tracking: boolean;
};

/** `{{first_name}}` and the like in a subject, filled as plain text. */
export function personaliseSubject(subject: string, contact: NewsletterContactValues): string {
  return subject.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    name in contact ? String(contact[name as keyof NewsletterContactValues] ?? '') : whole,
  );
}

/** `"Name" <address>`, or null (the installation's sender) when the campaign has no address. */
export function senderOf(name: string, email: string): string | null {
  if (!email) return null;
  const clean = name.replace(/["\\\r\n]/g, '').trim();
  return clean ? `"${clean}" <${email}>` : email;
}

const smtpCode = (error: unknown): number | null => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' ? code : null;
};

/** One campaign's HTML, compiled once from its frozen MJML and kept while the app runs. */
export async function prepareCampaign(
  ctx: DbContext,
  id: number,
  options: Pick<SenderOptions, 'brandOf'>,
): Promise<PreparedCampaign | null> {
  const campaign = await findCampaignRaw(ctx.db, id);
  if (!campaign?.mjml) return null;
  const compiled = await compileNewsletter(campaign.mjml, await options.brandOf(campaign.id_brand));
  const links = (await findLinks(ctx.db, id)).map((link) => link.url);
  return {
    id,
    html: compiled.html,
    links,
    subject: campaign.subject,
    from: senderOf(campaign.sender_name, campaign.sender_email),
    baseUrl: campaign.base_url ?? '',
    tracking: campaign.tracking === true || campaign.tracking === 1,
  };
}

export class NewsletterSender {
  readonly #ctx: DbContext;
  readonly #smtp: NewsletterSmtp;
  readonly #options: SenderOptions;
  readonly #campaigns = new Map<number, Promise<PreparedCampaign | null>>();
  readonly #rate: () => Promise<number>;
  #allowance = 0;
  #refilledAt = Date.now();
  #running: Promise<number> | null = null;
  #again = false;
  #stopping = false;

  constructor(ctx: DbContext, smtp: NewsletterSmtp, options: SenderOptions, rate: () => Promise<number>) {
    this.#ctx = ctx;
    this.#smtp = smtp;
    this.#options = options;
    this.#rate = rate;
  }

  /** How many mails the rate allows now (a token bucket holding at most a few seconds' worth); null: no limit. */
  #budget(ratePerMinute: number): number | null {
    if (ratePerMinute <= 0) return null;
    const now = Date.now();
    const cap = Math.max(1, Math.ceil(ratePerMinute / 20));
    this.#allowance = Math.min(cap, this.#allowance + ((now - this.#refilledAt) * ratePerMinute) / 60_000);
    this.#refilledAt = now;
    return Math.floor(this.#allowance);
  }

  /**
   * Sends what is due, batch by batch, until nothing is due, the rate's budget is spent or the app closes (the
   * running batch is finished first). Resolves with the number of mails sent; 0 while no SMTP server is
   * configured (the recipients wait).
   */
  pass(): Promise<number> {
    if (this.#stopping) return Promise.resolve(0);
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#loop().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  #loop(): Promise<number> {
    return this.#smtp.use(async (sender) => (sender ? this.#sendDue(sender) : 0));
  }

  async #sendDue(sender: Sender): Promise<number> {
    let total = 0;
    const batchSize = this.#options.batchSize ?? 100;
    do {
      this.#again = false;
      for (;;) {
        if (this.#stopping) return total;
        const budget = this.#budget(await this.#rate());
        const limit = budget === null ? batchSize : Math.min(budget, batchSize);
        if (limit < 1) break;
        const ids = await findDueRecipientIds(this.#ctx.db, nowIso(), limit);
        if (ids.length === 0) break;
        const sent = await this.#sendBatch(ids, sender);
        if (budget !== null) this.#allowance -= sent.claimed;
        total += sent.sent;
        if (sent.claimed === 0) break;
      }
      await finishDrainedCampaigns(this.#ctx.db, nowIso());
    } while (this.#again && !this.#stopping);
    return total;
  }

  /**
   * Sends `ids` in chunks of `concurrency`: each chunk is claimed in one transaction, its mails go out in
   * parallel, and their outcomes are recorded in one transaction (one commit per chunk, not per mail).
   */
  async #sendBatch(ids: number[], sender: Sender): Promise<{ claimed: number; sent: number }> {
    const concurrency = this.#options.concurrency ?? 16;
    const leaseMs = this.#options.leaseMs ?? 5 * 60 * 1000;
    let claimed = 0;
    let sent = 0;
    for (let start = 0; start < ids.length; start += concurrency) {
      const chunk = ids.slice(start, start + concurrency);
      const mine = await inTransaction(this.#ctx, async (trx) => {
        const now = nowIso();
        const lease = new Date(Date.now() + leaseMs).toISOString();
        const won: number[] = [];
        for (const id of chunk) if (await claimRecipient(trx.db, id, now, lease)) won.push(id);
        return won;
      });
      if (mine.length === 0) continue;
      claimed += mine.length;
      const recipients = await findRecipientsForSending(this.#ctx.db, mine);
      const outcomes = await Promise.all(recipients.map((recipient) => this.#deliver(recipient, sender)));
      await inTransaction(this.#ctx, async (trx) => {
        for (const outcome of outcomes) await this.#record(trx, outcome);
      });
      sent += outcomes.filter((outcome) => outcome.kind === 'sent').length;
    }
    return { claimed, sent };
  }

  #campaign(id: number): Promise<PreparedCampaign | null> {
    let prepared = this.#campaigns.get(id);
    if (!prepared) {
      prepared = prepareCampaign(this.#ctx, id, this.#options);
      this.#campaigns.set(id, prepared);
      prepared.catch(() => this.#campaigns.delete(id));
    }
    return prepared;
  }

  /** Renders and sends one recipient's mail; touches no table (the outcome is recorded with its chunk's). */
  async #deliver(recipient: RecipientForSending, sender: Sender): Promise<Outcome> {
    const attempts = recipient.attempts + 1;
    const base = { id: recipient.id, idCampaign: recipient.id_campaign, idContact: recipient.id_contact, attempts };
    const campaign = await this.#campaign(recipient.id_campaign);
    if (!campaign?.html) return { ...base, kind: 'failed', error: 'no content', code: null };
    const contact: NewsletterContactValues = {
      email: recipient.email,
      first_name: recipient.first_name,
      last_name: recipient.last_name,
      salutation: recipient.salutation,
      title: recipient.title,
    };
    const urls = newsletterUrls(campaign.baseUrl, signRecipientToken(this.#options.key, recipient.id));
    try {
      const mail = await personalise(campaign.html, {
        contact,
        unsubscribeUrl: urls.unsubscribe,
        ...(campaign.tracking ? { tracking: { openUrl: urls.open, clickUrl: urls.click, links: campaign.links } } : {}),
      });
      const info = await sender.transport.sendMail({
        from: campaign.from ?? sender.from,
        to: recipient.email,
        subject: personaliseSubject(campaign.subject, contact),
        html: mail.html,
        text: mail.text,
        // One id per recipient: should a crash ever send a mail twice, mail systems see the duplicate.
        messageId: `<nl-${campaign.id}-${recipient.id}@tourdesk>`,
        headers: { ...unsubscribeHeaders(urls.unsubscribeOneClick), 'X-Tourdesk-Campaign': String(campaign.id) },
      });
      return { ...base, kind: 'sent', messageId: info.messageId?.slice(0, 300) ?? null };
    } catch (error) {
      const code = smtpCode(error);
      const message = (error as Error).message.slice(0, 500);
      if (code !== null && code >= 500) return { ...base, kind: 'bounced', error: message, code };
      return { ...base, kind: attempts >= this.#options.maxAttempts ? 'failed' : 'retry', error: message, code };
    }
  }

  async #record(trx: DbContext, outcome: Outcome): Promise<void> {
    const at = nowIso();
    const event = { id_campaign: outcome.idCampaign, id_recipient: outcome.id, at };
    if (outcome.kind === 'sent') {
      await updateRecipient(trx.db, outcome.id, {
        status: 'sent',
        attempts: outcome.attempts,
        sent_at: at,
        message_id: outcome.messageId,
        locked_until: null,
        last_error: null,
      });
      await insertEvent(trx.db, { ...event, type: 'sent', detail: null });
      return;
    }
    if (outcome.kind === 'bounced') {
      await updateRecipient(trx.db, outcome.id, {
        status: 'bounced',
        attempts: outcome.attempts,
        locked_until: null,
        last_error: outcome.error,
      });
      await insertEvent(trx.db, { ...event, type: 'bounce_hard', detail: outcome.error });
      await markContactHardBounced(trx.db, outcome.idContact, at);
      return;
    }
    await updateRecipient(trx.db, outcome.id, {
      status: outcome.kind === 'failed' ? 'failed' : 'queued',
      attempts: outcome.attempts,
      next_attempt_at: new Date(Date.now() + retryDelayMs(outcome.attempts, this.#options.retryBaseMs)).toISOString(),
      locked_until: null,
      last_error: outcome.error,
    });
    if (outcome.code !== null && outcome.code >= 400) {
      await insertEvent(trx.db, { ...event, type: 'bounce_soft', detail: outcome.error });
      await countContactSoftBounce(trx.db, outcome.idContact, at);
    }
  }

  /** Stops taking new batches and waits for the running one (graceful close: nobody is left half-sent). */
  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#running;
  }
}
