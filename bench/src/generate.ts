import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql, type Insertable } from 'kysely';
import { buildSearchText, dinSortKey, phoneSearchKey } from '@tourdesk/contracts';
import { mailName } from '../../apps/server/src/seed/german-data.ts';
import {
  migrateToLatest,
  openDatabase,
  type Database,
  type DatabaseHandle,
} from '../../apps/server/src/db/database.ts';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { customerCardName } from '../../apps/server/src/features/customers/customers.service.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { DEMO_AGENCIES, DEMO_CUSTOMER_COUNT, seedDemoData } from '../../apps/server/src/seed/demo.ts';
import {
  CITIES,
  FEMALE_FIRST_NAMES,
  FIRST_NAMES,
  MAIL_DOMAINS,
  MALE_FIRST_NAMES,
  NAME_STEMS,
  PRIVATE_MAIL_DOMAINS,
  STATES,
  STREETS,
  SURNAME_ENDINGS,
  SURNAMES,
  TOWN_ENDINGS,
} from './names.ts';
import type { EngineName } from './options.ts';
import { countGeneratedJourneys } from './generate-journeys.ts';

export const BENCH_DIR = resolve(import.meta.dirname, '..');
const DATA_DIR = resolve(BENCH_DIR, '.data');

/** Password of every generated user (they are never logged in; the benchmark uses the demo admin). */
const GENERATED_PASSWORD = 'Bench1234!';
/** Users per multi-row INSERT (user_account has 31 columns: 500 rows stay under SQLite's 32766 parameters). */
const ROWS_PER_INSERT = 500;
/** Users (or customers) per transaction. */
const USERS_PER_TRANSACTION = 10_000;
const CUSTOMERS_PER_TRANSACTION = 10_000;
/**
 * The demo seeds customers 1–300 (ratio_id 200001–200300, e-mail ….n@…) and three drivers (301–303);
 * generated customers continue that numbering.
 */
const FIRST_CUSTOMER_NUMBER = DEMO_CUSTOMER_COUNT + 4;
/** id_vc_field_type of a contact row (cards.service.ts FIELD_TYPE). */
const FIELD_TYPE = { email: 1, phone: 2 } as const;

export type Target = { engine: EngineName; url: string; label: string };

export function targetFor(engine: EngineName, postgresUrl: string): Target {
  if (engine === 'postgres') {
    const url = new URL(postgresUrl);
    return { engine, url: postgresUrl, label: `postgres ${url.host}${url.pathname}` };
  }
  const file = resolve(DATA_DIR, 'bench.db');
  return { engine, url: `sqlite:${file}`, label: `sqlite ${file}` };
}

/** Deletes the SQLite file (and its WAL) or drops and recreates the PostgreSQL database. */
export async function recreateDatabase(target: Target): Promise<void> {
  if (target.engine === 'sqlite') {
    mkdirSync(DATA_DIR, { recursive: true });
    const file = target.url.slice('sqlite:'.length);
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
    return;
  }
  const url = new URL(target.url);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  if (name === 'postgres' || name === 'test' || name.startsWith('template')) {
    throw new Error(`refusing to drop the database "${name}"; point BENCH_DATABASE_URL at a database of its own`);
  }
  url.pathname = '/postgres';
  const admin = openDatabase({ url: url.toString(), poolSize: 1 });
  try {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    await sql`create database ${sql.id(name)}`.execute(admin.db);
  } finally {
    await admin.destroy();
  }
}

export type Generated = { users: number; customers: number; journeys: number };

/**
 * What the generator added to the database: staff users outside the demo accounts' @example.com, and
 * customer cards beyond the demo's (DEMO_CUSTOMER_COUNT customers, plus drivers, which are flagged).
 */
export async function countGenerated(handle: DatabaseHandle): Promise<Generated> {
  const users = await handle.db
    .selectFrom('user_account')
    .select(sql<number>`count(*)`.as('n'))
    .where('kind', '=', 'staff')
    .where('email', 'not like', '%@example.com')
    .executeTakeFirst();
  const customers = await handle.db
    .selectFrom('vc_card')
    .select(sql<number>`count(*)`.as('n'))
    .where('kind', '=', 'customer')
    .where('is_driver', '=', false)
    .executeTakeFirst();
  return {
    users: Number(users?.n ?? 0),
    customers: Math.max(0, Number(customers?.n ?? 0) - DEMO_CUSTOMER_COUNT),
    journeys: await countGeneratedJourneys(handle.db),
  };
}

/** Migrates and seeds the demo data with the server's own code. */
export async function migrateAndSeed(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle);
  await seedDemoData({ db: handle.db, dialect: handle.dialect });
}

/** Small, fast, seeded PRNG (mulberry32), so every run generates the same people. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Picks from `items`, the one of rank r with weight r^-exponent. With exponent 0.5 over the 1,100 or so
 * surnames below, Müller comes out at about 1.5 %, Schmidt 1.2 % and rank 100 at 0.15 % — close to how
 * surnames are spread in Germany.
 */
function zipfPicker<T>(items: readonly T[], exponent: number, rand: () => number): () => T {
  const cumulative: number[] = [];
  let total = 0;
  items.forEach((_, rank) => cumulative.push((total += 1 / Math.pow(rank + 1, exponent))));
  return () => {
    const x = rand() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!;
  };
}

function shuffled<T>(items: readonly T[], rand: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function weightedPicker<T extends { weight: number }>(items: readonly T[], rand: () => number): () => T {
  const pool = items.flatMap((item) => Array.from({ length: item.weight }, () => item));
  return () => pool[Math.floor(rand() * pool.length)]!;
}

type Place = { city: string; zip: string; area: string; state: string; weight: number };

/**
 * The pickers users and customers share: surnames spread as in Germany (the common ones first, then a long
 * tail of compounds: Steinhuber, Lindenberger, …), and places: half in one of the cities (Berlin ≈ 8 %,
 * München ≈ 4 %), half in some 670 smaller towns.
 */
function peoplePickers(rand: () => number) {
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const digits = (count: number) => String(Math.floor(rand() * 10 ** count)).padStart(count, '0');
  const compounds = NAME_STEMS.flatMap((stem) => SURNAME_ENDINGS.map((ending) => stem + ending));
  const tail = shuffled(
    compounds.filter((name) => !(SURNAMES as readonly string[]).includes(name)),
    rand,
  );
  const surname = zipfPicker([...SURNAMES, ...tail], 0.5, rand);
  const city = weightedPicker(CITIES, rand);
  const towns: Place[] = NAME_STEMS.flatMap((stem) => TOWN_ENDINGS.map((ending) => stem + ending)).map((name) => ({
    city: rand() < 0.08 ? `Bad ${name}` : name,
    zip: String(1001 + Math.floor(rand() * 98_000)).padStart(5, '0'),
    area: `${2 + Math.floor(rand() * 8)}${digits(3)}`,
    state: pick(STATES),
    weight: 0,
  }));
  const place = (): Place => (rand() < 0.5 ? city() : pick(towns));
  /** A zip of the place: big cities have many. */
  const zipIn = (home: Place) => {
    const spread = home.weight >= 3 ? 60 : home.weight > 0 ? 8 : 1;
    return String(Number(home.zip) + Math.floor(rand() * spread)).padStart(5, '0');
  };
  return { pick, digits, surname, place, zipIn };
}

/** Records created over the last six years, in id order: the timestamps of record `sequence` of `total`. */
function timestamps(rand: () => number, sequence: number, total: number) {
  const end = Date.UTC(2026, 10, 1);
  const span = 6 * 365 * 24 * 3600 * 1000;
  const createdMs = end - span + Math.floor((sequence / total) * span) + Math.floor(rand() * 3600 * 1000);
  const created = new Date(createdMs).toISOString();
  const updated = rand() < 0.4 ? new Date(createdMs + Math.floor(rand() * 200 * 86400 * 1000)).toISOString() : created;
  return { created, updated };
}

type Rows = {
  cards: Insertable<DB['vc_card']>[];
  persons: Insertable<DB['vc_person']>[];
  fields: Insertable<DB['vc_field']>[];
  users: Insertable<DB['user_account']>[];
};

type NextIds = { user: number; card: number; person: number; address: number; field: number };

type Person = { firstname: string; lastname: string; email: string; username: string | null };

/** Builds the rows of users `from`..`to` (exclusive), the way createUser would have written them. */
function makeRowsFactory(roleId: number, passwordHash: string, total: number) {
  const rand = random(20_261_121);
  const { pick, digits, surname, place, zipIn } = peoplePickers(rand);
  const firstName = () => pick(FIRST_NAMES);
  const street = () => pick(STREETS);
  const domain = () => pick(MAIL_DOMAINS);

  const person = (sequence: number): Person => {
    const firstname = firstName();
    const lastname = surname();
    // (email, kind) is unique: the running number keeps it so, as a number would in real addresses.
    const email = `${mailName(firstname)}.${mailName(lastname)}${sequence}@${domain()}`;
    const username = rand() < 0.3 ? `${mailName(firstname)[0]}${mailName(lastname)}${sequence}` : null;
    return { firstname, lastname, email, username };
  };

  return (from: number, to: number, ids: NextIds): Rows => {
    const rows: Rows = { cards: [], persons: [], fields: [], users: [] };
    for (let sequence = from; sequence < to; sequence++) {
      const { firstname, lastname, email, username } = person(sequence);
      const home = place();
      const zip = zipIn(home);
      const { created, updated } = timestamps(rand, sequence, total);
      const phones = [{ key: 'phone-business', value: `+49 ${home.area} ${digits(3)}${digits(4)}` }];
      const emails = rand() < 0.6 ? [{ key: 'email-business', value: email }] : [];
      const cardId = ids.card++;
      const personId = ids.person++;
      rows.cards.push({
        id_vc_card: cardId,
        kind: 'user',
        name: `${firstname} ${lastname}`,
        sort_name: dinSortKey(`${firstname} ${lastname}`),
        id_organization: null,
        ratio_id: null,
        kuschick_id: null,
        created_at: created,
        updated_at: updated,
      });
      rows.persons.push({
        id_vc_person: personId,
        id_vc_card: cardId,
        first_name: firstname,
        surname: lastname,
        salutation: null,
        title: null,
      });
      // The order of cards.service.ts contactRows: e-mails first, then phones, each numbered from 0.
      emails.forEach((entry, position) =>
        rows.fields.push({
          id_vc_field: ids.field++,
          id_vc_person: personId,
          id_vc_field_type: FIELD_TYPE.email,
          key: entry.key,
          value: entry.value,
          position,
        }),
      );
      phones.forEach((entry, position) =>
        rows.fields.push({
          id_vc_field: ids.field++,
          id_vc_person: personId,
          id_vc_field_type: FIELD_TYPE.phone,
          key: entry.key,
          value: entry.value,
          position,
        }),
      );
      rows.users.push({
        id: ids.user++,
        kind: 'staff',
        email,
        password_hash: passwordHash,
        firstname,
        lastname,
        street: street(),
        number: String(1 + Math.floor(rand() * 120)),
        zip,
        city: home.city,
        country: 'Deutschland',
        nationality: null,
        state: home.state,
        sex: null,
        birthday: null,
        placeofbirth: null,
        maritalstatus: null,
        id_roles: roleId,
        status: null,
        username,
        is_driver: false,
        ratio_id: null,
        kuschick_id: null,
        is_active: rand() >= 0.03,
        avatar: null,
        id_vc_card: cardId,
        // users.service.ts userListKeys, field for field.
        search_text: buildSearchText([
          firstname,
          lastname,
          email,
          username,
          home.city,
          zip,
          null,
          null,
          ...phones.map((phone) => phone.value),
          ...phones.map((phone) => phoneSearchKey(phone.value)),
          ...emails.map((entry) => entry.value),
        ]),
        sort_lastname: dinSortKey(lastname),
        sort_firstname: dinSortKey(firstname),
        sort_phone: phoneSearchKey(phones[0]!.value),
        created_at: created,
        updated_at: updated,
      });
    }
    return rows;
  };
}

type CustomerRows = {
  cards: Insertable<DB['vc_card']>[];
  persons: Insertable<DB['vc_person']>[];
  addresses: Insertable<DB['vc_address']>[];
  fields: Insertable<DB['vc_field']>[];
};

/**
 * Builds the rows of customers `from`..`to` (exclusive) as createCustomer writes them for a body like the
 * seed's makeCustomerBody: a card of kind customer named "Surname, First name", its person, its address,
 * the phones (mobile, half of them also a private landline) and one private e-mail, and the card's
 * search_text as customers.service.ts customerSearchText computes it.
 */
function makeCustomerRowsFactory(agencyIds: readonly number[], total: number) {
  const rand = random(20_261_122);
  const { pick, digits, surname, place, zipIn } = peoplePickers(rand);
  const two = (value: number) => String(value).padStart(2, '0');

  return (from: number, to: number, ids: NextIds): CustomerRows => {
    const rows: CustomerRows = { cards: [], persons: [], addresses: [], fields: [] };
    for (let sequence = from; sequence < to; sequence++) {
      const n = FIRST_CUSTOMER_NUMBER + sequence;
      const female = rand() < 0.5;
      const firstName = pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
      const lastName = surname();
      const home = place();
      const zip = zipIn(home);
      const address = `${pick(STREETS)} ${1 + Math.floor(rand() * 120)}`;
      const birthday = `19${40 + Math.floor(rand() * 60)}-${two(1 + Math.floor(rand() * 12))}-${two(1 + Math.floor(rand() * 28))}`;
      const customerType = rand() < 0.6 ? 'regular' : 'new';
      // About 10 % are the agencies' customers, the rest the operator's own.
      const owner = rand();
      const agencyId = owner < 0.05 ? agencyIds[0]! : owner < 0.1 ? agencyIds[1 % agencyIds.length]! : null;
      const ratioId = String(200_000 + n);
      const phones = [
        {
          key: 'phone-mobile',
          value: `+49 1${60 + Math.floor(rand() * 20)} ${1_000_000 + Math.floor(rand() * 8_999_999)}`,
        },
        ...(rand() < 0.5 ? [{ key: 'phone-private', value: `0${home.area} ${digits(6)}` }] : []),
      ];
      const email = {
        key: 'email-private',
        value: `${mailName(firstName)}.${mailName(lastName)}.${n}@${pick(PRIVATE_MAIL_DOMAINS)}`,
      };
      const { created, updated } = timestamps(rand, sequence, total);
      const cardId = ids.card++;
      const personId = ids.person++;
      rows.cards.push({
        id_vc_card: cardId,
        kind: 'customer',
        name: customerCardName(firstName, lastName),
        sort_name: dinSortKey(customerCardName(firstName, lastName)),
        id_organization: agencyId,
        ratio_id: ratioId,
        kuschick_id: null,
        customer_type: customerType,
        is_driver: false,
        // customers.service.ts customerListKeys, field for field (the id is the card's).
        search_text: buildSearchText([
          cardId,
          firstName,
          lastName,
          address,
          zip,
          home.city,
          'Deutschland',
          ratioId,
          null,
          null,
          ...phones.map((phone) => phone.value),
          ...phones.map((phone) => phoneSearchKey(phone.value)),
          email.value,
        ]),
        sort_phone: phoneSearchKey(phones[0]!.value),
        sort_email: email.value.toLowerCase(),
        created_at: created,
        updated_at: updated,
      });
      rows.persons.push({
        id_vc_person: personId,
        id_vc_card: cardId,
        salutation: female ? 1 : 0,
        title: null,
        first_name: firstName,
        surname: lastName,
        birthday,
        passport_valid_until: null,
      });
      rows.addresses.push({
        id_vc_address: ids.address++,
        id_vc_person: personId,
        street: address,
        zip,
        city: home.city,
        country: 'Deutschland',
        state: home.state,
        external_id: null,
      });
      // The order of cards.service.ts saveContactRows: phones first, then e-mails, each numbered from 0.
      phones.forEach((entry, position) =>
        rows.fields.push({
          id_vc_field: ids.field++,
          id_vc_person: personId,
          id_vc_field_type: FIELD_TYPE.phone,
          key: entry.key,
          value: entry.value,
          position,
        }),
      );
      rows.fields.push({
        id_vc_field: ids.field++,
        id_vc_person: personId,
        id_vc_field_type: FIELD_TYPE.email,
        key: email.key,
        value: email.value,
        position: 0,
      });
    }
    return rows;
  };
}

type IdTable = 'user_account' | 'vc_card' | 'vc_person' | 'vc_address' | 'vc_field';

const ID_COLUMNS: ReadonlyArray<readonly [IdTable, string]> = [
  ['user_account', 'id'],
  ['vc_card', 'id_vc_card'],
  ['vc_person', 'id_vc_person'],
  ['vc_address', 'id_vc_address'],
  ['vc_field', 'id_vc_field'],
];

async function maxId(db: Database, table: IdTable, column: string) {
  const row = await db
    .selectFrom(table)
    .select(sql<number | null>`max(${sql.ref(column)})`.as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** The next free id of every table the generators write (they assign ids themselves). */
async function nextIds(db: Database): Promise<NextIds> {
  return {
    user: (await maxId(db, 'user_account', 'id')) + 1,
    card: (await maxId(db, 'vc_card', 'id_vc_card')) + 1,
    person: (await maxId(db, 'vc_person', 'id_vc_person')) + 1,
    address: (await maxId(db, 'vc_address', 'id_vc_address')) + 1,
    field: (await maxId(db, 'vc_field', 'id_vc_field')) + 1,
  };
}

/** Inserts one table's rows in multi-row statements of ROWS_PER_INSERT. */
async function insertInBatches<T extends IdTable>(db: Database, table: T, rows: Insertable<DB[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
}

/** Cards and persons before the rows that point at them. */
async function insertRows(db: Database, rows: Rows): Promise<void> {
  await insertInBatches(db, 'vc_card', rows.cards);
  await insertInBatches(db, 'vc_person', rows.persons);
  await insertInBatches(db, 'user_account', rows.users);
  await insertInBatches(db, 'vc_field', rows.fields);
}

async function insertCustomerRows(db: Database, rows: CustomerRows): Promise<void> {
  await insertInBatches(db, 'vc_card', rows.cards);
  await insertInBatches(db, 'vc_person', rows.persons);
  await insertInBatches(db, 'vc_address', rows.addresses);
  await insertInBatches(db, 'vc_field', rows.fields);
}

/**
 * Adds `count` staff users with the office role, with card, person and contact rows, in multi-row inserts
 * (ids assigned here, so each row can point at its card and person). Call `finishLoad` afterwards.
 */
export async function generateUsers(handle: DatabaseHandle, count: number, log: (line: string) => void): Promise<void> {
  const { db } = handle;
  const role = await db.selectFrom('role').select('id_roles').where('role', '=', 'office').executeTakeFirst();
  if (!role) throw new Error('the demo data has no office role');
  const passwordHash = await hashPassword(GENERATED_PASSWORD);
  const ids = await nextIds(db);
  const makeRows = makeRowsFactory(role.id_roles, passwordHash, count);
  const started = performance.now();
  let reported = 0;
  for (let from = 0; from < count; from += USERS_PER_TRANSACTION) {
    const to = Math.min(count, from + USERS_PER_TRANSACTION);
    const rows = makeRows(from, to, ids);
    await db.transaction().execute((trx) => insertRows(trx, rows));
    if (to - reported >= 50_000 || to === count) {
      reported = to;
      log(`  ${to.toLocaleString('en')} users (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
}

/**
 * Adds `count` customers (card, person, address, phones and e-mail, search_text) in multi-row inserts,
 * 10,000 customers per transaction, ids assigned here. About 10 % belong to one of the two demo agencies.
 * Call `finishLoad` afterwards.
 */
export async function generateCustomers(
  handle: DatabaseHandle,
  count: number,
  log: (line: string) => void,
): Promise<void> {
  const { db } = handle;
  const agencies = await db
    .selectFrom('organization')
    .select('id')
    .where(
      'name',
      'in',
      DEMO_AGENCIES.map((agency) => agency.name),
    )
    .orderBy('id')
    .execute();
  if (agencies.length === 0) throw new Error('the demo data has no agencies');
  const ids = await nextIds(db);
  const makeRows = makeCustomerRowsFactory(
    agencies.map((agency) => agency.id),
    count,
  );
  const started = performance.now();
  let reported = 0;
  for (let from = 0; from < count; from += CUSTOMERS_PER_TRANSACTION) {
    const to = Math.min(count, from + CUSTOMERS_PER_TRANSACTION);
    const rows = makeRows(from, to, ids);
    await db.transaction().execute((trx) => insertCustomerRows(trx, rows));
    if (to - reported >= 50_000 || to === count) {
      reported = to;
      log(`  ${to.toLocaleString('en')} customers (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
}

/** After a bulk load: sequences past the given ids (PostgreSQL) and fresh planner statistics. */
export async function finishLoad(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  if (handle.dialect === 'postgres') {
    // The ids were given explicitly: move the serial sequences past them, as if the rows had used them.
    for (const [table, column] of ID_COLUMNS) {
      await sql`select setval(pg_get_serial_sequence(${table}, ${column}), greatest(1, (select max(${sql.ref(column)}) from ${sql.table(table)})))`.execute(
        db,
      );
    }
    // VACUUM as autovacuum would soon after a bulk load (visibility map, so counts can use index-only
    // scans), and ANALYZE for the planner statistics.
    await sql`vacuum (analyze)`.execute(db);
  } else {
    await sql`analyze`.execute(db);
    await sql`pragma optimize`.execute(db);
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  }
}
