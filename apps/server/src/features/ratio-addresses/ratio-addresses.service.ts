import {
  EMAIL_TYPES,
  PHONE_TYPES,
  RATIO_ADDRESS_FIELD_NAMES,
  type CreateRatioAddressBody,
  type Customer,
  type EmailRowInput,
  type EmailType,
  type PhoneRowInput,
  type PhoneType,
  type RatioAddress,
  type RatioAddressBody,
  type RatioAddressField,
  type RatioAddressInput,
  type UpdateCustomerBody,
} from '@tourdesk/contracts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import { ApiError, conflict, invalidField, notFound } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import {
  createCustomer,
  deleteCustomer,
  getCustomer,
  scopedAgency,
  updateCustomer,
  type CustomerScope,
} from '../customers/customers.service.ts';
import {
  findCardIdByKennziffer,
  findStoredFields,
  isKennzifferTaken,
  saveStoredFields,
} from './ratio-addresses.repository.ts';

/**
 * The customer as a RATIO address record (docs/adr/0015). The fields the customer card models are read from
 * and written to the card through the customers service (so search text, sort keys, contact rules, agency
 * scope and delete guards stay the customers' own); every other field of the record is kept as sent in
 * `ratio_address.fields`. Nothing a client sends is dropped.
 */

type StoredFields = Partial<Record<RatioAddressField, string | number>>;

/** vc_person.salutation codes (select options 0–2) as RATIO's anrede, and the texts read as each code. */
const SALUTATION_WORDS = ['Herr', 'Frau', 'Divers'] as const;
const SALUTATION_CODES: Record<string, number> = { herr: 0, mr: 0, frau: 1, ms: 1, mrs: 1, divers: 2, mx: 2 };
/** vc_person.title codes (select options 1–3; 0 is "none") as RATIO's titel. */
const TITLE_WORDS = [null, 'Dr.', 'Prof.', 'Prof. Dr.'] as const;
const TITLE_CODES: Record<string, number> = { dr: 1, prof: 2, profdr: 3 };

export const salutationCode = (text: string): number | undefined =>
  SALUTATION_CODES[text.trim().toLowerCase().replace(/\.$/, '')];
export const titleCode = (text: string): number | undefined => TITLE_CODES[text.toLowerCase().replaceAll(/[\s.]/g, '')];

/** Which contact row of the card each contact field of the record is: the first of its kind. */
const PHONE_FIELDS = {
  telefon1: 'phone-private',
  telefon2: 'phone-business',
  mobil: 'phone-mobile',
  fax: 'phone-fax',
} as const;
const EMAIL_FIELDS = { email: 'email-private', email2: 'email-business' } as const;
type PhoneField = keyof typeof PHONE_FIELDS;
type EmailField = keyof typeof EMAIL_FIELDS;

/** Every field the card models (also the ones only partly: anrede and titel keep other texts as sent). */
export const CARD_FIELDS = [
  'kennziffer',
  'anrede',
  'titel',
  'name1',
  'vorname',
  'strasse',
  'plz',
  'ort',
  'land',
  'staat',
  ...(Object.keys(PHONE_FIELDS) as PhoneField[]),
  ...(Object.keys(EMAIL_FIELDS) as EmailField[]),
  'geburtstag',
  'pass_gueltig_bis',
  'stammkunde',
  'agentur',
  'kuschick_nr',
  'externe_id',
  'erfasst_am',
  'bearbeitet',
] as const satisfies readonly RatioAddressField[];
const CARD_FIELD_SET = new Set<RatioAddressField>(CARD_FIELDS);

const firstOfKind = (rows: ReadonlyArray<{ key: string; value: string }>, key: string) =>
  rows.find((row) => row.key === key && row.value !== '')?.value ?? null;
const nonEmpty = (value: string | null) => (value === '' ? null : value);

/** The whole record: the card's fields, then the stored rest, every field present (null when empty). */
export function toRatioAddress(customer: Customer, stored: StoredFields): RatioAddress {
  const record = Object.fromEntries(
    RATIO_ADDRESS_FIELD_NAMES.map((name) => [name, CARD_FIELD_SET.has(name) ? null : (stored[name] ?? null)]),
  ) as RatioAddress;
  const fromCard: Partial<RatioAddress> = {
    kennziffer: customer.ratio_id ?? String(customer.id),
    anrede:
      customer.salutation !== null
        ? (SALUTATION_WORDS[customer.salutation] ?? null)
        : typeof stored.anrede === 'string'
          ? stored.anrede
          : null,
    titel:
      customer.title !== null && customer.title > 0
        ? (TITLE_WORDS[customer.title] ?? null)
        : typeof stored.titel === 'string'
          ? stored.titel
          : null,
    name1: nonEmpty(customer.surname),
    vorname: nonEmpty(customer.firstName),
    strasse: customer.address,
    plz: customer.zip,
    ort: customer.city,
    land: customer.country,
    staat: customer.state,
    geburtstag: customer.birthday,
    pass_gueltig_bis: customer.passportValidUntil,
    stammkunde: customer.customerType === 'regular' ? 1 : 0,
    agentur: customer.agencyId,
    kuschick_nr: customer.kuschick_id,
    externe_id: customer.external_id,
    erfasst_am: customer.createdAt,
    bearbeitet: customer.updatedAt,
  };
  for (const [field, kind] of Object.entries(PHONE_FIELDS))
    fromCard[field as PhoneField] = firstOfKind(customer.phones, kind);
  for (const [field, kind] of Object.entries(EMAIL_FIELDS))
    fromCard[field as EmailField] = firstOfKind(customer.emails, kind);
  return Object.assign(record, fromCard);
}

/** The stored rest after a write: sent values replace, null clears, absent fields stay. */
function nextStored(current: StoredFields, input: RatioAddressInput): StoredFields {
  const next: StoredFields = { ...current };
  for (const name of RATIO_ADDRESS_FIELD_NAMES) {
    if (CARD_FIELD_SET.has(name)) continue;
    const value = input[name];
    if (value === undefined) continue;
    if (value === null) delete next[name];
    else next[name] = value;
  }
  // anrede and titel: a text the card has a code for goes to the card, any other is kept as sent.
  for (const [name, code] of [
    ['anrede', salutationCode],
    ['titel', titleCode],
  ] as const) {
    const value = input[name];
    if (value === undefined) continue;
    if (value === null || code(value) !== undefined) delete next[name];
    else next[name] = value;
  }
  return next;
}

const isPhoneType = (key: string): key is PhoneType => (PHONE_TYPES as readonly string[]).includes(key);
const isEmailType = (key: string): key is EmailType => (EMAIL_TYPES as readonly string[]).includes(key);

/**
 * The card's contact list after a write of the record's contact fields: the first row of the field's kind
 * gets the sent value (or is added), null removes it; other rows stay. Undefined when no field of the list
 * was sent. `fieldAt` says which record field each row came from (to name it in an error).
 */
function nextRows<F extends string, K extends string>(
  fields: Record<F, K>,
  current: ReadonlyArray<{ id_vc_field: number; key: string; value: string }>,
  input: RatioAddressInput,
  isKind: (key: string) => key is K,
) {
  const sent = (Object.keys(fields) as F[]).filter((field) => input[field as RatioAddressField] !== undefined);
  if (sent.length === 0) return undefined;
  const rows: Array<{ id_vc_field?: number; key: K; value: string; drop?: boolean; field?: F }> = current.flatMap(
    (row) => (isKind(row.key) ? [{ id_vc_field: row.id_vc_field, key: row.key, value: row.value }] : []),
  );
  for (const field of sent) {
    const kind = fields[field];
    const value = input[field as RatioAddressField] as string | null;
    let index = rows.findIndex((row) => row.key === kind && row.value !== '' && !row.drop);
    if (index < 0) index = rows.findIndex((row) => row.key === kind && !row.drop);
    if (value === null) {
      if (index >= 0) rows[index]!.drop = true;
    } else if (index >= 0) {
      rows[index] = { ...rows[index]!, value, field };
    } else {
      rows.push({ key: kind, value, field });
    }
  }
  const fieldAt = rows.map((row) => row.field);
  return { rows: rows.map(({ field: _field, ...row }) => row), fieldAt };
}

/** The customer fields a record write sets (undefined: unchanged), and which record field each error names. */
export function customerChanges(input: RatioAddressInput, current: Customer | undefined) {
  const phones = nextRows(PHONE_FIELDS, current?.phones ?? [], input, isPhoneType);
  const emails = nextRows(EMAIL_FIELDS, current?.emails ?? [], input, isEmailType);
  const codeOf = (value: string | null | undefined, code: (text: string) => number | undefined) =>
    value === undefined ? undefined : value === null ? null : (code(value) ?? null);
  const body: UpdateCustomerBody = {
    surname: input.name1 ?? undefined,
    firstName: input.vorname === undefined ? undefined : (input.vorname ?? ''),
    salutation: codeOf(input.anrede, salutationCode),
    title: codeOf(input.titel, titleCode),
    address: input.strasse,
    zip: input.plz,
    city: input.ort,
    country: input.land,
    state: input.staat,
    birthday: input.geburtstag,
    passportValidUntil: input.pass_gueltig_bis,
    customerType: input.stammkunde === undefined ? undefined : input.stammkunde ? 'regular' : 'new',
    agencyId: input.agentur,
    kuschick_id: input.kuschick_nr,
    external_id: input.externe_id,
    ratio_id: input.kennziffer,
    phones: phones?.rows as PhoneRowInput[] | undefined,
    emails: emails?.rows as EmailRowInput[] | undefined,
  };
  for (const key of Object.keys(body) as Array<keyof UpdateCustomerBody>) if (body[key] === undefined) delete body[key];
  /** The customers service names its own fields; the record's client knows only the record's. */
  const fieldNames = (field: string) => {
    if (field === 'agencyId') return 'agentur';
    const row = /^(phones|emails)\.(\d+)\./.exec(field);
    if (row) {
      const named = (row[1] === 'phones' ? phones : emails)?.fieldAt[Number(row[2])];
      return named ?? (row[1] === 'phones' ? 'telefon1' : 'email');
    }
    return field;
  };
  return { body, fieldNames };
}

/** Runs a write, answering the record's field names in a refusal, and 409 when a kennziffer is taken meanwhile. */
async function asRecordWrite<T>(fieldNames: (field: string) => string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('error.addressExists');
    if (error instanceof ApiError && error.errors) {
      const renamed = new ApiError(
        error.statusCode,
        error.key,
        error.errors.map((entry) => ({ ...entry, field: fieldNames(entry.field) })),
      );
      throw renamed;
    }
    throw error;
  }
}

const parseStored = (json: string | undefined): StoredFields => (json ? (JSON.parse(json) as StoredFields) : {});

/**
 * Keeps the fields of a record the card does not model, as a write through this API would (sent values replace,
 * null clears, absent fields stay): the customer import writes ratio's records with it (docs/adr/0031).
 */
export async function storeRecordRest(
  ctx: DbContext,
  cardId: number,
  kennziffer: string | null,
  input: RatioAddressInput,
): Promise<void> {
  const stored = nextStored(parseStored(await findStoredFields(ctx.db, cardId)), input);
  await saveStoredFields(ctx.db, cardId, kennziffer, JSON.stringify(stored));
}

async function cardIdOf(ctx: DbContext, kennziffer: string, scope: CustomerScope): Promise<number> {
  const id = await findCardIdByKennziffer(ctx.db, kennziffer, scopedAgency(scope));
  if (id === undefined) throw notFound();
  return id;
}

async function readRecord(ctx: DbContext, cardId: number, scope: CustomerScope): Promise<RatioAddress> {
  const customer = await getCustomer(ctx, cardId, scope);
  return toRatioAddress(customer, parseStored(await findStoredFields(ctx.db, cardId)));
}

/** GET /ratio/api/addresses/{kennziffer} */
export async function getRatioAddress(ctx: DbContext, kennziffer: string, scope: CustomerScope) {
  return readRecord(ctx, await cardIdOf(ctx, kennziffer, scope), scope);
}

/** POST /ratio/api/addresses: a new customer; 409 when the kennziffer is taken (by any agency's customer). */
export async function createRatioAddress(ctx: DbContext, input: CreateRatioAddressBody, scope: CustomerScope) {
  const { body, fieldNames } = customerChanges(input, undefined);
  const cardId = await asRecordWrite(fieldNames, () =>
    inTransaction(ctx, async (trx) => {
      if (input.kennziffer && (await isKennzifferTaken(trx.db, input.kennziffer)))
        throw conflict('error.addressExists');
      const created = await createCustomer(
        trx,
        { ...body, firstName: body.firstName ?? '', surname: input.name1 },
        scope,
      );
      await saveStoredFields(trx.db, created.id, created.ratio_id, JSON.stringify(nextStored({}, input)));
      return created.id;
    }),
  );
  return readRecord(ctx, cardId, { kind: 'all' });
}

/**
 * PUT /ratio/api/addresses/{kennziffer}: the fields sent are written (null clears one), the others stay. The
 * kennziffer names the record and is not changed here.
 */
export async function updateRatioAddress(
  ctx: DbContext,
  kennziffer: string,
  input: RatioAddressBody,
  scope: CustomerScope,
) {
  if (input.name1 === null) throw invalidField('name1', 'error.empty');
  const cardId = await inTransaction(ctx, async (trx) => {
    const id = await cardIdOf(trx, kennziffer, scope);
    const current = await getCustomer(trx, id, scope);
    const currentKennziffer = current.ratio_id ?? String(current.id);
    if (input.kennziffer !== undefined && input.kennziffer !== currentKennziffer)
      throw invalidField('kennziffer', 'error.invalid');
    const { kennziffer: _same, ...rest } = input;
    const { body, fieldNames } = customerChanges(rest, current);
    await asRecordWrite(fieldNames, async () => {
      await updateCustomer(trx, id, body, scope);
      const stored = nextStored(parseStored(await findStoredFields(trx.db, id)), input);
      await saveStoredFields(trx.db, id, current.ratio_id, JSON.stringify(stored));
    });
    return id;
  });
  return readRecord(ctx, cardId, scope);
}

/** DELETE /ratio/api/addresses/{kennziffer}: deletes the customer (with the customers' guards); answers the record. */
export async function deleteRatioAddress(ctx: DbContext, kennziffer: string, scope: CustomerScope) {
  const cardId = await cardIdOf(ctx, kennziffer, scope);
  const record = await readRecord(ctx, cardId, scope);
  await deleteCustomer(ctx, cardId, scope);
  return record;
}
