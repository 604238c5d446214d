import { createSearchIndex, dropSearchIndex, types, type MigrationDb } from './helpers.ts';

/** Foundation: organizations and cards (contact data), roles, user accounts, settings, brands, security tables. */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);

  await db.schema
    .createTable('organization')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('id_vc_card', 'integer')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await createSearchIndex(db, 'organization', 'id');

  await db.schema
    .createTable('vc_card')
    .addColumn('id_vc_card', t.id, t.idColumn)
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('id_organization', 'integer', (c) => c.references('organization.id').onDelete('set null'))
    .addColumn('kuschick_id', 'text')
    .addColumn('ratio_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('vc_card_organization_idx').on('vc_card').column('id_organization').execute();

  await db.schema
    .createTable('vc_person')
    .addColumn('id_vc_person', t.id, t.idColumn)
    .addColumn('id_vc_card', 'integer', (c) => c.notNull().references('vc_card.id_vc_card').onDelete('cascade'))
    .addColumn('salutation', 'integer')
    .addColumn('title', 'integer')
    .addColumn('first_name', 'text')
    .addColumn('surname', 'text')
    .execute();
  await db.schema.createIndex('vc_person_card_idx').on('vc_person').column('id_vc_card').execute();

  await db.schema
    .createTable('vc_address')
    .addColumn('id_vc_address', t.id, t.idColumn)
    .addColumn('id_vc_person', 'integer', (c) => c.notNull().references('vc_person.id_vc_person').onDelete('cascade'))
    .addColumn('street', 'text')
    .addColumn('zip', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('state', 'text')
    .addColumn('external_id', 'text')
    .execute();
  await db.schema.createIndex('vc_address_person_idx').on('vc_address').column('id_vc_person').execute();

  // Contact rows: id_vc_field_type 1 = e-mail, 2 = phone; `key` is the kind (`phone-business`, …).
  await db.schema
    .createTable('vc_field')
    .addColumn('id_vc_field', t.id, t.idColumn)
    .addColumn('id_vc_person', 'integer', (c) => c.notNull().references('vc_person.id_vc_person').onDelete('cascade'))
    .addColumn('id_vc_field_type', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('vc_field_person_idx').on('vc_field').column('id_vc_person').execute();

  await db.schema
    .createTable('role')
    .addColumn('id_roles', t.id, t.idColumn)
    .addColumn('role', 'text', (c) => c.notNull().unique())
    .addColumn('admin', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('access', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await createSearchIndex(db, 'role', 'id_roles');

  await db.schema
    .createTable('user_account')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('firstname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lastname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('street', 'text')
    .addColumn('number', 'text')
    .addColumn('zip', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('nationality', 'text')
    .addColumn('state', 'text')
    .addColumn('sex', 'integer')
    .addColumn('birthday', t.date)
    .addColumn('placeofbirth', 'text')
    .addColumn('maritalstatus', 'integer')
    .addColumn('id_roles', 'integer', (c) => c.references('role.id_roles').onDelete('restrict'))
    .addColumn('status', 'text')
    .addColumn('username', 'text')
    .addColumn('is_driver', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('ratio_id', 'text')
    .addColumn('kuschick_id', 'text')
    .addColumn('is_active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('verify_code', 'text')
    .addColumn('avatar', 'text')
    .addColumn('id_vc_card', 'integer', (c) => c.references('vc_card.id_vc_card').onDelete('set null'))
    .addColumn('last_login_at', t.timestamp)
    .addColumn('previous_login_at', t.timestamp)
    .addColumn('tokens_valid_after', t.timestamp)
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  // One e-mail may hold one back-office account and one traveller account (selection login).
  await db.schema
    .createIndex('user_account_email_kind_uq')
    .on('user_account')
    .columns(['email', 'kind'])
    .unique()
    .execute();
  await db.schema.createIndex('user_account_kind_idx').on('user_account').columns(['kind', 'id']).execute();
  await db.schema.createIndex('user_account_role_idx').on('user_account').column('id_roles').execute();
  await db.schema.createIndex('user_account_card_idx').on('user_account').column('id_vc_card').execute();
  await db.schema.createIndex('user_account_lastname_idx').on('user_account').columns(['kind', 'lastname']).execute();
  await createSearchIndex(db, 'user_account', 'id');

  await db.schema
    .createTable('sys_settings')
    .addColumn('id_sys_settings', t.id, t.idColumn)
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await createSearchIndex(db, 'sys_settings', 'id_sys_settings');

  await db.schema
    .createTable('brand')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('host', 'text', (c) => c.notNull().unique())
    .addColumn('is_development', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo', 'text')
    .addColumn('company', 'text')
    .addColumn('street', 'text')
    .addColumn('zip', 'text')
    .addColumn('city', 'text')
    .addColumn('tel', 'text')
    .addColumn('fax', 'text')
    .addColumn('email', 'text')
    .addColumn('web', 'text')
    .addColumn('court', 'text')
    .addColumn('registration_number', 'text')
    .addColumn('company_id', 'text')
    .addColumn('push_channel', 'text')
    .addColumn('primary_color', 'text')
    .addColumn('legal_links', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('email', 'text')
    .addColumn('ip', 'text')
    .addColumn('method', 'text')
    .addColumn('url', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();

  await db.schema
    .createTable('auth_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_secret')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['user_account', 'role', 'sys_settings', 'organization']) await dropSearchIndex(db, table);
  for (const table of [
    'app_secret',
    'auth_throttle',
    'audit_log',
    'brand',
    'sys_settings',
    'user_account',
    'role',
    'vc_field',
    'vc_address',
    'vc_person',
    'vc_card',
    'organization',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
