import { sql } from 'kysely';
import { createSearchIndex, dropSearchIndex, types, type MigrationDb } from './helpers.ts';

/**
 * Customers live on cards (vc_card → vc_person → vc_address, vc_field) like users do; `kind` tells them
 * apart. Countries are reference data with German and English names.
 */

// The short list of spec §9 names country ids 32, 44, 65, 129, 144, 169, 191. They are given to the
// booking countries and Luxembourg; every other country gets the remaining ids in German alphabetical
// order (docs/adr/0004-country-ids.md).
const SHORT_LIST_IDS: Record<string, number> = { BE: 32, DE: 44, IT: 65, LU: 129, NL: 144, AT: 169, CH: 191 };
const BOOKING = new Set(['DE', 'AT', 'CH', 'IT', 'NL', 'BE']);

export async function up(db: MigrationDb): Promise<void> {
  // Loaded here, not at the top: every start imports the migrations, few run this one (the names take ~15 MB).
  const { default: countries } = await import('i18n-iso-countries');
  const t = types(db);

  await db.schema
    .alterTable('vc_card')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('customer'))
    .execute();
  await db.schema
    .alterTable('vc_card')
    .addColumn('customer_type', 'text', (c) => c.notNull().defaultTo('new'))
    .execute();
  await db.schema
    .alterTable('vc_card')
    .addColumn('is_driver', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .execute();
  await db.schema
    .alterTable('vc_card')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update vc_card set kind = 'user' where id_vc_card in (select id_vc_card from user_account where id_vc_card is not null)`.execute(
    db,
  );
  await db.schema.createIndex('vc_card_kind_idx').on('vc_card').columns(['kind', 'id_vc_card']).execute();
  await db.schema.createIndex('vc_card_kind_name_idx').on('vc_card').columns(['kind', 'name']).execute();
  await db.schema
    .createIndex('vc_card_kind_agency_idx')
    .on('vc_card')
    .columns(['kind', 'id_organization', 'id_vc_card'])
    .execute();
  await db.schema
    .createIndex('vc_card_kind_driver_idx')
    .on('vc_card')
    .columns(['kind', 'is_driver', 'id_vc_card'])
    .execute();
  await createSearchIndex(db, 'vc_card', 'id_vc_card');

  await db.schema.alterTable('vc_person').addColumn('birthday', t.date).execute();
  await db.schema.alterTable('vc_person').addColumn('passport_valid_until', t.date).execute();
  await db.schema
    .alterTable('vc_field')
    .addColumn('drop', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .execute();
  await db.schema
    .createIndex('vc_field_type_value_idx')
    .on('vc_field')
    .columns(['id_vc_field_type', 'value'])
    .execute();
  await db.schema.createIndex('vc_address_zip_idx').on('vc_address').column('zip').execute();

  await db.schema
    .createTable('loc_country')
    .addColumn('id_loc_country', 'integer', (c) => c.primaryKey())
    .addColumn('iso', 'text', (c) => c.notNull().unique())
    .addColumn('iso3', 'text', (c) => c.notNull())
    .addColumn('name_de', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('booking_country', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .execute();

  const german = countries.getNames('de', { select: 'official' });
  const english = countries.getNames('en', { select: 'official' });
  const codes = Object.keys(english).sort((a, b) => german[a]!.localeCompare(german[b]!, 'de'));
  const taken = new Set(Object.values(SHORT_LIST_IDS));
  let next = 1;
  const rows = codes.map((iso) => {
    let id = SHORT_LIST_IDS[iso];
    if (id === undefined) {
      while (taken.has(next)) next++;
      id = next++;
    }
    return {
      id_loc_country: id,
      iso,
      iso3: countries.alpha2ToAlpha3(iso) ?? iso,
      name_de: german[iso]!,
      name_en: english[iso]!,
      booking_country: BOOKING.has(iso),
    };
  });
  await db.insertInto('loc_country').values(rows).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('loc_country').ifExists().execute();
  await dropSearchIndex(db, 'vc_card');
  for (const index of [
    'vc_field_type_value_idx',
    'vc_address_zip_idx',
    'vc_card_kind_idx',
    'vc_card_kind_name_idx',
    'vc_card_kind_agency_idx',
    'vc_card_kind_driver_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of ['kind', 'customer_type', 'is_driver', 'search_text'])
    await db.schema.alterTable('vc_card').dropColumn(column).execute();
  for (const column of ['birthday', 'passport_valid_until'])
    await db.schema.alterTable('vc_person').dropColumn(column).execute();
  await db.schema.alterTable('vc_field').dropColumn('drop').execute();
}
