import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  buildSearchText,
  dinSortKey,
  searchWords,
  IMPORT_FIELDS,
  type AddListMemberBody,
  type CertifyListBody,
  type CreateNewsletterContactBody,
  type CreateNewsletterListBody,
  type CustomerFilterBody,
  type ImportCheck,
  type ImportField,
  type ImportMapping,
  type ImportProgress,
  type ImportRowState,
  type ImportStartBody,
  type ImportUpload,
  type ListQuery,
  type MailjetContact,
  type NewsletterContact,
  type NewsletterList,
  type NewsletterSubscriptionState,
  type SubscribeBody,
  type UpdateNewsletterContactBody,
  type UpdateNewsletterListBody,
} from '@tourdesk/contracts';
import { nowIso, parseJson, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toCsv } from '../../lib/csv.ts';
import { ApiError, badRequest, invalidField, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import type { RequestOrigin } from '../../lib/origin.ts';
import type { DbContext } from '../../types.ts';
import { limitRequests, type ThrottlePolicy } from '../auth/throttle.service.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { guessMapping, parseImportFile } from './contact-import-file.ts';
import {
  CONTACT_LIST_SPEC,
  LIST_LIST_SPEC,
  addMembers,
  advanceImport,
  contactListBase,
  countMailjetContacts,
  deleteContactRow,
  deleteListRow,
  findCertifiedListIds,
  findContactByCodeHash,
  findContactByEmailKey,
  findContactById,
  findContactsByEmailKeys,
  findContactsByIds,
  findContactsOfCard,
  findCustomerCardsByEmails,
  findFilteredCustomers,
  findImport,
  findListById,
  findListIdByNameKey,
  findMembershipsOfContacts,
  findUserName,
  insertContact,
  insertImport,
  insertList,
  isMember,
  listListBase,
  mailjetContactsQuery,
  removeMember,
  replaceMemberships,
  setCardNewsletterFlag,
  startImportRow,
  updateContactRow,
  updateListRow,
  type ContactRow,
  type ListRow,
  type MailjetRow,
} from './newsletter-contacts.repository.ts';

// ——— contacts ———

async function toContacts(ctx: DbContext, rows: ContactRow[]): Promise<NewsletterContact[]> {
  const memberships = await findMembershipsOfContacts(
    ctx.db,
    rows.map((row) => row.id),
  );
  const lists = new Map<number, number[]>();
  for (const { id_contact, id_list } of memberships) lists.set(id_contact, [...(lists.get(id_contact) ?? []), id_list]);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    salutation: row.salutation,
    title: row.title,
    language: row.language,
    subscription: row.subscription,
    active: toBool(row.active),
    integrated: row.id_vc_card !== null,
    id_vc_card: row.id_vc_card,
    customerName: row.customer_name ?? null,
    consentAt: toIso(row.consent_at),
    consentSource: row.consent_source,
    consentIp: row.consent_ip,
    unsubscribedAt: toIso(row.unsubscribed_at),
    hardBouncedAt: toIso(row.hard_bounced_at),
    listIds: lists.get(row.id) ?? [],
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  }));
}

const asBoolean = (value: string | undefined) => (value === undefined ? undefined : value === 'true' || value === '1');

/** GET /newsletter/contacts: search, sort, filters subscription / active / integrated / list membership. */
export function listContacts(ctx: DbContext, query: ListQuery & { integrated?: string; listId?: number }) {
  const base = contactListBase(ctx.db, { integrated: asBoolean(query.integrated), listId: query.listId });
  return runList(ctx, CONTACT_LIST_SPEC, query, base, (rows) => toContacts(ctx, rows));
}

export async function getContact(ctx: DbContext, id: number): Promise<NewsletterContact> {
  const row = await findContactById(ctx.db, id);
  if (!row) throw notFound();
  const [contact] = await toContacts(ctx, [row]);
  return contact!;
}

type ContactNames = {
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  salutation?: string | null;
  title?: string | null;
};

/** The list keys of a contact: what the search finds, how the list sorts it (surname, first name, else address). */
const contactKeys = (contact: ContactNames) => ({
  search_text: buildSearchText([
    contact.email,
    contact.first_name,
    contact.last_name,
    contact.salutation,
    contact.title,
  ]),
  sort_name: dinSortKey(
    contact.last_name || contact.first_name
      ? [contact.last_name, contact.first_name].filter(Boolean).join(', ')
      : contact.email,
  ),
});

/** The card flag follows the contact: a subscribed contact's customer wants the newsletter, anyone else not. */
export async function syncCardFlag(ctx: DbContext, cardId: number | null, subscription: NewsletterSubscriptionState) {
  if (cardId !== null) await setCardNewsletterFlag(ctx.db, cardId, subscription === 'subscribed');
}

async function assertListsExist(ctx: DbContext, listIds: readonly number[] | undefined) {
  for (const [index, id] of (listIds ?? []).entries())
    if (!(await findListById(ctx.db, id))) throw invalidField(`listIds.${index}`, 'error.invalid');
}

/** Writes a new contact (linked to the customer card of its address) and answers its id. Call in a transaction. */
async function writeContact(
  ctx: DbContext,
  input: ContactNames & {
    language?: string;
    subscription: NewsletterSubscriptionState;
    active?: boolean;
    consent: { at: string | null; source: string | null; ip?: string | null };
    optin?: { hash: string; expiresAt: string };
    /** the customer card of the address, when the caller knows it already */
    cardId?: number;
  },
): Promise<number> {
  const emailKey = input.email.toLowerCase();
  const cardId = input.cardId ?? (await findCustomerCardsByEmails(ctx.db, [emailKey])).get(emailKey) ?? null;
  const now = nowIso();
  const values: Parameters<typeof insertContact>[1] = {
    email: input.email,
    email_key: emailKey,
    first_name: input.first_name ?? null,
    last_name: input.last_name ?? null,
    salutation: input.salutation ?? null,
    title: input.title ?? null,
    language: input.language ?? 'de',
    subscription: input.subscription,
    active: input.active ?? true,
    id_vc_card: cardId,
    consent_at: input.consent.at,
    consent_source: input.consent.source?.slice(0, 200) ?? null,
    consent_ip: input.consent.ip ?? null,
    optin_code_hash: input.optin?.hash ?? null,
    optin_expires_at: input.optin?.expiresAt ?? null,
    ...contactKeys(input),
    created_at: now,
    updated_at: now,
  };
  const id = await insertContact(ctx.db, values);
  await syncCardFlag(ctx, cardId, input.subscription);
  return id;
}

/** Who did something, for the consent proof: "Max Muster" (or the login's address). */
async function actorName(ctx: DbContext, userId: number): Promise<string> {
  const user = await findUserName(ctx.db, userId);
  if (!user) return `#${userId}`;
  return `${user.firstname ?? ''} ${user.lastname ?? ''}`.trim() || user.email;
}

/** POST /newsletter/contacts: a contact by hand; consent recorded as given by the staff member now. */
export async function createContact(
  ctx: DbContext,
  body: CreateNewsletterContactBody,
  userId: number,
): Promise<NewsletterContact> {
  const id = await inTransaction(ctx, async (trx) => {
    if (await findContactByEmailKey(trx.db, body.email)) throw invalidField('email', 'error.contactExists');
    await assertListsExist(trx, body.listIds);
    const subscription = body.subscription ?? 'subscribed';
    const now = nowIso();
    const contactId = await writeContact(trx, {
      email: body.email,
      first_name: body.firstName,
      last_name: body.lastName,
      salutation: body.salutation,
      title: body.title,
      language: body.language,
      active: body.active,
      subscription,
      consent:
        subscription === 'subscribed'
          ? { at: now, source: `manual: ${await actorName(trx, userId)}, ${now}` }
          : { at: null, source: null },
    });
    if (body.listIds) await replaceMemberships(trx.db, contactId, body.listIds, 'manual');
    return contactId;
  });
  return getContact(ctx, id);
}

/** PATCH /newsletter/contacts/{id}; the linked customer's newsletter flag follows the subscription. */
export async function updateContact(
  ctx: DbContext,
  id: number,
  body: UpdateNewsletterContactBody,
  userId: number,
): Promise<NewsletterContact> {
  await inTransaction(ctx, async (trx) => {
    const current = await getContact(trx, id);
    const emailKey = body.email?.toLowerCase();
    if (emailKey && emailKey !== current.email.toLowerCase()) {
      const other = await findContactByEmailKey(trx.db, emailKey);
      if (other && other.id !== id) throw invalidField('email', 'error.contactExists');
    }
    await assertListsExist(trx, body.listIds);
    const pick = <K extends 'firstName' | 'lastName' | 'salutation' | 'title'>(key: K) =>
      body[key] !== undefined ? body[key] : current[key];
    const next = {
      email: body.email ?? current.email,
      first_name: pick('firstName'),
      last_name: pick('lastName'),
      salutation: pick('salutation'),
      title: pick('title'),
    };
    const now = nowIso();
    const subscription = body.subscription ?? current.subscription;
    const cardId =
      emailKey && emailKey !== current.email.toLowerCase()
        ? ((await findCustomerCardsByEmails(trx.db, [emailKey])).get(emailKey) ?? null)
        : current.id_vc_card;
    const subscribing = subscription === 'subscribed' && current.subscription !== 'subscribed';
    await updateContactRow(trx.db, id, {
      ...next,
      ...(emailKey ? { email_key: emailKey } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      subscription,
      id_vc_card: cardId,
      ...(subscribing
        ? { consent_at: now, consent_source: `manual: ${await actorName(trx, userId)}, ${now}`.slice(0, 200) }
        : {}),
      ...(subscription === 'unsubscribed' && current.subscription !== 'unsubscribed' ? { unsubscribed_at: now } : {}),
      ...contactKeys(next),
      updated_at: now,
    });
    if (current.id_vc_card !== null && current.id_vc_card !== cardId)
      await setCardNewsletterFlag(trx.db, current.id_vc_card, false);
    await syncCardFlag(trx, cardId, subscription);
    if (body.listIds) await replaceMemberships(trx.db, id, body.listIds, 'manual');
  });
  return getContact(ctx, id);
}

export async function deleteContact(ctx: DbContext, id: number): Promise<NewsletterContact> {
  return inTransaction(ctx, async (trx) => {
    const contact = await getContact(trx, id);
    await deleteContactRow(trx.db, id);
    if (contact.id_vc_card !== null) await setCardNewsletterFlag(trx.db, contact.id_vc_card, false);
    return contact;
  });
}

/**
 * The customer side of the link (customer form ↔ contact): the card's newsletter flag was set or cleared. With the
 * flag, the contact of the card's first address is subscribed (made when missing, consent "customer card"); without
 * it, the card's contacts are unsubscribed. Call inside the customer's transaction.
 */
export async function syncCustomerNewsletter(
  ctx: DbContext,
  cardId: number,
  flag: boolean,
  customer: { email: string | null; firstName: string | null; lastName: string | null },
): Promise<void> {
  await setCardNewsletterFlag(ctx.db, cardId, flag);
  const now = nowIso();
  const linked = await findContactsOfCard(ctx.db, cardId);
  if (!flag) {
    for (const contact of linked.filter((row) => row.subscription !== 'unsubscribed'))
      await updateContactRow(ctx.db, contact.id, {
        subscription: 'unsubscribed',
        unsubscribed_at: now,
        updated_at: now,
      });
    return;
  }
  const email = customer.email?.toLowerCase();
  const existing = email ? await findContactByEmailKey(ctx.db, email) : undefined;
  const target = existing ?? linked[0];
  if (target) {
    if (target.subscription !== 'subscribed')
      await updateContactRow(ctx.db, target.id, {
        subscription: 'subscribed',
        id_vc_card: cardId,
        consent_at: now,
        consent_source: `customer card #${cardId}, ${now}`,
        updated_at: now,
      });
    else await updateContactRow(ctx.db, target.id, { id_vc_card: cardId });
    return;
  }
  if (!email) return;
  await writeContact(ctx, {
    email,
    first_name: customer.firstName,
    last_name: customer.lastName,
    subscription: 'subscribed',
    consent: { at: now, source: `customer card #${cardId}, ${now}` },
  });
}

// ——— lists ———

const toList = (row: ListRow): NewsletterList => ({
  id: row.id,
  name: row.name,
  active: toBool(row.active),
  contactCount: Number(row.contact_count),
  certified: row.certified_at !== null,
  certifiedAt: toIso(row.certified_at),
  certifiedBy: row.certified_by,
  certifiedByName: row.certified_by === null ? null : `${row.certifier_first ?? ''} ${row.certifier_last ?? ''}`.trim(),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

export function listLists(ctx: DbContext, query: ListQuery & { certified?: string }) {
  const base = listListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']), asBoolean(query.certified));
  return runList(ctx, LIST_LIST_SPEC, query, base, (rows) => rows.map(toList));
}

export async function getList(ctx: DbContext, id: number): Promise<NewsletterList> {
  const row = await findListById(ctx.db, id);
  if (!row) throw notFound();
  return toList(row);
}

const nameKey = (name: string) => name.trim().toLowerCase();

export async function createList(ctx: DbContext, body: CreateNewsletterListBody): Promise<NewsletterList> {
  const id = await inTransaction(ctx, async (trx) => {
    if (await findListIdByNameKey(trx.db, nameKey(body.name))) throw invalidField('name', 'error.listExists');
    const now = nowIso();
    return insertList(trx.db, {
      name: body.name,
      name_key: nameKey(body.name),
      active: body.active ?? true,
      created_at: now,
      updated_at: now,
    });
  });
  return getList(ctx, id);
}

export async function updateList(ctx: DbContext, id: number, body: UpdateNewsletterListBody): Promise<NewsletterList> {
  await inTransaction(ctx, async (trx) => {
    await getList(trx, id);
    if (body.name !== undefined) {
      const other = await findListIdByNameKey(trx.db, nameKey(body.name));
      if (other !== undefined && other !== id) throw invalidField('name', 'error.listExists');
    }
    await updateListRow(trx.db, id, {
      ...(body.name !== undefined ? { name: body.name, name_key: nameKey(body.name) } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      updated_at: nowIso(),
    });
  });
  return getList(ctx, id);
}

export async function deleteList(ctx: DbContext, id: number): Promise<NewsletterList> {
  return inTransaction(ctx, async (trx) => {
    const list = await getList(trx, id);
    await deleteListRow(trx.db, id);
    return list;
  });
}

/** POST /newsletter/lists/{id}/certification: the five statements of spec §5, who and when. */
export async function certifyList(
  ctx: DbContext,
  id: number,
  body: CertifyListBody,
  userId: number,
): Promise<NewsletterList> {
  await inTransaction(ctx, async (trx) => {
    await getList(trx, id);
    const now = nowIso();
    await updateListRow(trx.db, id, {
      certified_at: now,
      certified_by: userId,
      certification: JSON.stringify({ ...body, at: now, by: userId }),
      updated_at: now,
    });
  });
  return getList(ctx, id);
}

/** Whether a list is certified (spec §5): only certified lists may be used for marketing. */
export async function isListCertified(ctx: DbContext, id: number): Promise<boolean> {
  return (await findCertifiedListIds(ctx.db, [id])).length === 1;
}

/** Which of `ids` are certified, active lists (for campaigns: no other list can be sent to). */
export async function certifiedListIds(ctx: DbContext, ids: readonly number[]): Promise<number[]> {
  return findCertifiedListIds(ctx.db, [...new Set(ids)]);
}

/** POST /newsletter/lists/{id}/members: one address by hand; already in the list → error.emailExists at the field. */
export async function addMemberByHand(
  ctx: DbContext,
  listId: number,
  body: AddListMemberBody,
  userId: number,
): Promise<NewsletterContact> {
  const contactId = await inTransaction(ctx, async (trx) => {
    await getList(trx, listId);
    const existing = await findContactByEmailKey(trx.db, body.email);
    if (existing && (await isMember(trx.db, listId, existing.id))) throw invalidField('email', 'error.emailExists');
    const now = nowIso();
    const id =
      existing?.id ??
      (await writeContact(trx, {
        email: body.email,
        first_name: body.firstName,
        last_name: body.lastName,
        subscription: 'subscribed',
        consent: { at: now, source: `manual: ${await actorName(trx, userId)}, ${now}` },
      }));
    await addMembers(trx.db, listId, [id], 'manual');
    return id;
  });
  return getContact(ctx, contactId);
}

export async function removeListMember(ctx: DbContext, listId: number, contactId: number) {
  await inTransaction(ctx, async (trx) => {
    await getList(trx, listId);
    if (!(await removeMember(trx.db, listId, contactId))) throw notFound();
  });
  return { ok: true as const };
}

/**
 * POST /newsletter/lists/{id}/members/from-customers: every customer of the filter with an e-mail address joins the
 * list (made a contact when new: consent from the customer filter; unsubscribed contacts stay unsubscribed).
 */
export async function addMembersFromCustomers(
  ctx: DbContext,
  listId: number,
  filter: CustomerFilterBody,
  userId: number,
) {
  return inTransaction(ctx, async (trx) => {
    await getList(trx, listId);
    const rows = await findFilteredCustomers(trx.db, filter);
    const source = `customer filter: ${await actorName(trx, userId)}, ${nowIso()}`;
    return addCustomersToList(trx, listId, rows, source);
  });
}

export type CustomerContactRow = {
  id_vc_card: number;
  first_name: string | null;
  surname: string | null;
  email: string;
};

/**
 * Makes each customer (its first valid address) a contact where it is none yet (subscribed, consent `source`,
 * linked to the card whose flag is set), and adds them all to the list when one is given. Unsubscribed contacts
 * stay unsubscribed. Call inside a transaction.
 */
export async function addCustomersToList(
  ctx: DbContext,
  listId: number | null,
  rows: readonly CustomerContactRow[],
  source: string,
) {
  const firstOfCard = new Map<number, CustomerContactRow>();
  for (const row of rows)
    if (!firstOfCard.has(row.id_vc_card) && isEmail(row.email.toLowerCase())) firstOfCard.set(row.id_vc_card, row);
  const customers = [...firstOfCard.values()];
  const keys = [...new Set(customers.map((row) => row.email.toLowerCase()))];
  const known = new Map((await findContactsByEmailKeys(ctx.db, keys)).map((row) => [row.email_key, row.id]));
  const now = nowIso();
  let created = 0;
  const ids: number[] = [];
  for (const customer of customers) {
    const key = customer.email.toLowerCase();
    let id = known.get(key);
    if (id === undefined) {
      id = await writeContact(ctx, {
        email: key,
        first_name: customer.first_name,
        last_name: customer.surname,
        subscription: 'subscribed',
        consent: { at: now, source },
        cardId: customer.id_vc_card,
      });
      known.set(key, id);
      created++;
    }
    ids.push(id);
  }
  const added = listId === null ? 0 : await addMembers(ctx.db, listId, ids, 'customer-filter');
  return { added, created, total: customers.length };
}

/**
 * Contacts who signed up on the website (demo data and other imports of confirmed sign-ups): written with their
 * state and consent as given, into the list when one is given. Call inside a transaction.
 */
export async function addSignedUpContacts(
  ctx: DbContext,
  listId: number | null,
  rows: ReadonlyArray<{
    email: string;
    firstName: string | null;
    lastName: string | null;
    subscription: NewsletterSubscriptionState;
    consentAt: string | null;
    consentSource: string | null;
  }>,
): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows)
    ids.push(
      await writeContact(ctx, {
        email: row.email,
        first_name: row.firstName,
        last_name: row.lastName,
        subscription: row.subscription,
        consent: { at: row.consentAt, source: row.consentSource },
      }),
    );
  if (listId !== null) await addMembers(ctx.db, listId, ids, 'subscribe');
  return ids;
}

// ——— import ———

const IMPORT_CHUNK = 250;
const SKIPPED_KEPT = 500;

/** POST /newsletter/contacts/import: parses the file and keeps it; answers its columns, a guessed mapping, the first rows. */
export async function uploadImport(
  ctx: DbContext,
  file: { buffer: Buffer; filename: string },
  userId: number,
): Promise<ImportUpload> {
  const fileName = file.filename.split(/[\\/]/).pop()!.slice(0, 200) || 'import';
  const table = await parseImportFile(file.buffer, fileName);
  if (!table) throw invalidField('file', 'error.importFile');
  const id = await insertImport(ctx.db, {
    file_name: fileName,
    created_by: userId,
    columns: JSON.stringify(table.columns),
    rows: JSON.stringify(table.rows),
    total: table.rows.length,
    created_at: nowIso(),
    updated_at: nowIso(),
  });
  return {
    id,
    fileName,
    columns: table.columns,
    mapping: guessMapping(table.columns),
    rows: table.rows.length,
    sample: table.rows.slice(0, 5),
  };
}

type MappedRow = Partial<Record<ImportField, string>> & { row: number; email: string };

const mapRows = (rows: readonly string[][], mapping: ImportMapping, offset = 0): MappedRow[] =>
  rows.map((cells, index) => {
    const mapped: MappedRow = { row: offset + index + 2, email: '' };
    for (const field of IMPORT_FIELDS) {
      const column = mapping[field];
      if (typeof column === 'number') mapped[field] = (cells[column] ?? '').trim();
    }
    mapped.email = (mapped.email ?? '').trim();
    return mapped;
  });

const isEmail = (value: string) => value.length <= 254 && z.email().safeParse(value).success;

/** The state of each row: first occurrence in the file decides; what is already a contact is updated. */
async function classify(ctx: DbContext, rows: readonly MappedRow[], seen: Set<string>) {
  const keys = [...new Set(rows.map((row) => row.email.toLowerCase()).filter(isEmail))];
  const known = new Map((await findContactsByEmailKeys(ctx.db, keys)).map((row) => [row.email_key, row]));
  return rows.map((row) => {
    const key = row.email.toLowerCase();
    let state: ImportRowState;
    if (!isEmail(key)) state = 'invalidEmail';
    else if (seen.has(key)) state = 'duplicateInFile';
    else {
      seen.add(key);
      const contact = known.get(key);
      state = !contact ? 'new' : contact.subscription === 'unsubscribed' ? 'unsubscribed' : 'existing';
    }
    return { row, key, state, contact: known.get(key) };
  });
}

async function loadImport(ctx: DbContext, id: number, userId: number) {
  const found = await findImport(ctx.db, id);
  if (!found || found.created_by !== userId) throw notFound();
  return found;
}

/** POST /newsletter/contacts/import/{id}/check: the first rows under a mapping with their state, and all counts. */
export async function checkImport(
  ctx: DbContext,
  id: number,
  mapping: ImportMapping,
  userId: number,
): Promise<ImportCheck> {
  const found = await loadImport(ctx, id, userId);
  const columns = parseJson<string[]>(found.columns, []);
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (typeof column === 'number' && column >= columns.length) throw invalidField(`mapping.${field}`, 'error.invalid');
  }
  const rows = mapRows(parseJson<string[][]>(found.rows, []), mapping);
  const classified = await classify(ctx, rows, new Set());
  const counts = { new: 0, existing: 0, duplicateInFile: 0, invalidEmail: 0, unsubscribed: 0 };
  for (const { state } of classified) counts[state]++;
  return {
    preview: classified.slice(0, 20).map(({ row, state }) => ({
      row: row.row,
      email: row.email,
      firstName: row.firstName || null,
      lastName: row.lastName || null,
      state,
    })),
    counts,
  };
}

const toProgress = (found: NonNullable<Awaited<ReturnType<typeof findImport>>>): ImportProgress => ({
  id: found.id,
  status: found.status,
  processed: found.position,
  total: found.total,
  created: found.created,
  updated: found.updated,
  skipped: found.skipped,
  skippedRows: parseJson(found.skipped_rows, []),
});

/** POST /newsletter/contacts/import/{id}/start: fixes the mapping and the list; the rows follow chunk by chunk. */
export async function startImport(
  ctx: DbContext,
  id: number,
  body: ImportStartBody,
  userId: number,
): Promise<ImportProgress> {
  const found = await loadImport(ctx, id, userId);
  const columns = parseJson<string[]>(found.columns, []);
  for (const field of IMPORT_FIELDS) {
    const column = body.mapping[field];
    if (typeof column === 'number' && column >= columns.length) throw invalidField(`mapping.${field}`, 'error.invalid');
  }
  if (body.listId && !(await findListById(ctx.db, body.listId))) throw invalidField('listId', 'error.invalid');
  const started = await startImportRow(ctx.db, id, {
    mapping: JSON.stringify(body.mapping),
    id_list: body.listId ?? null,
    status: 'running',
    updated_at: nowIso(),
  });
  if (!started) throw new ApiError(409, 'error.importStarted');
  return toProgress((await findImport(ctx.db, id))!);
}

export async function importProgress(ctx: DbContext, id: number, userId: number): Promise<ImportProgress> {
  return toProgress(await loadImport(ctx, id, userId));
}

/**
 * POST /newsletter/contacts/import/{id}/next: imports the next chunk of rows in one transaction and answers the
 * progress; the client calls it until `status` is `done` (its progress bar). New addresses become subscribed
 * contacts with the consent source "import: file, user, time"; known ones get empty names filled in; every
 * imported contact joins the chosen list. Rows with an invalid address, a second occurrence in the file or an
 * unsubscribed contact are skipped with that reason.
 */
export async function importNextChunk(ctx: DbContext, id: number, userId: number): Promise<ImportProgress> {
  const first = await loadImport(ctx, id, userId);
  if (first.status === 'uploaded') throw badRequest();
  if (first.status === 'done') return toProgress(first);
  await inTransaction(ctx, async (trx) => {
    const found = (await findImport(trx.db, id))!;
    if (found.status !== 'running') return;
    const mapping = parseJson<ImportMapping>(found.mapping, { email: 0 });
    const allRows = parseJson<string[][]>(found.rows, []);
    // The addresses of earlier chunks count as seen (a duplicate across chunks is still a duplicate in the file).
    const seen = new Set(
      mapRows(allRows.slice(0, found.position), mapping)
        .map((row) => row.email.toLowerCase())
        .filter(isEmail),
    );
    const chunk = mapRows(allRows.slice(found.position, found.position + IMPORT_CHUNK), mapping, found.position);
    const classified = await classify(trx, chunk, seen);
    const now = nowIso();
    const source = `import: ${found.file_name}, ${await actorName(trx, userId)}, ${now}`;
    let created = 0;
    let updated = 0;
    const skippedRows = parseJson<ImportProgress['skippedRows']>(found.skipped_rows, []);
    let skipped = 0;
    const memberIds: number[] = [];
    for (const { row, key, state, contact } of classified) {
      if (state === 'invalidEmail' || state === 'duplicateInFile' || state === 'unsubscribed') {
        skipped++;
        if (skippedRows.length < SKIPPED_KEPT) skippedRows.push({ row: row.row, email: row.email, reason: state });
        continue;
      }
      const language = row.language && /^(de|en|es|ru)$/i.test(row.language) ? row.language.toLowerCase() : undefined;
      if (contact) {
        const fill: Partial<Record<'first_name' | 'last_name' | 'salutation' | 'title', string>> = {};
        if (!contact.first_name && row.firstName) fill.first_name = row.firstName.slice(0, 100);
        if (!contact.last_name && row.lastName) fill.last_name = row.lastName.slice(0, 100);
        if (!contact.salutation && row.salutation) fill.salutation = row.salutation.slice(0, 30);
        if (!contact.title && row.title) fill.title = row.title.slice(0, 50);
        if (Object.keys(fill).length > 0) {
          const names = { ...contact, email: key, ...fill };
          await updateContactRow(trx.db, contact.id, { ...fill, ...contactKeys(names), updated_at: now });
        }
        updated++;
        memberIds.push(contact.id);
      } else {
        memberIds.push(
          await writeContact(trx, {
            email: row.email.slice(0, 254),
            first_name: row.firstName?.slice(0, 100) || null,
            last_name: row.lastName?.slice(0, 100) || null,
            salutation: row.salutation?.slice(0, 30) || null,
            title: row.title?.slice(0, 50) || null,
            language,
            subscription: 'subscribed',
            consent: { at: now, source },
          }),
        );
        created++;
      }
    }
    if (found.id_list !== null) await addMembers(trx.db, found.id_list, memberIds, 'import');
    const position = found.position + chunk.length;
    await advanceImport(trx.db, id, found.position, {
      position,
      created: found.created + created,
      updated: found.updated + updated,
      skipped: found.skipped + skipped,
      skipped_rows: JSON.stringify(skippedRows),
      status: position >= found.total ? 'done' : 'running',
      ...(position >= found.total ? { rows: '[]' } : {}),
      updated_at: now,
    });
  });
  return toProgress((await findImport(ctx.db, id))!);
}

// ——— export ———

const EXPORT_HEADERS: Record<'de' | 'en', string[]> = {
  de: [
    'Nr.',
    'E-Mail',
    'Anrede',
    'Titel',
    'Vorname',
    'Nachname',
    'Sprache',
    'Status',
    'Aktiv',
    'Kunde',
    'Einwilligung am',
    'Einwilligung über',
  ],
  en: [
    'No.',
    'E-mail',
    'Salutation',
    'Title',
    'First name',
    'Last name',
    'Language',
    'Status',
    'Active',
    'Customer',
    'Consent at',
    'Consent source',
  ],
};
const EXPORT_STATES: Record<'de' | 'en', Record<NewsletterSubscriptionState, string>> = {
  de: { pending: 'Bestätigung ausstehend', subscribed: 'Angemeldet', unsubscribed: 'Abgemeldet' },
  en: { pending: 'Confirmation pending', subscribed: 'Subscribed', unsubscribed: 'Unsubscribed' },
};
const YES_NO = { de: ['Ja', 'Nein'], en: ['Yes', 'No'] } as const;

const berlinDateTime = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('de-DE', {
        timeZone: 'Europe/Berlin',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
        .format(new Date(iso))
        .replace(',', '')
    : null;

/** GET /newsletter/contacts/export.csv: the list with its search and filters as CSV for German Excel. */
export async function exportContactsCsv(
  ctx: DbContext,
  query: ListQuery & { integrated?: string; listId?: number },
  language: string | undefined,
): Promise<string> {
  const lang = language === 'en' ? 'en' : 'de';
  const rows = (await listContacts(ctx, { ...query, pagination: 'false', $select: undefined })) as NewsletterContact[];
  return toCsv(
    EXPORT_HEADERS[lang],
    rows.map((row) => [
      row.id,
      row.email,
      row.salutation,
      row.title,
      row.firstName,
      row.lastName,
      row.language,
      EXPORT_STATES[lang][row.subscription],
      YES_NO[lang][row.active ? 0 : 1],
      row.customerName,
      berlinDateTime(row.consentAt),
      row.consentSource,
    ]),
  );
}

// ——— double opt-in ———

const HOUR = 60 * 60 * 1000;
const hourly = (free: number): ThrottlePolicy => ({ free, firstDelayMs: HOUR, maxDelayMs: HOUR, forgetAfterMs: HOUR });
/** Public calls: per address and per client, within an hour. */
export const SUBSCRIBE_LIMITS = { perAddress: hourly(3), perIp: hourly(20), confirmPerIp: hourly(30) } as const;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * POST /newsletter/subscribe (public): the website's sign-up. The address becomes (or stays) a contact; unless it is
 * already subscribed it is `pending` until the mailed link is opened. Only a certified list may be named. The answer
 * is the same whether the address was known or not (no enumeration); each address and client is throttled.
 */
export async function subscribe(
  ctx: DbContext,
  body: SubscribeBody,
  from: RequestOrigin,
  ttlHours: number,
): Promise<{ ok: true }> {
  if (body.listId !== undefined && !(await isListCertified(ctx, body.listId)))
    throw invalidField('listId', 'error.listNotCertified');
  await limitRequests(ctx, [
    { key: `newsletter-subscribe:${from.ip}`, policy: SUBSCRIBE_LIMITS.perIp },
    { key: `newsletter-subscribe:${body.email}`, policy: SUBSCRIBE_LIMITS.perAddress },
  ]);
  // The list travels inside the code (`{list}-{random}`); only the code's hash is stored, so it cannot be altered.
  // No dot in it: the web server takes a path ending in `.xyz` for a file.
  const code = `${body.listId ?? 0}-${randomBytes(32).toString('base64url')}`;
  const optin = { hash: hashCode(code), expiresAt: new Date(Date.now() + ttlHours * HOUR).toISOString() };
  await inTransaction(ctx, async (trx) => {
    const existing = await findContactByEmailKey(trx.db, body.email);
    const language = body.language ?? 'de';
    if (existing) {
      const update: Parameters<typeof updateContactRow>[2] = {
        optin_code_hash: optin.hash,
        optin_expires_at: optin.expiresAt,
        updated_at: nowIso(),
      };
      if (existing.subscription === 'unsubscribed') update.subscription = 'pending';
      await updateContactRow(trx.db, existing.id, update);
    } else {
      await writeContact(trx, {
        email: body.email,
        first_name: body.firstName,
        last_name: body.lastName,
        language,
        subscription: 'pending',
        consent: { at: null, source: null },
        optin,
      });
    }
    await enqueueMail(trx, {
      to: body.email,
      template: 'newsletterConfirm',
      language,
      brand: from.brand,
      variables: {
        name: [body.firstName, body.lastName].filter(Boolean).join(' ') || null,
        link: `${from.origin}/auth/newsletter-confirm/${code}`,
        hours: ttlHours,
      },
    });
  });
  return { ok: true };
}

/**
 * POST /newsletter/subscribe/confirm (public): the mailed code, once, before it expires → subscribed, with the
 * consent's time, source and client address; the list named at sign-up is joined.
 */
export async function confirmSubscription(ctx: DbContext, code: string, from: RequestOrigin) {
  await limitRequests(ctx, [{ key: `newsletter-confirm:${from.ip}`, policy: SUBSCRIBE_LIMITS.confirmPerIp }]);
  return inTransaction(ctx, async (trx) => {
    const found = await findContactByCodeHash(trx.db, hashCode(code));
    if (!found || !found.optin_expires_at || new Date(found.optin_expires_at).getTime() < Date.now())
      throw invalidField('code', 'error.optinInvalid');
    const now = nowIso();
    await updateContactRow(trx.db, found.id, {
      subscription: 'subscribed',
      consent_at: now,
      consent_source: `double opt-in: ${from.origin}, ${now}`.slice(0, 200),
      consent_ip: from.ip.slice(0, 45),
      optin_code_hash: null,
      optin_expires_at: null,
      unsubscribed_at: null,
      updated_at: now,
    });
    await syncCardFlag(trx, found.id_vc_card, 'subscribed');
    const listId = Number(code.split('-')[0]);
    if (listId > 0 && (await isListCertified(trx, listId))) await addMembers(trx.db, listId, [found.id], 'subscribe');
    return { ok: true as const, email: found.email };
  });
}

// ——— the spec's Mailjet calls ———

const toMailjet = (row: MailjetRow): MailjetContact => {
  const excluded = row.subscription !== 'subscribed' || !toBool(row.active) || row.hard_bounced_at !== null;
  const updated = toIso(row.updated_at)!;
  return {
    ID: row.id,
    Email: row.email,
    Name: [row.first_name, row.last_name].filter(Boolean).join(' '),
    IsExcludedFromCampaigns: excluded,
    IsOptInPending: row.subscription === 'pending',
    IsSpamComplaining: false,
    CreatedAt: toIso(row.created_at)!,
    LastUpdateAt: updated,
    DeliveredCount: 0,
    ExclusionFromCampaignsUpdatedAt: excluded ? (toIso(row.unsubscribed_at) ?? updated) : '',
    LastActivityAt: updated,
  };
};

/** GET /mailjet/contact?limit=1000[&ContactsList={id}] (spec §7; at most 1000, spec §9). */
export async function mailjetContacts(ctx: DbContext, query: { limit: number; offset: number; ContactsList?: number }) {
  if (query.ContactsList !== undefined) await getList(ctx, query.ContactsList);
  const rows = await mailjetContactsQuery(ctx.db, query.ContactsList)
    .orderBy('newsletter_contact.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const total = await countMailjetContacts(ctx.db, query.ContactsList);
  return { Count: rows.length, Total: total, Data: rows.map(toMailjet) };
}

/** GET /mailjet/contact/{query}: one contact by id or by address, as `{ Data: [contact] }`. */
export async function mailjetContact(ctx: DbContext, query: string) {
  let row: MailjetRow | undefined;
  if (/^\d{1,9}$/.test(query))
    row = await mailjetContactsQuery(ctx.db, undefined)
      .where('newsletter_contact.id', '=', Number(query))
      .executeTakeFirst();
  else
    row = await mailjetContactsQuery(ctx.db, undefined)
      .where('newsletter_contact.email_key', '=', query.trim().toLowerCase())
      .executeTakeFirst();
  if (!row) throw notFound();
  return { Count: 1, Total: 1, Data: [toMailjet(row)] };
}

/** Contacts by id, for other newsletter features (campaign recipients). */
export async function contactsByIds(ctx: DbContext, ids: readonly number[]): Promise<NewsletterContact[]> {
  return toContacts(ctx, await findContactsByIds(ctx.db, ids));
}
