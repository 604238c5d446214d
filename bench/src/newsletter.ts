/**
 * Newsletter benchmark (issue #14): sending throughput of a campaign to a local SMTP sink (mails per second, rate
 * limit off) through the real sending engine on a SQLite file, and the time to render 100,000 personalised mails.
 * `npm run bench:newsletter -- [--contacts N] [--renders N]`
 */
import { rmSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import nodemailer from 'nodemailer';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.ts';
import { seedDefaults } from '../../apps/server/src/seed/demo.ts';
import {
  compileNewsletter,
  newsletterUrls,
  personalise,
  recipientTokenKey,
  signRecipientToken,
} from '../../apps/server/src/features/newsletter/newsletter.service.ts';
import { startCampaign } from '../../apps/server/src/features/newsletter-campaigns/newsletter-campaigns.service.ts';
import { NewsletterSender } from '../../apps/server/src/features/newsletter-campaigns/newsletter-sending.ts';
import {
  CampaignSmtp,
  createContacts,
  createList,
  createTemplate,
  TEST_MJML,
} from '../../apps/server/test/newsletter-campaign-fixtures.ts';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const contacts = arg('contacts', 5000);
const renders = arg('renders', 100_000);

const dir = resolve(import.meta.dirname, '../.data');
mkdirSync(dir, { recursive: true });
const file = resolve(dir, 'newsletter.db');
rmSync(file, { force: true });
const database = openDatabase({ url: `sqlite:${file}` });
await migrateToLatest(database);
const ctx = { db: database.db, dialect: database.dialect, cache: database.cache };
await seedDefaults(ctx);

// 1. Sending throughput
const smtp = await new CampaignSmtp().start();
const list = await createList(ctx);
await createContacts(ctx, contacts, [list]);
const template = await createTemplate(ctx);
const now = new Date().toISOString();
const { id } = await ctx.db
  .insertInto('newsletter_campaign')
  .values({
    title: 'Bench',
    subject: 'Hallo {{first_name}}',
    sender_email: 'news@example.org',
    base_url: 'https://reisen.example.de',
    id_template: template,
    created_at: now,
    updated_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await ctx.db.insertInto('newsletter_campaign_list').values({ id_campaign: id, id_list: list }).execute();
const key = recipientTokenKey('bench secret');
await startCampaign(ctx, id, async () => null);
// Pooled, as the app's SMTP transport is made (features/mail/smtp-transport.ts).
const transport = nodemailer.createTransport({ url: smtp.url, pool: true, maxConnections: 4 });
const sender = new NewsletterSender(
  ctx,
  { use: (work) => work({ transport, from: 'bench@example.org' }) },
  { key, brandOf: async () => null, retryBaseMs: 1000, maxAttempts: 3 },
  async () => 0,
);
const started = performance.now();
await sender.pass();
const seconds = (performance.now() - started) / 1000;
transport.close();
console.log(
  `sending: ${smtp.mails.length} mails in ${seconds.toFixed(1)} s = ${(smtp.mails.length / seconds).toFixed(0)} mails/s (SQLite file, rate limit off)`,
);
await smtp.stop();

// 2. Rendering
const compiled = await compileNewsletter(TEST_MJML, null);
const renderStart = performance.now();
for (let n = 0; n < renders; n++) {
  const urls = newsletterUrls('https://reisen.example.de', signRecipientToken(key, n + 1));
  await personalise(compiled.html, {
    contact: { email: `kontakt${n}@example.org`, first_name: `Vorname${n}`, last_name: 'Muster', salutation: 'Frau' },
    unsubscribeUrl: urls.unsubscribe,
    tracking: { openUrl: urls.open, clickUrl: urls.click, links: compiled.links },
  });
}
const renderSeconds = (performance.now() - renderStart) / 1000;
console.log(
  `rendering: ${renders} personalised mails (HTML + text, tracking on) in ${renderSeconds.toFixed(1)} s = ${(renders / renderSeconds).toFixed(0)} mails/s`,
);
await database.destroy();
