import type { EmailEntry, EmailType, PhoneEntry, PhoneType } from '@tourdesk/contracts';
import type { DbContext } from '../../types.ts';
import {
  deleteCard,
  deleteFieldsOfPerson,
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
    name: input.name,
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
export async function updateCardData(ctx: DbContext, cardId: number, input: Partial<CardInput>): Promise<void> {
  const card: Parameters<typeof updateCard>[2] = { updated_at: new Date().toISOString() };
  if (input.name !== undefined) card.name = input.name;
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
