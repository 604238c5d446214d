import { sql } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/**
 * Sort keys for the lists, written by the application with every change of the record (issue #8, 2.4 and 2.5):
 * names after DIN 5007 (`sort_name` of cards and organizations, `sort_lastname`, `sort_firstname`: ä → a, ß → ss, case ignored), the first
 * phone number as digits in national form (`sort_phone`) and the first e-mail in lower case (`sort_email`), each
 * indexed behind the list's scope so a sorted page reads only its rows. Existing rows get their keys here, and the
 * national digits of their phones are added to their search text so "0176 1962829" finds "+49 176 1962829".
 */

// Copies of the application's normalisation (migrations never import application code).
const dinKey = (value: string | null) =>
  (value ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/œ/g, 'oe')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
const phoneKey = (value: string) => {
  const trimmed = value.trim().replace(/\(0\)/g, '');
  const digits = (trimmed.startsWith('+') ? '00' : '') + trimmed.replace(/\D/g, '');
  return digits.startsWith('0049') ? `0${digits.slice(4)}` : digits;
};

const INDEXES = [
  ['vc_card_kind_sort_name_idx', 'vc_card', ['kind', 'sort_name', 'id_vc_card']],
  ['vc_card_kind_sort_phone_idx', 'vc_card', ['kind', 'sort_phone', 'id_vc_card']],
  ['vc_card_kind_sort_email_idx', 'vc_card', ['kind', 'sort_email', 'id_vc_card']],
  ['user_account_kind_sort_lastname_idx', 'user_account', ['kind', 'sort_lastname', 'id']],
  ['user_account_kind_sort_firstname_idx', 'user_account', ['kind', 'sort_firstname', 'id']],
  ['user_account_kind_sort_phone_idx', 'user_account', ['kind', 'sort_phone', 'id']],
  ['organization_sort_name_idx', 'organization', ['sort_name', 'id']],
] as const;

type ContactRow = { id_vc_card: number; id_vc_field_type: number; value: string };

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('vc_card')
    .addColumn('sort_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('vc_card').addColumn('sort_phone', 'text').execute();
  await db.schema.alterTable('vc_card').addColumn('sort_email', 'text').execute();
  for (const column of ['sort_lastname', 'sort_firstname'])
    await db.schema
      .alterTable('user_account')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  await db.schema.alterTable('user_account').addColumn('sort_phone', 'text').execute();
  await db.schema
    .alterTable('organization')
    .addColumn('sort_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // Existing rows (the sort keys did not exist before; new rows get them from the application).
  const contacts = (
    await sql<ContactRow>`
    select vc_person.id_vc_card, vc_field.id_vc_field_type, vc_field.value
    from vc_field join vc_person on vc_person.id_vc_person = vc_field.id_vc_person
    order by vc_person.id_vc_card, vc_field.id_vc_field_type, vc_field.position, vc_field.id_vc_field`.execute(db)
  ).rows;
  const phones = new Map<number, string[]>();
  const firstEmail = new Map<number, string>();
  for (const row of contacts) {
    if (row.id_vc_field_type === 2 && row.value)
      phones.set(row.id_vc_card, [...(phones.get(row.id_vc_card) ?? []), phoneKey(row.value)]);
    if (row.id_vc_field_type === 1 && row.value && !firstEmail.has(row.id_vc_card))
      firstEmail.set(row.id_vc_card, row.value.toLowerCase());
  }
  const withPhones = (text: string, keys: readonly string[]) =>
    [text, ...keys.filter((key) => key && !text.includes(key))].filter(Boolean).join(' ');

  const cards = (
    await sql<{
      id_vc_card: number;
      name: string;
      search_text: string;
    }>`select id_vc_card, name, search_text from vc_card`.execute(db)
  ).rows;
  for (const card of cards) {
    const cardPhones = phones.get(card.id_vc_card) ?? [];
    await sql`update vc_card set sort_name = ${dinKey(card.name)}, sort_phone = ${cardPhones[0] ?? null},
      sort_email = ${firstEmail.get(card.id_vc_card) ?? null}, search_text = ${withPhones(card.search_text, cardPhones)}
      where id_vc_card = ${card.id_vc_card}`.execute(db);
  }
  const users = (
    await sql<{ id: number; firstname: string; lastname: string; id_vc_card: number | null; search_text: string }>`
      select id, firstname, lastname, id_vc_card, search_text from user_account`.execute(db)
  ).rows;
  for (const user of users) {
    const userPhones = (user.id_vc_card && phones.get(user.id_vc_card)) || [];
    await sql`update user_account set sort_lastname = ${dinKey(user.lastname)}, sort_firstname = ${dinKey(user.firstname)},
      sort_phone = ${userPhones[0] ?? null}, search_text = ${withPhones(user.search_text, userPhones)}
      where id = ${user.id}`.execute(db);
  }

  const organizations = (await sql<{ id: number; name: string }>`select id, name from organization`.execute(db)).rows;
  for (const organization of organizations)
    await sql`update organization set sort_name = ${dinKey(organization.name)} where id = ${organization.id}`.execute(
      db,
    );

  for (const [name, table, columns] of INDEXES)
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  for (const column of ['sort_name', 'sort_phone', 'sort_email'])
    await db.schema.alterTable('vc_card').dropColumn(column).execute();
  for (const column of ['sort_lastname', 'sort_firstname', 'sort_phone'])
    await db.schema.alterTable('user_account').dropColumn(column).execute();
  await db.schema.alterTable('organization').dropColumn('sort_name').execute();
}
