import {
  dinSortKey,
  type EmailEntry,
  type EmailRowInput,
  type EmailType,
  type PhoneEntry,
  type PhoneRowInput,
  type PhoneType,
  type VcField,
} from '@tourdesk/contracts';
import type { Insertable } from 'kysely';
import { invalidField } from '../../lib/errors.ts';
import { toBool } from '../../db/dialect.ts';
import type { DbContext } from '../../types.ts';
import type { CardKind, VcFieldTable } from './cards.table.ts';
import {
  deleteCard,
  deleteFieldsByIds,
  deleteFieldsOfPerson,
  findAddressIdOfPerson,
  findCardKind,
  findCardsWithEmails,
  findFieldsOfPerson,
  insertAddress,
  updateAddress,
  updateField,
  findFieldsOfCards,
  findPersonIdOfCard,
  insertCard,
  insertFields,
  insertPerson,
  updateCard,
  updatePersonOfCard,
} from './cards.repository.ts';

/** id_vc_field_type of a contact row. */
export const FIELD_TYPE = { email: 1, phone: 2 } as const;

export type CardContacts = { phones: PhoneEntry[]; emails: EmailEntry[] };

export type CardInput = {
  kind: CardKind;
  name: string;
  agencyId?: number | null;
  ratioId?: string | null;
  kuschickId?: string | null;
  customerType?: string;
  isDriver?: boolean;
  person: {
    firstName: string | null;
    surname: string | null;
    salutation?: number | null;
    title?: number | null;
    birthday?: string | null;
    passportValidUntil?: string | null;
  };
  contacts?: CardContacts;
  /** The person's address; written when any field is given. */
  address?: AddressInput;
  /** Contact rows as customers and agencies send them; an empty list gets its default row (spec §3). */
  contactRows?: ContactRowsInput;
  /** What lists search and sort the card by (search text, first phone and e-mail); may name the card's own id. */
  listKeys?: (cardId: number) => CardListKeys;
};

/** The columns a card list searches and sorts by besides the name, kept in step with the record on every write. */
export type CardListKeys = { search_text: string; sort_phone: string | null; sort_email: string | null };

const contactRows = (personId: number, contacts: CardContacts) => [
  ...contacts.emails.map((entry, position) => ({
    id_vc_person: personId,
    id_vc_field_type: FIELD_TYPE.email,
    key: entry.key,
    value: entry.value,
    position,
  })),
  ...contacts.phones.map((entry, position) => ({
    id_vc_person: personId,
    id_vc_field_type: FIELD_TYPE.phone,
    key: entry.key,
    value: entry.value,
    position,
  })),
];

const definedValues = <T extends object>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;

/**
 * Creates a card with its person, address and contact rows in one statement per table (plus one for the
 * list keys when they name the id); returns the card id. Call inside a transaction.
 */
export async function createCard(ctx: DbContext, input: CardInput): Promise<number> {
  const now = new Date().toISOString();
  const cardId = await insertCard(ctx.db, {
    kind: input.kind,
    name: input.name,
    sort_name: dinSortKey(input.name),
    id_organization: input.agencyId ?? null,
    ratio_id: input.ratioId ?? null,
    kuschick_id: input.kuschickId ?? null,
    ...(input.customerType !== undefined ? { customer_type: input.customerType } : {}),
    ...(input.isDriver !== undefined ? { is_driver: input.isDriver } : {}),
    created_at: now,
    updated_at: now,
  });
  const personId = await insertPerson(ctx.db, {
    id_vc_card: cardId,
    first_name: input.person.firstName,
    surname: input.person.surname,
    salutation: input.person.salutation ?? null,
    title: input.person.title ?? null,
    birthday: input.person.birthday ?? null,
    passport_valid_until: input.person.passportValidUntil ?? null,
  });
  const address = definedValues(input.address ?? {});
  if (Object.keys(address).length > 0) await insertAddress(ctx.db, { id_vc_person: personId, ...address });
  await insertFields(ctx.db, [
    ...(input.contacts ? contactRows(personId, input.contacts) : []),
    ...(input.contactRows ? newContactRows(personId, input.contactRows) : []),
  ]);
  if (input.listKeys) await updateCard(ctx.db, cardId, input.listKeys(cardId));
  return cardId;
}

/**
 * Updates what is given, one statement per table; contact lists given replace the stored ones. Call inside
 * a transaction.
 */
export async function updateCardData(
  ctx: DbContext,
  cardId: number,
  input: Partial<Omit<CardInput, 'kind' | 'address' | 'contactRows'>>,
): Promise<void> {
  const card: Parameters<typeof updateCard>[2] = { updated_at: new Date().toISOString() };
  if (input.name !== undefined) {
    card.name = input.name;
    card.sort_name = dinSortKey(input.name);
  }
  if (input.agencyId !== undefined) card.id_organization = input.agencyId;
  if (input.ratioId !== undefined) card.ratio_id = input.ratioId;
  if (input.kuschickId !== undefined) card.kuschick_id = input.kuschickId;
  if (input.customerType !== undefined) card.customer_type = input.customerType;
  if (input.isDriver !== undefined) card.is_driver = input.isDriver;
  if (input.listKeys) Object.assign(card, input.listKeys(cardId));
  await updateCard(ctx.db, cardId, card);
  if (input.person) {
    const { person } = input;
    await updatePersonOfCard(ctx.db, cardId, {
      first_name: person.firstName,
      surname: person.surname,
      ...definedValues({
        salutation: person.salutation,
        title: person.title,
        birthday: person.birthday,
        passport_valid_until: person.passportValidUntil,
      }),
    });
  }
  if (input.contacts) {
    const personId = await findPersonIdOfCard(ctx.db, cardId);
    if (personId !== undefined) {
      await deleteFieldsOfPerson(ctx.db, personId);
      await insertFields(ctx.db, contactRows(personId, input.contacts));
    }
  }
}

export const removeCard = (ctx: DbContext, cardId: number) => deleteCard(ctx.db, cardId);

/** Phone and e-mail lists per card id, loaded for many cards at once. */
export async function contactsOfCards(ctx: DbContext, cardIds: readonly number[]): Promise<Map<number, CardContacts>> {
  const byCard = new Map<number, CardContacts>();
  for (const row of await findFieldsOfCards(ctx.db, cardIds)) {
    let contacts = byCard.get(row.id_vc_card);
    if (!contacts) byCard.set(row.id_vc_card, (contacts = { phones: [], emails: [] }));
    if (row.id_vc_field_type === FIELD_TYPE.email)
      contacts.emails.push({ key: row.key as EmailType, value: row.value });
    else contacts.phones.push({ key: row.key as PhoneType, value: row.value });
  }
  return byCard;
}

/** Every contact row of many cards at once, as the API shows them (spec §3 "Card"). */
export async function fieldRowsOfCards(ctx: DbContext, cardIds: readonly number[]): Promise<Map<number, VcField[]>> {
  const byCard = new Map<number, VcField[]>();
  for (const row of await findFieldsOfCards(ctx.db, cardIds)) {
    let rows = byCard.get(row.id_vc_card);
    if (!rows) byCard.set(row.id_vc_card, (rows = []));
    rows.push({
      id_vc_field: row.id_vc_field,
      id_vc_person: row.id_vc_person,
      id_vc_field_type: row.id_vc_field_type === FIELD_TYPE.email ? 1 : 2,
      key: row.key,
      value: row.value,
      drop: toBool(row.drop),
    });
  }
  return byCard;
}

export type ContactRowsInput = { phones?: PhoneRowInput[]; emails?: EmailRowInput[] };

const CONTACT_LISTS = [
  { type: FIELD_TYPE.phone, list: 'phones', fallback: 'phone-business' },
  { type: FIELD_TYPE.email, list: 'emails', fallback: 'email-business' },
] as const;

/** The rows a new person gets from the sent lists: dropped rows left out, an empty list its default row. */
function newContactRows(personId: number, input: ContactRowsInput) {
  return CONTACT_LISTS.flatMap(({ type, list, fallback }) => {
    const kept = (input[list] ?? []).filter((row) => !row.drop);
    const rows = kept.length > 0 ? kept : [{ key: fallback, value: '' }];
    return rows.map((row, position) => ({
      id_vc_person: personId,
      id_vc_field_type: type,
      key: row.key,
      value: row.value,
      position,
    }));
  });
}

type StoredContactRow = { id_vc_field: number; id_vc_field_type: number; key: string; value: string };

/**
 * Saves a person's phone and e-mail rows. A list that is sent replaces the stored one: rows with an id
 * are updated (when changed), rows without one added, rows left out or marked `drop` removed — in one
 * statement each for removing and adding. A person always keeps at least one row of each: an empty
 * `phone-business` and `email-business` row is added when a list is empty (spec §3). `stored` spares
 * reading the rows again when the caller has them. Call inside a transaction.
 */
export async function saveContactRows(
  ctx: DbContext,
  personId: number,
  input: ContactRowsInput,
  stored?: readonly StoredContactRow[],
): Promise<void> {
  const existing = stored ?? (await findFieldsOfPerson(ctx.db, personId));
  const removed: number[] = [];
  const added: Insertable<VcFieldTable>[] = [];
  const changed: Array<{ id: number; key: string; value: string; position: number }> = [];
  for (const { type, list, fallback } of CONTACT_LISTS) {
    const rows = input[list];
    const current = existing.filter((row) => row.id_vc_field_type === type);
    if (!rows) {
      if (current.length === 0)
        added.push({ id_vc_person: personId, id_vc_field_type: type, key: fallback, value: '', position: 0 });
      continue;
    }
    for (const [index, row] of rows.entries()) {
      if (row.id_vc_field && !current.some((candidate) => candidate.id_vc_field === row.id_vc_field)) {
        throw invalidField(`${list}.${index}.id_vc_field`, 'error.invalid');
      }
    }
    const keep = rows.filter((row) => !row.drop);
    const keptIds = new Set(keep.flatMap((row) => (row.id_vc_field ? [row.id_vc_field] : [])));
    removed.push(...current.filter((row) => !keptIds.has(row.id_vc_field)).map((row) => row.id_vc_field));
    const positions = current.map((row) => row.id_vc_field);
    for (const [position, row] of keep.entries()) {
      if (!row.id_vc_field) {
        added.push({ id_vc_person: personId, id_vc_field_type: type, key: row.key, value: row.value, position });
        continue;
      }
      const before = current.find((candidate) => candidate.id_vc_field === row.id_vc_field)!;
      if (before.key !== row.key || before.value !== row.value || positions.indexOf(row.id_vc_field) !== position)
        changed.push({ id: row.id_vc_field, key: row.key, value: row.value, position });
    }
    if (keep.length === 0)
      added.push({ id_vc_person: personId, id_vc_field_type: type, key: fallback, value: '', position: 0 });
  }
  await deleteFieldsByIds(ctx.db, removed);
  for (const row of changed)
    await updateField(ctx.db, row.id, { key: row.key, value: row.value, position: row.position });
  await insertFields(ctx.db, added);
}

/** Refuses e-mail addresses that another card of the same kind already holds (error.emailExists at the row). */
export async function assertEmailsFree(
  ctx: DbContext,
  kind: CardKind,
  emails: readonly EmailRowInput[] | undefined,
  exceptCardId?: number,
): Promise<void> {
  const values = (emails ?? []).filter((row) => !row.drop && row.value !== '').map((row) => row.value);
  const taken = await findCardsWithEmails(ctx.db, kind, values, exceptCardId);
  if (taken.length === 0) return;
  const index = (emails ?? []).findIndex((row) => !row.drop && row.value === taken[0]!.value);
  throw invalidField(`emails.${index}.value`, 'error.emailExists');
}

export type AddressInput = {
  street?: string | null;
  zip?: string | null;
  city?: string | null;
  country?: string | null;
  state?: string | null;
  external_id?: string | null;
};

/** Writes the given address fields of a person (creating the address on first use). Call inside a transaction. */
export async function saveAddress(ctx: DbContext, personId: number, input: AddressInput): Promise<void> {
  const values = definedValues(input);
  if (Object.keys(values).length === 0) return;
  const id = await findAddressIdOfPerson(ctx.db, personId);
  if (id === undefined) await insertAddress(ctx.db, { id_vc_person: personId, ...values });
  else await updateAddress(ctx.db, id, values);
}

/** The person of a card (every card has exactly one). */
export async function personIdOfCard(ctx: DbContext, cardId: number): Promise<number> {
  const id = await findPersonIdOfCard(ctx.db, cardId);
  if (id === undefined) throw new Error(`card ${cardId} has no person`);
  return id;
}

export const cardKindOf = (ctx: DbContext, cardId: number): Promise<CardKind | undefined> =>
  findCardKind(ctx.db, cardId);

/** A person's contact rows split into phones and e-mails, with the first non-empty of each (one pass: list pages). */
export function splitContacts(rows: readonly VcField[]) {
  const phones: VcField[] = [];
  const emails: VcField[] = [];
  let phone: string | null = null;
  let email: string | null = null;
  for (const row of rows) {
    if (row.id_vc_field_type === FIELD_TYPE.phone) {
      phones.push(row);
      if (phone === null && row.value !== '') phone = row.value;
    } else if (row.id_vc_field_type === FIELD_TYPE.email) {
      emails.push(row);
      if (email === null && row.value !== '') email = row.value;
    }
  }
  return { phones, emails, phone, email };
}

type AddressColumns = { street?: string | null; zip?: string | null; city?: string | null; country?: string | null };

/** The address and contact fields every card-backed record answers with (customers, agencies). */
export const addressAndContacts = (row: AddressColumns, contactRows: readonly VcField[]) => ({
  address: row.street ?? null,
  zip: row.zip ?? null,
  city: row.city ?? null,
  country: row.country ?? null,
  ...splitContacts(contactRows),
});
