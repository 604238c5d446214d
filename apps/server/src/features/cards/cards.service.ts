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
import { invalidField } from '../../lib/errors.ts';
import { toBool } from '../../db/dialect.ts';
import type { DbContext } from '../../types.ts';
import type { CardKind } from './cards.table.ts';
import {
  deleteCard,
  deleteFieldsByIds,
  deleteFieldsOfPerson,
  findAddressIdOfPerson,
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
  person: { firstName: string | null; surname: string | null; salutation?: number | null; title?: number | null };
  contacts?: CardContacts;
};

const contactRows = (personId: number, contacts: CardContacts) => [
  ...contacts.emails.map((entry, position) => ({
    id_vc_person: personId,
    id_vc_field_type: FIELD_TYPE.email,
    key: entry.type,
    value: entry.value,
    position,
  })),
  ...contacts.phones.map((entry, position) => ({
    id_vc_person: personId,
    id_vc_field_type: FIELD_TYPE.phone,
    key: entry.type,
    value: entry.value,
    position,
  })),
];

/** Creates a card with its person and contact rows; returns the card id. Call inside a transaction. */
export async function createCard(ctx: DbContext, input: CardInput): Promise<number> {
  const now = new Date().toISOString();
  const cardId = await insertCard(ctx.db, {
    kind: input.kind,
    name: input.name,
    sort_name: dinSortKey(input.name),
    id_organization: input.agencyId ?? null,
    ratio_id: input.ratioId ?? null,
    kuschick_id: input.kuschickId ?? null,
    created_at: now,
    updated_at: now,
  });
  const personId = await insertPerson(ctx.db, {
    id_vc_card: cardId,
    first_name: input.person.firstName,
    surname: input.person.surname,
    salutation: input.person.salutation ?? null,
    title: input.person.title ?? null,
  });
  if (input.contacts) await insertFields(ctx.db, contactRows(personId, input.contacts));
  return cardId;
}

/** Updates what is given; contact lists given replace the stored ones. Call inside a transaction. */
export async function updateCardData(
  ctx: DbContext,
  cardId: number,
  input: Partial<Omit<CardInput, 'kind'>>,
): Promise<void> {
  const card: Parameters<typeof updateCard>[2] = { updated_at: new Date().toISOString() };
  if (input.name !== undefined) {
    card.name = input.name;
    card.sort_name = dinSortKey(input.name);
  }
  if (input.agencyId !== undefined) card.id_organization = input.agencyId;
  if (input.ratioId !== undefined) card.ratio_id = input.ratioId;
  if (input.kuschickId !== undefined) card.kuschick_id = input.kuschickId;
  await updateCard(ctx.db, cardId, card);
  if (input.person) {
    await updatePersonOfCard(ctx.db, cardId, {
      first_name: input.person.firstName,
      surname: input.person.surname,
      ...(input.person.salutation !== undefined ? { salutation: input.person.salutation } : {}),
      ...(input.person.title !== undefined ? { title: input.person.title } : {}),
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
      contacts.emails.push({ type: row.key as EmailType, value: row.value });
    else contacts.phones.push({ type: row.key as PhoneType, value: row.value });
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

/**
 * Saves a person's phone and e-mail rows. A list that is sent replaces the stored one: rows with an id
 * are updated, rows without one added, rows left out or marked `drop` removed. A person always keeps at
 * least one row of each: an empty `phone-business` and `email-business` row is added when a list is
 * empty (spec §3). Call inside a transaction.
 */
export async function saveContactRows(ctx: DbContext, personId: number, input: ContactRowsInput): Promise<void> {
  const existing = await findFieldsOfPerson(ctx.db, personId);
  const lists = [
    { type: FIELD_TYPE.phone, rows: input.phones, field: 'phones', fallback: 'phone-business' },
    { type: FIELD_TYPE.email, rows: input.emails, field: 'emails', fallback: 'email-business' },
  ] as const;
  for (const list of lists) {
    const stored = existing.filter((row) => row.id_vc_field_type === list.type);
    let kept = stored.length;
    if (list.rows) {
      const keep = list.rows.filter((row) => !row.drop);
      const keptIds = new Set(keep.flatMap((row) => (row.id_vc_field ? [row.id_vc_field] : [])));
      for (const [index, row] of list.rows.entries()) {
        if (row.id_vc_field && !stored.some((candidate) => candidate.id_vc_field === row.id_vc_field)) {
          throw invalidField(`${list.field}.${index}.id_vc_field`, 'error.invalid');
        }
      }
      await deleteFieldsByIds(
        ctx.db,
        stored.filter((row) => !keptIds.has(row.id_vc_field)).map((row) => row.id_vc_field),
      );
      for (const [position, row] of keep.entries()) {
        if (row.id_vc_field) await updateField(ctx.db, row.id_vc_field, { key: row.key, value: row.value, position });
        else
          await insertFields(ctx.db, [
            { id_vc_person: personId, id_vc_field_type: list.type, key: row.key, value: row.value, position },
          ]);
      }
      kept = keep.length;
    }
    if (kept === 0) {
      await insertFields(ctx.db, [
        { id_vc_person: personId, id_vc_field_type: list.type, key: list.fallback, value: '', position: 0 },
      ]);
    }
  }
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
  const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
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

export async function cardKindOf(ctx: DbContext, cardId: number): Promise<CardKind | undefined> {
  const row = await ctx.db.selectFrom('vc_card').select('kind').where('id_vc_card', '=', cardId).executeTakeFirst();
  return row?.kind;
}

/** A person's contact rows split into phones and e-mails, with the first non-empty of each. */
function splitContacts(rows: readonly VcField[]) {
  const phones = rows.filter((row) => row.id_vc_field_type === FIELD_TYPE.phone);
  const emails = rows.filter((row) => row.id_vc_field_type === FIELD_TYPE.email);
  return {
    phones,
    emails,
    phone: phones.find((row) => row.value !== '')?.value ?? null,
    email: emails.find((row) => row.value !== '')?.value ?? null,
  };
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
