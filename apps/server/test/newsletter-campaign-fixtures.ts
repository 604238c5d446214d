import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { nowIso } from '../src/db/dialect.ts';
import { nextSequence } from '../src/seed/factories.ts';
import type { DbContext } from '../src/types.ts';

/**
 * Small factories for the newsletter campaign tests: they write the contacts', lists' and templates' tables
 * directly (those features are built beside this one), as the demo data of an installation would hold them.
 */

export const TEST_MJML = `<mjml><mj-body><mj-section><mj-column>
<mj-text>Hallo {{salutation}} {{first_name}} {{last_name}},</mj-text>
<mj-text>unsere neuen Reisen: <a href="https://reisen.example.de/fruehling">Frühling</a></mj-text>
<mj-text><a href="{{unsubscribe_url}}">Abmelden</a></mj-text>
</mj-column></mj-section></mj-body></mjml>`;

export async function createTemplate(ctx: DbContext, mjml = TEST_MJML): Promise<number> {
  const n = nextSequence();
  const row = await ctx.db
    .insertInto('newsletter_template')
    .values({ name: `Vorlage ${n}`, name_key: `vorlage ${n}`, type: 'marketing', subject: 'Neu', mjml })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createList(
  ctx: DbContext,
  options: { certified?: boolean; active?: boolean } = {},
): Promise<number> {
  const n = nextSequence();
  const dialectTrue = ctx.dialect === 'sqlite' ? 1 : true;
  const dialectFalse = ctx.dialect === 'sqlite' ? 0 : false;
  const row = await ctx.db
    .insertInto('newsletter_list')
    .values({
      name: `Liste ${n}`,
      name_key: `liste ${n}`,
      active: options.active === false ? dialectFalse : dialectTrue,
      certified_at: options.certified === false ? null : nowIso(),
      certification: options.certified === false ? null : '{"consent":true}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type ContactOptions = {
  subscription?: 'pending' | 'subscribed' | 'unsubscribed';
  hardBounced?: boolean;
  active?: boolean;
  email?: string;
};

/** `count` contacts in the lists given, in chunks (one insert per chunk); answers their ids and addresses. */
export async function createContacts(
  ctx: DbContext,
  count: number,
  listIds: readonly number[],
  options: ContactOptions = {},
): Promise<Array<{ id: number; email: string }>> {
  const created: Array<{ id: number; email: string }> = [];
  const batch = `${nextSequence()}`;
  for (let start = 0; start < count; start += 200) {
    const values = Array.from({ length: Math.min(200, count - start) }, (_, index) => {
      const email = options.email && count === 1 ? options.email : `kontakt-${batch}-${start + index}@example.org`;
      return {
        email,
        email_key: email.toLowerCase(),
        first_name: `Vorname${start + index}`,
        last_name: `Nachname${start + index}`,
        salutation: 'Frau',
        subscription: options.subscription ?? 'subscribed',
        active: options.active === false ? (ctx.dialect === 'sqlite' ? 0 : false) : ctx.dialect === 'sqlite' ? 1 : true,
        hard_bounced_at: options.hardBounced ? nowIso() : null,
      };
    });
    const rows = await ctx.db.insertInto('newsletter_contact').values(values).returning(['id', 'email']).execute();
    created.push(...rows);
  }
  for (const listId of listIds) {
    for (let start = 0; start < created.length; start += 500) {
      await ctx.db
        .insertInto('newsletter_list_member')
        .values(created.slice(start, start + 500).map((contact) => ({ id_list: listId, id_contact: contact.id })))
        .execute();
    }
  }
  return created;
}

export type CapturedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on loopback for sending tests: keeps every mail with its envelope; addresses that start
 * with `bounce` are refused with 550 at RCPT, those that start with `later` with 451 the first `softTimes` times.
 */
export class CampaignSmtp {
  readonly mails: CapturedMail[] = [];
  readonly refusals = new Map<string, number>();
  private server: SMTPServer | null = null;
  port = 0;

  private readonly softTimes: number;

  constructor(softTimes = 1) {
    this.softTimes = softTimes;
  }

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // The app's pooled connections stay open; stopping waits this long for them (smtp-server's default: 30 s).
      closeTimeout: 200,
      size: 10 * 1024 * 1024,
      // no reverse DNS per connection: the sink measures the sender, not the resolver
      disableReverseLookup: true,
      onRcptTo: (address, _session, callback) => {
        const email = address.address.toLowerCase();
        if (email.startsWith('bounce')) {
          const error = Object.assign(new Error('5.1.1 User unknown'), { responseCode: 550 });
          return callback(error);
        }
        if (email.startsWith('later')) {
          const seen = this.refusals.get(email) ?? 0;
          if (seen < this.softTimes) {
            this.refusals.set(email, seen + 1);
            return callback(Object.assign(new Error('4.7.1 Greylisted, try again'), { responseCode: 451 }));
          }
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
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

  /** How many mails each address got. */
  counts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const mail of this.mails) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    return counts;
  }

  parse(address: string): Promise<ParsedMail> {
    const mail = this.mails.find((candidate) => candidate.to.includes(address.toLowerCase()));
    if (!mail) throw new Error(`no mail to ${address}`);
    return simpleParser(mail.raw);
  }
}

/** Polls `check` until it holds (the sending runs in the background); fails after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
