import {
  EDITABLE_CAMPAIGN_STATUSES,
  type Brand,
  type CampaignChoices,
  type CampaignReview,
  type CampaignStatus,
  type CreateCampaignBody,
  type ListQuery,
  type NewsletterCampaign,
  type UnsubscribeState,
  type UpdateCampaignBody,
} from '@tourdesk/contracts';
import { nowIso, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import { claimAttempt } from '../auth/throttle.service.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { certifiedListIds, syncCardFlag } from '../newsletter-contacts/newsletter-contacts.service.ts';
import {
  compileNewsletter,
  personalise,
  verifyRecipientToken,
  type NewsletterContactValues,
} from '../newsletter/newsletter.service.ts';
import {
  CAMPAIGN_LIST_SPEC,
  campaignListBase,
  countMailableDistinct,
  countMailablePerList,
  deleteCampaignRow,
  findCampaignById,
  findCampaignRaw,
  findDueCampaignIds,
  findListChoices,
  findListIdsOfCampaigns,
  findListsByIds,
  findRecipientContact,
  findSampleContact,
  findTemplate,
  findTemplateChoices,
  insertCampaign,
  insertEvent,
  insertLinks,
  insertRecipients,
  moveCampaign,
  replaceCampaignLists,
  setContactSubscription,
  skipUnsentRecipients,
  updateCampaignRow,
  type CampaignRow,
} from './newsletter-campaigns.repository.ts';
import { personaliseSubject } from './newsletter-sending.ts';

const count = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

const toCampaign = (row: CampaignRow, listIds: number[]): NewsletterCampaign => ({
  id: row.id,
  title: row.title,
  subject: row.subject,
  sender_name: row.sender_name,
  sender_email: row.sender_email,
  id_template: row.id_template,
  template_name: row.template_name ?? null,
  list_ids: listIds,
  tracking: toBool(row.tracking),
  status: row.status,
  scheduled_at: toIso(row.scheduled_at),
  started_at: toIso(row.started_at),
  finished_at: toIso(row.finished_at),
  recipients: row.recipients,
  progress: {
    queued: count(row.queued_count) + count(row.sending_count),
    sent: count(row.sent_count),
    bounced: count(row.bounced_count),
    failed: count(row.failed_count),
    skipped: count(row.skipped_count),
  },
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

async function withLists(ctx: DbContext, rows: CampaignRow[]): Promise<NewsletterCampaign[]> {
  const links = await findListIdsOfCampaigns(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toCampaign(
      row,
      links.filter((link) => link.id_campaign === row.id).map((link) => link.id_list),
    ),
  );
}

export const listCampaigns = (ctx: DbContext, query: ListQuery) =>
  runList(ctx, CAMPAIGN_LIST_SPEC, query, campaignListBase(ctx.db, query['lit-search']), (rows) =>
    withLists(ctx, rows),
  );

export async function getCampaign(ctx: DbContext, id: number): Promise<NewsletterCampaign> {
  const row = await findCampaignById(ctx.db, id);
  if (!row) throw notFound();
  return (await withLists(ctx, [row]))[0]!;
}

/** Every list chosen must be certified and active (spec §5): else 409 `error.listNotCertified`. */
async function requireCertified(ctx: DbContext, listIds: readonly number[]): Promise<void> {
  const unique = [...new Set(listIds)];
  const lists = await findListsByIds(ctx.db, unique);
  if (lists.length !== unique.length) throw new ApiError(400, 'error.invalid', [fieldErrorOf('list_ids')]);
  if ((await certifiedListIds(ctx, unique)).length !== unique.length) throw conflict('error.listNotCertified');
}

const fieldErrorOf = (field: string) => ({ field, key: 'error.invalid', message: 'This value is not valid.' });

async function requireTemplate(ctx: DbContext, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  if (!(await findTemplate(ctx.db, id))) throw new ApiError(400, 'error.invalid', [fieldErrorOf('id_template')]);
}

export async function createCampaign(
  ctx: DbContext,
  body: CreateCampaignBody,
  createdBy: number | null,
): Promise<NewsletterCampaign> {
  await requireCertified(ctx, body.list_ids ?? []);
  await requireTemplate(ctx, body.id_template);
  const template = body.id_template ? await findTemplate(ctx.db, body.id_template) : undefined;
  const id = await inTransaction(ctx, async (trx) => {
    const now = nowIso();
    const id = await insertCampaign(trx.db, {
      title: body.title,
      subject: body.subject ?? '',
      sender_name: body.sender_name ?? '',
      sender_email: body.sender_email ?? '',
      id_template: body.id_template ?? null,
      id_brand: template?.id_brand ?? null,
      tracking: body.tracking ?? true,
      status: 'draft',
      created_by: createdBy && createdBy > 0 ? createdBy : null,
      created_at: now,
      updated_at: now,
    });
    await replaceCampaignLists(trx.db, id, body.list_ids ?? []);
    return id;
  });
  return getCampaign(ctx, id);
}

const isEditable = (status: CampaignStatus) => EDITABLE_CAMPAIGN_STATUSES.includes(status);

export async function updateCampaign(
  ctx: DbContext,
  id: number,
  body: UpdateCampaignBody,
): Promise<NewsletterCampaign> {
  const current = await getCampaign(ctx, id);
  if (!isEditable(current.status)) throw conflict('error.campaignNotEditable');
  if (body.list_ids) await requireCertified(ctx, body.list_ids);
  await requireTemplate(ctx, body.id_template);
  const template = body.id_template ? await findTemplate(ctx.db, body.id_template) : undefined;
  await inTransaction(ctx, async (trx) => {
    const changed = await moveCampaign(trx.db, id, EDITABLE_CAMPAIGN_STATUSES, {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.subject !== undefined ? { subject: body.subject } : {}),
      ...(body.sender_name !== undefined ? { sender_name: body.sender_name } : {}),
      ...(body.sender_email !== undefined ? { sender_email: body.sender_email } : {}),
      ...(body.id_template !== undefined
        ? { id_template: body.id_template, id_brand: template?.id_brand ?? null }
        : {}),
      ...(body.tracking !== undefined ? { tracking: body.tracking } : {}),
      updated_at: nowIso(),
    });
    if (!changed) throw conflict('error.campaignNotEditable');
    if (body.list_ids) await replaceCampaignLists(trx.db, id, body.list_ids);
  });
  return getCampaign(ctx, id);
}

/** Drafts, scheduled and cancelled campaigns can be deleted; a sent one keeps its statistics. */
export async function deleteCampaign(ctx: DbContext, id: number): Promise<NewsletterCampaign> {
  const campaign = await getCampaign(ctx, id);
  if (!['draft', 'scheduled', 'cancelled'].includes(campaign.status)) throw conflict('error.campaignNotEditable');
  await deleteCampaignRow(ctx.db, id);
  return campaign;
}

export async function campaignChoices(ctx: DbContext): Promise<CampaignChoices> {
  const [lists, templates] = await Promise.all([findListChoices(ctx.db), findTemplateChoices(ctx.db)]);
  return {
    lists: lists.map((list) => ({
      id: list.id,
      name: list.name,
      active: toBool(list.active),
      certified: list.certified_at !== null,
    })),
    templates: templates.map((template) => ({ ...template, type: String(template.type) })),
  };
}

/** What still stops a campaign from being sent, as error keys (empty: ready). */
async function problemsOf(ctx: DbContext, campaign: NewsletterCampaign): Promise<string[]> {
  const problems: string[] = [];
  if (!campaign.subject.trim()) problems.push('error.campaignNoSubject');
  if (campaign.id_template === null) problems.push('error.campaignNoTemplate');
  if (campaign.list_ids.length === 0) problems.push('error.campaignNoLists');
  else if ((await certifiedListIds(ctx, campaign.list_ids)).length !== campaign.list_ids.length)
    problems.push('error.listNotCertified');
  return problems;
}

/** GET /newsletter/campaigns/{id}/review: the spec's `id_save` page. */
export async function reviewCampaign(ctx: DbContext, id: number): Promise<CampaignReview> {
  const campaign = await getCampaign(ctx, id);
  const [lists, perList, recipients, problems] = await Promise.all([
    findListsByIds(ctx.db, campaign.list_ids),
    countMailablePerList(ctx.db, campaign.list_ids),
    countMailableDistinct(ctx.db, campaign.list_ids),
    problemsOf(ctx, campaign),
  ]);
  return {
    campaign,
    lists: lists.map((list) => ({
      id: list.id,
      name: list.name,
      active: toBool(list.active),
      certified: list.certified_at !== null,
      recipients: count(perList.find((entry) => entry.id_list === list.id)?.count),
    })),
    recipients,
    problems,
  };
}

async function requireReady(ctx: DbContext, campaign: NewsletterCampaign): Promise<void> {
  const [problem] = await problemsOf(ctx, campaign);
  if (problem) throw conflict(problem as 'error.listNotCertified');
}

// Test send, schedule, send now, pause, resume, cancel

/** The offset of Europe/Berlin from UTC at `instant`, in minutes. */
function berlinOffsetMinutes(instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Berlin',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** `YYYY-MM-DDTHH:mm` as a wall-clock time in Europe/Berlin → the UTC instant (summer time included). */
export function berlinLocalToUtc(local: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const first = asUtc - berlinOffsetMinutes(new Date(asUtc)) * 60_000;
  return new Date(asUtc - berlinOffsetMinutes(new Date(first)) * 60_000);
}

/** Where sending happens from: the request's web address and brand (links in the mails point there). */
export type SendOrigin = { origin: string; brand: Brand };

export async function scheduleCampaign(
  ctx: DbContext,
  id: number,
  at: string,
  from: SendOrigin,
  now = new Date(),
): Promise<NewsletterCampaign> {
  const instant = berlinLocalToUtc(at);
  if (!instant) throw new ApiError(400, 'error.invalid', [{ field: 'at', key: 'error.invalid', message: 'invalid' }]);
  if (instant.getTime() <= now.getTime())
    throw new ApiError(400, 'error.scheduleInPast', [
      { field: 'at', key: 'error.scheduleInPast', message: 'The planned time must lie in the future.' },
    ]);
  const campaign = await getCampaign(ctx, id);
  if (!isEditable(campaign.status)) throw conflict('error.campaignNotEditable');
  await requireReady(ctx, campaign);
  const moved = await moveCampaign(ctx.db, id, EDITABLE_CAMPAIGN_STATUSES, {
    status: 'scheduled',
    scheduled_at: instant.toISOString(),
    base_url: from.origin,
    id_brand:
      (await findTemplate(ctx.db, campaign.id_template!))?.id_brand ?? (from.brand.id > 0 ? from.brand.id : null),
    updated_at: nowIso(),
  });
  if (!moved) throw conflict('error.campaignNotEditable');
  return getCampaign(ctx, id);
}

export async function unscheduleCampaign(ctx: DbContext, id: number): Promise<NewsletterCampaign> {
  await getCampaign(ctx, id);
  if (!(await moveCampaign(ctx.db, id, ['scheduled'], { status: 'draft', scheduled_at: null, updated_at: nowIso() })))
    throw conflict('error.statusTransition');
  return getCampaign(ctx, id);
}

/**
 * Begins sending (send now, or a scheduled campaign whose time has come): freezes the template's MJML into the
 * campaign, writes its recipients in one statement, stores its links and sets it `sending` — all in one
 * transaction, and only from draft or scheduled, so two starts never both win.
 */
export async function startCampaign(
  ctx: DbContext,
  id: number,
  brandOf: (idBrand: number | null) => Promise<Brand | null>,
  from?: SendOrigin,
): Promise<boolean> {
  const campaign = await getCampaign(ctx, id);
  if (!isEditable(campaign.status)) throw conflict('error.statusTransition');
  await requireReady(ctx, campaign);
  const raw = (await findCampaignRaw(ctx.db, id))!;
  const template = (await findTemplate(ctx.db, campaign.id_template!))!;
  const idBrand = template.id_brand ?? raw.id_brand ?? (from && from.brand.id > 0 ? from.brand.id : null);
  const compiled = await compileNewsletter(template.mjml, await brandOf(idBrand));
  if (!compiled.html) throw conflict('error.campaignNoTemplate');
  const baseUrl = from?.origin ?? raw.base_url ?? '';
  return inTransaction(ctx, async (trx) => {
    const now = nowIso();
    const moved = await moveCampaign(trx.db, id, EDITABLE_CAMPAIGN_STATUSES, {
      status: 'sending',
      mjml: template.mjml,
      id_brand: idBrand,
      base_url: baseUrl,
      started_at: now,
      updated_at: now,
    });
    if (!moved) return false;
    const recipients = await insertRecipients(trx.db, id);
    await insertLinks(trx.db, id, compiled.links);
    await updateCampaignRow(trx.db, id, { recipients });
    return true;
  });
}

/** The scheduler's job: starts every scheduled campaign whose time has come (`now` is the job's clock). */
export async function startDueCampaigns(
  ctx: DbContext,
  now: Date,
  brandOf: (idBrand: number | null) => Promise<Brand | null>,
): Promise<number> {
  let started = 0;
  for (const id of await findDueCampaignIds(ctx.db, now.toISOString())) {
    try {
      if (await startCampaign(ctx, id, brandOf)) started++;
    } catch (error) {
      // A campaign that can no longer be sent (its list lost its certificate) goes back to draft for a person.
      if (error instanceof ApiError)
        await moveCampaign(ctx.db, id, ['scheduled'], { status: 'draft', updated_at: nowIso() });
      else throw error;
    }
  }
  return started;
}

export async function sendCampaignNow(
  ctx: DbContext,
  id: number,
  brandOf: (idBrand: number | null) => Promise<Brand | null>,
  from: SendOrigin,
): Promise<NewsletterCampaign> {
  if (!(await startCampaign(ctx, id, brandOf, from))) throw conflict('error.statusTransition');
  return getCampaign(ctx, id);
}

async function transition(
  ctx: DbContext,
  id: number,
  from: readonly CampaignStatus[],
  to: CampaignStatus,
): Promise<NewsletterCampaign> {
  await getCampaign(ctx, id);
  const done = await inTransaction(ctx, async (trx) => {
    const now = nowIso();
    const moved = await moveCampaign(trx.db, id, from, {
      status: to,
      updated_at: now,
      ...(to === 'cancelled' ? { finished_at: now } : {}),
    });
    if (moved && to === 'cancelled') await skipUnsentRecipients(trx.db, id);
    return moved;
  });
  if (!done) throw conflict('error.statusTransition');
  return getCampaign(ctx, id);
}

export const pauseCampaign = (ctx: DbContext, id: number) => transition(ctx, id, ['sending'], 'paused');
export const resumeCampaign = (ctx: DbContext, id: number) => transition(ctx, id, ['paused'], 'sending');
export const cancelCampaign = (ctx: DbContext, id: number) =>
  transition(ctx, id, ['draft', 'scheduled', 'sending', 'paused'], 'cancelled');

/** The contact a test mail is personalised with when the lists have none yet. */
const SAMPLE_CONTACT: NewsletterContactValues = {
  email: 'erika.mustermann@example.org',
  salutation: 'Frau',
  first_name: 'Erika',
  last_name: 'Mustermann',
  title: null,
};

/**
 * A test mail of the campaign to one address: personalised with a contact of its lists (or a sample), subject
 * prefixed [TEST], without tracking, queued in the ordinary mail outbox (delivered, retried and listed there).
 */
export async function testSendCampaign(
  ctx: DbContext,
  id: number,
  to: string,
  brandOf: (idBrand: number | null) => Promise<Brand | null>,
  from: SendOrigin,
): Promise<number> {
  const campaign = await getCampaign(ctx, id);
  if (campaign.id_template === null) throw conflict('error.campaignNoTemplate');
  const template = (await findTemplate(ctx.db, campaign.id_template))!;
  const brand = (await brandOf(template.id_brand)) ?? from.brand;
  const compiled = await compileNewsletter(template.mjml, brand);
  if (!compiled.html) throw conflict('error.campaignNoTemplate');
  const sample = await findSampleContact(ctx.db, campaign.list_ids);
  const contact: NewsletterContactValues = sample ?? SAMPLE_CONTACT;
  const mail = await personalise(compiled.html, {
    contact,
    // a test mail's unsubscribe link leads to the page, which answers "not found": nobody is unsubscribed by it
    unsubscribeUrl: `${from.origin}/newsletter/unsubscribe/test`,
  });
  return enqueueMail(ctx, {
    to,
    template: 'newsletterTest',
    language: 'de',
    brand: from.brand,
    ref: `newsletter-campaign:${id}`,
    content: { subject: `[TEST] ${personaliseSubject(campaign.subject || campaign.title, contact)}`, ...mail },
  });
}

// Unsubscribe (public)

/** Wrong tokens count per client address: guessing is slowed down (a valid token cannot be guessed anyway). */
const TOKEN_POLICY = { free: 20, firstDelayMs: 5_000, maxDelayMs: 10 * 60 * 1000, forgetAfterMs: 60 * 60 * 1000 };

async function recipientOfToken(ctx: DbContext, key: Buffer, token: string, ip: string) {
  const id = verifyRecipientToken(key, token);
  const recipient = id === null ? undefined : await findRecipientContact(ctx.db, id);
  if (!recipient) {
    const waitMs = await claimAttempt(ctx, `newsletter-token:${ip}`, TOKEN_POLICY);
    if (waitMs > 0) throw tooManyRequests(waitMs);
    throw notFound();
  }
  return recipient;
}

/** `e•••••@example.org`: enough for the reader to recognise the address, nothing for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}${'•'.repeat(Math.min(6, Math.max(3, at - 1)))}${email.slice(at)}`;
}

export async function unsubscribeState(
  ctx: DbContext,
  key: Buffer,
  token: string,
  ip: string,
): Promise<UnsubscribeState> {
  const recipient = await recipientOfToken(ctx, key, token, ip);
  return { email: maskEmail(recipient.email), subscribed: recipient.subscription !== 'unsubscribed' };
}

/** One-click unsubscribe (RFC 8058) and the page's button: immediate, idempotent, recorded as an event. */
export async function unsubscribe(ctx: DbContext, key: Buffer, token: string, ip: string): Promise<UnsubscribeState> {
  const recipient = await recipientOfToken(ctx, key, token, ip);
  await inTransaction(ctx, async (trx) => {
    const now = nowIso();
    if (!(await setContactSubscription(trx.db, recipient.id_contact, 'unsubscribed', now))) return;
    await insertEvent(trx.db, {
      id_campaign: recipient.id_campaign,
      id_recipient: recipient.id,
      type: 'unsubscribe',
      at: now,
      detail: null,
    });
    await syncCardFlag(trx, recipient.id_vc_card, 'unsubscribed');
  });
  return { email: maskEmail(recipient.email), subscribed: false };
}

/** The page's "undo": the reader subscribes again right after unsubscribing by mistake. */
export async function resubscribe(ctx: DbContext, key: Buffer, token: string, ip: string): Promise<UnsubscribeState> {
  const recipient = await recipientOfToken(ctx, key, token, ip);
  // only an unsubscribed address comes back (a pending double opt-in stays pending)
  if (recipient.subscription === 'unsubscribed')
    await inTransaction(ctx, async (trx) => {
      await setContactSubscription(trx.db, recipient.id_contact, 'subscribed', nowIso());
      await syncCardFlag(trx, recipient.id_vc_card, 'subscribed');
    });
  return { email: maskEmail(recipient.email), subscribed: true };
}
