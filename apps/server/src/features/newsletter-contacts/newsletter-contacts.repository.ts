import { sql, type Insertable, type Updateable } from 'kysely';
import { ZNewsletterContact, ZNewsletterList, type NewsletterContact, type NewsletterList } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, isTrue, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { NewsletterContactTable, NewsletterListTable } from '../newsletter/newsletter.table.ts';
import type { NewsletterImportTable } from './newsletter-contacts.table.ts';

/** A contact with the name of the customer card it is linked to. */
export const contactBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('newsletter_contact')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'newsletter_contact.id_vc_card')
    .select([
      'newsletter_contact.id',
      'newsletter_contact.email',
      'newsletter_contact.first_name',
      'newsletter_contact.last_name',
      'newsletter_contact.salutation',
      'newsletter_contact.title',
      'newsletter_contact.language',
      'newsletter_contact.subscription',
      'newsletter_contact.active',
      'newsletter_contact.id_vc_card',
      'newsletter_contact.consent_at',
      'newsletter_contact.consent_source',
      'newsletter_contact.consent_ip',
      'newsletter_contact.unsubscribed_at',
      'newsletter_contact.hard_bounced_at',
      'newsletter_contact.created_at',
      'newsletter_contact.updated_at',
      'vc_card.name as customer_name',
    ]),
);
export type ContactRow = Awaited<ReturnType<ReturnType<typeof contactBaseQuery>['executeTakeFirstOrThrow']>>;

/** GET /newsletter/contacts: which API field reads which column. */
export const CONTACT_LIST_SPEC: ListSpec<NewsletterContact> = {
  table: 'newsletter_contact',
  idColumn: 'id',
  idField: 'id',
  searchable: true,
  defaultSort: [['lastName', 1]],
  fields: {
    id: { column: 'newsletter_contact.id', type: 'number' },
    email: { column: 'newsletter_contact.email_key', type: 'string' },
    lastName: { column: 'newsletter_contact.last_name', sortColumn: 'newsletter_contact.sort_name', type: 'string' },
    firstName: { column: 'newsletter_contact.first_name', type: 'string', nullable: true },
    language: { column: 'newsletter_contact.language', type: 'string' },
    subscription: { column: 'newsletter_contact.subscription', type: 'string' },
    active: { column: 'newsletter_contact.active', type: 'boolean' },
    id_vc_card: { column: 'newsletter_contact.id_vc_card', type: 'number' },
    consentAt: { column: 'newsletter_contact.consent_at', type: 'date', nullable: true },
    createdAt: { column: 'newsletter_contact.created_at', type: 'date' },
    updatedAt: { column: 'newsletter_contact.updated_at', type: 'date' },
  },
  selectable: contractFields(ZNewsletterContact),
  ownParams: ['integrated', 'listId'],
};

/** The contact list's base query narrowed by linked-or-not and by membership of a list. */
export function contactListBase(db: Database, scope: { integrated?: boolean; listId?: number }) {
  let base = contactBaseQuery(db);
  if (scope.integrated === true) base = base.where('newsletter_contact.id_vc_card', 'is not', null);
  if (scope.integrated === false) base = base.where('newsletter_contact.id_vc_card', 'is', null);
  if (scope.listId !== undefined) {
    const listId = scope.listId;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('newsletter_list_member')
          .select('newsletter_list_member.id_contact')
          .whereRef('newsletter_list_member.id_contact', '=', 'newsletter_contact.id')
          .where('newsletter_list_member.id_list', '=', listId),
      ),
    );
  }
  return base;
}

export const findContactById = (db: Database, id: number) =>
  contactBaseQuery(db).where('newsletter_contact.id', '=', id).executeTakeFirst();

export const findContactsByIds = (db: Database, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve([]) : contactBaseQuery(db).where('newsletter_contact.id', 'in', ids).execute();

export const findContactByEmailKey = (db: Database, emailKey: string) =>
  db
    .selectFrom('newsletter_contact')
    .select(['id', 'subscription', 'first_name', 'last_name', 'id_vc_card', 'optin_code_hash', 'optin_expires_at'])
    .where('email_key', '=', emailKey)
    .executeTakeFirst();

export const findContactsByEmailKeys = (db: Database, emailKeys: readonly string[]) =>
  emailKeys.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('newsletter_contact')
        .select(['id', 'email_key', 'subscription', 'first_name', 'last_name', 'salutation', 'title'])
        .where('email_key', 'in', emailKeys)
        .execute();

export const findContactByCodeHash = (db: Database, hash: string) =>
  db
    .selectFrom('newsletter_contact')
    .select(['id', 'email', 'optin_expires_at', 'id_vc_card'])
    .where('optin_code_hash', '=', hash)
    .executeTakeFirst();

export async function insertContact(db: Database, values: Insertable<NewsletterContactTable>): Promise<number> {
  const row = await db.insertInto('newsletter_contact').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateContactRow(db: Database, id: number, values: Updateable<NewsletterContactTable>) {
  await db.updateTable('newsletter_contact').set(values).where('id', '=', id).execute();
}

export async function deleteContactRow(db: Database, id: number) {
  await db.deleteFrom('newsletter_contact').where('id', '=', id).execute();
}

/** The lists each contact belongs to. */
export const findMembershipsOfContacts = (db: Database, contactIds: readonly number[]) =>
  contactIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('newsletter_list_member')
        .select(['id_contact', 'id_list'])
        .where('id_contact', 'in', contactIds)
        .orderBy('id_list')
        .execute();

export async function replaceMemberships(db: Database, contactId: number, listIds: readonly number[], source: string) {
  await db.deleteFrom('newsletter_list_member').where('id_contact', '=', contactId).execute();
  if (listIds.length > 0)
    await db
      .insertInto('newsletter_list_member')
      .values(listIds.map((id_list) => ({ id_list, id_contact: contactId, source })))
      .execute();
}

/** Adds contacts to a list; those already in it stay as they are. Answers how many were new to the list. */
export async function addMembers(
  db: Database,
  listId: number,
  contactIds: readonly number[],
  source: string,
): Promise<number> {
  if (contactIds.length === 0) return 0;
  const existing = await db
    .selectFrom('newsletter_list_member')
    .select('id_contact')
    .where('id_list', '=', listId)
    .where('id_contact', 'in', contactIds)
    .execute();
  const present = new Set(existing.map((row) => row.id_contact));
  const fresh = [...new Set(contactIds)].filter((id) => !present.has(id));
  for (let start = 0; start < fresh.length; start += 500) {
    await db
      .insertInto('newsletter_list_member')
      .values(fresh.slice(start, start + 500).map((id_contact) => ({ id_list: listId, id_contact, source })))
      .onConflict((oc) => oc.columns(['id_list', 'id_contact']).doNothing())
      .execute();
  }
  return fresh.length;
}

export const isMember = async (db: Database, listId: number, contactId: number) =>
  (await db
    .selectFrom('newsletter_list_member')
    .select('id_contact')
    .where('id_list', '=', listId)
    .where('id_contact', '=', contactId)
    .executeTakeFirst()) !== undefined;

export async function removeMember(db: Database, listId: number, contactId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('newsletter_list_member')
    .where('id_list', '=', listId)
    .where('id_contact', '=', contactId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The customer card an address belongs to (the lowest card id when several carry it), from the cards' e-mail rows
 * (stored in lower case).
 */
export async function findCustomerCardsByEmails(db: Database, emailKeys: readonly string[]) {
  if (emailKeys.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('vc_field')
    .innerJoin('vc_person', 'vc_person.id_vc_person', 'vc_field.id_vc_person')
    .innerJoin('vc_card', 'vc_card.id_vc_card', 'vc_person.id_vc_card')
    .select([sql<string>`lower(vc_field.value)`.as('value'), 'vc_card.id_vc_card'])
    .where('vc_field.id_vc_field_type', '=', 1)
    .where('vc_card.kind', '=', 'customer')
    .where(sql`lower(vc_field.value)`, 'in', emailKeys)
    .orderBy('vc_card.id_vc_card')
    .execute();
  const cards = new Map<string, number>();
  for (const row of rows) if (!cards.has(row.value)) cards.set(row.value, row.id_vc_card);
  return cards;
}

export async function setCardNewsletterFlag(db: Database, cardId: number, flag: boolean) {
  await db.updateTable('vc_card').set({ newsletter: flag }).where('id_vc_card', '=', cardId).execute();
}

/** The contacts linked to a customer card. */
export const findContactsOfCard = (db: Database, cardId: number) =>
  db.selectFrom('newsletter_contact').select(['id', 'subscription']).where('id_vc_card', '=', cardId).execute();

/** Customers of a filter with their first e-mail address and their names (one row per e-mail row). */
export function findFilteredCustomers(
  db: Database,
  filter: { categoryId?: number; agencyId?: number; newsletterFlag?: boolean },
) {
  let query = db
    .selectFrom('vc_card')
    .innerJoin('vc_person', 'vc_person.id_vc_card', 'vc_card.id_vc_card')
    .innerJoin('vc_field', 'vc_field.id_vc_person', 'vc_person.id_vc_person')
    .select([
      'vc_card.id_vc_card',
      'vc_person.first_name',
      'vc_person.surname',
      'vc_person.salutation',
      'vc_field.value as email',
    ])
    .where('vc_card.kind', '=', 'customer')
    .where('vc_field.id_vc_field_type', '=', 1)
    .where('vc_field.value', '!=', '');
  if (filter.agencyId !== undefined) query = query.where('vc_card.id_organization', '=', filter.agencyId);
  if (filter.newsletterFlag === true) query = query.where('vc_card.newsletter', '=', true);
  if (filter.categoryId !== undefined) {
    const categoryId = filter.categoryId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('booking')
          .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
          .select('booking.id')
          .whereRef('booking.id_booker_card', '=', 'vc_card.id_vc_card')
          .where('booking.cancelled_at', 'is', null)
          .where('jrn_journey.id_jrn_category', '=', categoryId),
      ),
    );
  }
  return query.orderBy('vc_card.id_vc_card').orderBy('vc_field.position').execute();
}

// ——— lists ———

export const listBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('newsletter_list')
    .leftJoin('user_account', 'user_account.id', 'newsletter_list.certified_by')
    .select([
      'newsletter_list.id',
      'newsletter_list.name',
      'newsletter_list.active',
      'newsletter_list.certified_at',
      'newsletter_list.certified_by',
      'newsletter_list.created_at',
      'newsletter_list.updated_at',
      'user_account.firstname as certifier_first',
      'user_account.lastname as certifier_last',
      sql<number | string>`(select count(*) from newsletter_list_member m where m.id_list = newsletter_list.id)`.as(
        'contact_count',
      ),
    ]),
);
export type ListRow = Awaited<ReturnType<ReturnType<typeof listBaseQuery>['executeTakeFirstOrThrow']>>;

export const LIST_LIST_SPEC: ListSpec<NewsletterList, 'contact_count'> = {
  table: 'newsletter_list',
  idColumn: 'id',
  idField: 'id',
  searchable: false,
  defaultSort: [['name', 1]],
  fields: {
    id: { column: 'newsletter_list.id', type: 'number' },
    name: { column: 'newsletter_list.name_key', type: 'string' },
    active: { column: 'newsletter_list.active', type: 'boolean' },
    contactCount: { column: 'contact_count', type: 'number', filterable: false },
    certifiedAt: { column: 'newsletter_list.certified_at', type: 'date', nullable: true },
    createdAt: { column: 'newsletter_list.created_at', type: 'date' },
    updatedAt: { column: 'newsletter_list.updated_at', type: 'date' },
  },
  selectable: contractFields(ZNewsletterList),
  ownParams: ['certified'],
};

export function listListBase(db: Database, dialect: DialectName, words: readonly string[], certified?: boolean) {
  let base = listBaseQuery(db);
  if (words.length > 0) base = base.where(containsAllWords(dialect, 'newsletter_list.name_key', words));
  if (certified === true) base = base.where('newsletter_list.certified_at', 'is not', null);
  if (certified === false) base = base.where('newsletter_list.certified_at', 'is', null);
  return base;
}

export const findListById = (db: Database, id: number) =>
  listBaseQuery(db).where('newsletter_list.id', '=', id).executeTakeFirst();

export const findListIdByNameKey = async (db: Database, nameKey: string) =>
  (await db.selectFrom('newsletter_list').select('id').where('name_key', '=', nameKey).executeTakeFirst())?.id;

export async function insertList(db: Database, values: Insertable<NewsletterListTable>): Promise<number> {
  const row = await db.insertInto('newsletter_list').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateListRow(db: Database, id: number, values: Updateable<NewsletterListTable>) {
  await db.updateTable('newsletter_list').set(values).where('id', '=', id).execute();
}

export async function deleteListRow(db: Database, id: number) {
  await db.deleteFrom('newsletter_list').where('id', '=', id).execute();
}

/** Which of `ids` are certified lists. */
export const findCertifiedListIds = async (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .selectFrom('newsletter_list')
          .select('id')
          .where('id', 'in', ids)
          .where('certified_at', 'is not', null)
          .where(isTrue('newsletter_list.active'))
          .execute()
      ).map((row) => row.id);

/** Mailjet-shaped reads: contacts by id order, optionally of one list. */
export function mailjetContactsQuery(db: Database, listId: number | undefined) {
  let query = db
    .selectFrom('newsletter_contact')
    .select([
      'newsletter_contact.id',
      'newsletter_contact.email',
      'newsletter_contact.first_name',
      'newsletter_contact.last_name',
      'newsletter_contact.subscription',
      'newsletter_contact.active',
      'newsletter_contact.hard_bounced_at',
      'newsletter_contact.unsubscribed_at',
      'newsletter_contact.created_at',
      'newsletter_contact.updated_at',
    ]);
  if (listId !== undefined)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('newsletter_list_member')
          .select('newsletter_list_member.id_contact')
          .whereRef('newsletter_list_member.id_contact', '=', 'newsletter_contact.id')
          .where('newsletter_list_member.id_list', '=', listId),
      ),
    );
  return query;
}
export type MailjetRow = Awaited<ReturnType<ReturnType<typeof mailjetContactsQuery>['executeTakeFirstOrThrow']>>;

export async function countMailjetContacts(db: Database, listId: number | undefined): Promise<number> {
  let query = db.selectFrom('newsletter_contact').select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (listId !== undefined)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('newsletter_list_member')
          .select('newsletter_list_member.id_contact')
          .whereRef('newsletter_list_member.id_contact', '=', 'newsletter_contact.id')
          .where('newsletter_list_member.id_list', '=', listId),
      ),
    );
  return Number((await query.executeTakeFirstOrThrow()).n);
}

// ——— imports ———

export async function insertImport(db: Database, values: Insertable<NewsletterImportTable>): Promise<number> {
  const row = await db.insertInto('newsletter_import').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const findImport = (db: Database, id: number) =>
  db.selectFrom('newsletter_import').selectAll().where('id', '=', id).executeTakeFirst();

/** Moves an import on from `position` only when no one else has (a second click or tab does nothing twice). */
export async function advanceImport(
  db: Database,
  id: number,
  position: number,
  values: Updateable<NewsletterImportTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_import')
    .set(values)
    .where('id', '=', id)
    .where('position', '=', position)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function startImportRow(db: Database, id: number, values: Updateable<NewsletterImportTable>) {
  const result = await db
    .updateTable('newsletter_import')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'uploaded')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const findUserName = (db: Database, id: number) =>
  db.selectFrom('user_account').select(['firstname', 'lastname', 'email']).where('id', '=', id).executeTakeFirst();
