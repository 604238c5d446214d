import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { compiledOnce, runCompiled } from '../../db/compiled-once.ts';
import type { CardKind, VcAddressTable, VcCardTable, VcFieldTable, VcPersonTable } from './cards.table.ts';

export async function insertCard(db: Database, values: Insertable<VcCardTable>): Promise<number> {
  const row = await db.insertInto('vc_card').values(values).returning('id_vc_card').executeTakeFirstOrThrow();
  return row.id_vc_card;
}

export async function updateCard(db: Database, id: number, values: Updateable<VcCardTable>): Promise<void> {
  await db.updateTable('vc_card').set(values).where('id_vc_card', '=', id).execute();
}

export async function findCardKind(db: Database, id: number): Promise<CardKind | undefined> {
  const row = await db.selectFrom('vc_card').select('kind').where('id_vc_card', '=', id).executeTakeFirst();
  return row?.kind;
}

export async function deleteCard(db: Database, id: number): Promise<void> {
  await db.deleteFrom('vc_card').where('id_vc_card', '=', id).execute();
}

export async function insertPerson(db: Database, values: Insertable<VcPersonTable>): Promise<number> {
  const row = await db.insertInto('vc_person').values(values).returning('id_vc_person').executeTakeFirstOrThrow();
  return row.id_vc_person;
}

export async function updatePersonOfCard(
  db: Database,
  cardId: number,
  values: Updateable<VcPersonTable>,
): Promise<void> {
  await db.updateTable('vc_person').set(values).where('id_vc_card', '=', cardId).execute();
}

export async function findPersonIdOfCard(db: Database, cardId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('vc_person')
    .select('id_vc_person')
    .where('id_vc_card', '=', cardId)
    .orderBy('id_vc_person')
    .executeTakeFirst();
  return row?.id_vc_person;
}

/** The contact rows of many cards in one query (no N+1 on list pages). */
export async function findFieldsOfCards(db: Database, cardIds: readonly number[]) {
  if (cardIds.length === 0) return [];
  // Runs on every list page: compiled once per number of cards (db/compiled-once.ts).
  const statement = compiledOnce(db, `fields of ${cardIds.length} cards`, cardIds, () =>
    fieldsOfCardsQuery(db, cardIds),
  );
  return (await runCompiled(db, statement)).rows;
}

function fieldsOfCardsQuery(db: Database, cardIds: readonly number[]) {
  return db
    .selectFrom('vc_field')
    .innerJoin('vc_person', 'vc_person.id_vc_person', 'vc_field.id_vc_person')
    .select([
      'vc_person.id_vc_card',
      'vc_field.id_vc_field',
      'vc_field.id_vc_person',
      'vc_field.id_vc_field_type',
      'vc_field.key',
      'vc_field.value',
      'vc_field.drop',
    ])
    .where('vc_person.id_vc_card', 'in', cardIds)
    .orderBy('vc_field.id_vc_person')
    .orderBy('vc_field.position')
    .orderBy('vc_field.id_vc_field');
}

export async function deleteFieldsOfPerson(db: Database, personId: number): Promise<void> {
  await db.deleteFrom('vc_field').where('id_vc_person', '=', personId).execute();
}

export async function insertFields(db: Database, rows: Insertable<VcFieldTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('vc_field').values(rows).execute();
}

export async function updateField(db: Database, id: number, values: Updateable<VcFieldTable>): Promise<void> {
  await db.updateTable('vc_field').set(values).where('id_vc_field', '=', id).execute();
}

export async function deleteFieldsByIds(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('vc_field').where('id_vc_field', 'in', ids).execute();
}

export async function findFieldsOfPerson(db: Database, personId: number) {
  return db
    .selectFrom('vc_field')
    .select(['id_vc_field', 'id_vc_field_type', 'key', 'value'])
    .where('id_vc_person', '=', personId)
    .orderBy('position')
    .orderBy('id_vc_field')
    .execute();
}

/** Cards of `kind` other than `exceptCardId` that hold one of these e-mail addresses. */
export async function findCardsWithEmails(
  db: Database,
  kind: CardKind,
  emails: readonly string[],
  exceptCardId?: number,
) {
  if (emails.length === 0) return [];
  let query = db
    .selectFrom('vc_field')
    .innerJoin('vc_person', 'vc_person.id_vc_person', 'vc_field.id_vc_person')
    .innerJoin('vc_card', 'vc_card.id_vc_card', 'vc_person.id_vc_card')
    .select(['vc_field.value', 'vc_card.id_vc_card'])
    .where('vc_field.id_vc_field_type', '=', 1)
    .where('vc_field.value', 'in', emails)
    .where('vc_card.kind', '=', kind);
  if (exceptCardId !== undefined) query = query.where('vc_card.id_vc_card', '!=', exceptCardId);
  return query.execute();
}

export async function findAddressIdOfPerson(db: Database, personId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('vc_address')
    .select('id_vc_address')
    .where('id_vc_person', '=', personId)
    .orderBy('id_vc_address')
    .executeTakeFirst();
  return row?.id_vc_address;
}

export async function insertAddress(db: Database, values: Insertable<VcAddressTable>): Promise<void> {
  await db.insertInto('vc_address').values(values).execute();
}

export async function updateAddress(db: Database, id: number, values: Updateable<VcAddressTable>): Promise<void> {
  await db.updateTable('vc_address').set(values).where('id_vc_address', '=', id).execute();
}
