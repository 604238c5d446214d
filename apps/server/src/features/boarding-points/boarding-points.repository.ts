import type { Insertable, Updateable } from 'kysely';
import { ZBoardingPoint, ZStopGroup, type BoardingPoint, type StopGroup } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { ZusGruppenMemberTable, ZusGruppenTable, ZusZustiegeTable } from './boarding-points.table.ts';

// ---------------------------------------------------------------- boarding points (zus_zustiege)

export const boardingPointBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('zus_zustiege')
    .select([
      'zus_zustiege.id_zus_zustiege',
      'zus_zustiege.name',
      'zus_zustiege.street',
      'zus_zustiege.number',
      'zus_zustiege.zip',
      'zus_zustiege.city',
      'zus_zustiege.country',
      'zus_zustiege.lat',
      'zus_zustiege.lon',
      'zus_zustiege.notes',
      'zus_zustiege.created_at',
      'zus_zustiege.updated_at',
    ]),
);

export type BoardingPointRow = Awaited<
  ReturnType<ReturnType<typeof boardingPointBaseQuery>['executeTakeFirstOrThrow']>
>;

/** GET /zustiege-lit: search over name, street, zip and city (search_text), sort by name (DIN 5007) or place. */
export const BOARDING_POINT_LIST_SPEC: ListSpec<BoardingPoint> = {
  table: 'zus_zustiege',
  idColumn: 'id_zus_zustiege',
  idField: 'id',
  searchable: true,
  defaultSort: [['name', 1]],
  fields: {
    id: { column: 'zus_zustiege.id_zus_zustiege', type: 'number' },
    id_zus_zustiege: { column: 'zus_zustiege.id_zus_zustiege', type: 'number' },
    name: { column: 'zus_zustiege.name', sortColumn: 'zus_zustiege.sort_name', type: 'string' },
    street: { column: 'zus_zustiege.street', type: 'string', nullable: true },
    zip: { column: 'zus_zustiege.zip', type: 'string', nullable: true },
    city: { column: 'zus_zustiege.city', type: 'string', nullable: true },
    country: { column: 'zus_zustiege.country', type: 'string' },
    createdAt: { column: 'zus_zustiege.created_at', type: 'date' },
    updatedAt: { column: 'zus_zustiege.updated_at', type: 'date' },
  },
  selectable: contractFields(ZBoardingPoint),
};

export const boardingPointCountBase = builtOnce((db: Database) =>
  db.selectFrom('zus_zustiege').select('zus_zustiege.id_zus_zustiege'),
);

export const findBoardingPointById = (db: Database, id: number) =>
  boardingPointBaseQuery(db).where('zus_zustiege.id_zus_zustiege', '=', id).executeTakeFirst();

export async function insertBoardingPoint(db: Database, values: Insertable<ZusZustiegeTable>): Promise<number> {
  const row = await db.insertInto('zus_zustiege').values(values).returning('id_zus_zustiege').executeTakeFirstOrThrow();
  return row.id_zus_zustiege;
}

export async function updateBoardingPointRow(db: Database, id: number, values: Updateable<ZusZustiegeTable>) {
  await db.updateTable('zus_zustiege').set(values).where('id_zus_zustiege', '=', id).execute();
}

export async function deleteBoardingPointRow(db: Database, id: number) {
  await db.deleteFrom('zus_zustiege').where('id_zus_zustiege', '=', id).execute();
}

/** Which of `ids` are boarding points. */
export async function findExistingBoardingPointIds(db: Database, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('zus_zustiege')
    .select('id_zus_zustiege')
    .where('id_zus_zustiege', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id_zus_zustiege);
}

/** The stop groups a boarding point belongs to, by name. */
export const findGroupsUsingBoardingPoint = (db: Database, id: number) =>
  db
    .selectFrom('zus_gruppen_member')
    .innerJoin('zus_gruppen', 'zus_gruppen.id_zus_gruppen', 'zus_gruppen_member.id_zus_gruppen')
    .select(['zus_gruppen.id_zus_gruppen as id', 'zus_gruppen.name'])
    .where('zus_gruppen_member.id_zus_zustiege', '=', id)
    .orderBy('zus_gruppen.sort_name')
    .orderBy('zus_gruppen.id_zus_gruppen')
    .execute();

/** The journeys offering a boarding point (in either direction), by title; at most `limit`. */
export const findJourneysUsingBoardingPoint = (db: Database, id: number, limit = 20) =>
  db
    .selectFrom('jrn_journey')
    .select(['jrn_journey.id_jrn_journey as id', 'jrn_journey.title'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('jrn_journey_stop')
          .select('jrn_journey_stop.id')
          .whereRef('jrn_journey_stop.id_jrn_journey', '=', 'jrn_journey.id_jrn_journey')
          .where('jrn_journey_stop.id_zus_zustiege', '=', id),
      ),
    )
    .orderBy('jrn_journey.sort_title')
    .orderBy('jrn_journey.id_jrn_journey')
    .limit(limit)
    .execute();

// ---------------------------------------------------------------- stop groups (zus_gruppen)

export const stopGroupBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('zus_gruppen')
    .select(['zus_gruppen.id_zus_gruppen', 'zus_gruppen.name', 'zus_gruppen.created_at', 'zus_gruppen.updated_at']),
);

export type StopGroupRow = Awaited<ReturnType<ReturnType<typeof stopGroupBaseQuery>['executeTakeFirstOrThrow']>>;

/** GET /zustiege-gruppen-lit: search over the group's name, sort by name (DIN 5007). */
export const STOP_GROUP_LIST_SPEC: ListSpec<StopGroup> = {
  table: 'zus_gruppen',
  idColumn: 'id_zus_gruppen',
  idField: 'id',
  // A few dozen groups: the name is searched with a plain substring test (see stopGroupListBase).
  searchable: false,
  defaultSort: [['name', 1]],
  fields: {
    id: { column: 'zus_gruppen.id_zus_gruppen', type: 'number' },
    id_zus_gruppen: { column: 'zus_gruppen.id_zus_gruppen', type: 'number' },
    name: { column: 'zus_gruppen.name', sortColumn: 'zus_gruppen.sort_name', type: 'string' },
    createdAt: { column: 'zus_gruppen.created_at', type: 'date' },
    updatedAt: { column: 'zus_gruppen.updated_at', type: 'date' },
  },
  selectable: contractFields(ZStopGroup),
};

/** The group list's base query, narrowed to names containing every search word (normalised). */
export function stopGroupListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = stopGroupBaseQuery(db);
  const countBase = db.selectFrom('zus_gruppen').select('zus_gruppen.id_zus_gruppen');
  if (words.length === 0) return { base, countBase };
  const condition = containsAllWords(dialect, 'zus_gruppen.sort_name', words);
  return { base: base.where(condition), countBase: countBase.where(condition) };
}

export const findStopGroupById = (db: Database, id: number) =>
  stopGroupBaseQuery(db).where('zus_gruppen.id_zus_gruppen', '=', id).executeTakeFirst();

/** The members of the groups, each group's in its order, with the boarding point's name and town. */
export async function findMembersOfGroups(db: Database, groupIds: readonly number[]) {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('zus_gruppen_member')
    .innerJoin('zus_zustiege', 'zus_zustiege.id_zus_zustiege', 'zus_gruppen_member.id_zus_zustiege')
    .select([
      'zus_gruppen_member.id_zus_gruppen',
      'zus_gruppen_member.id_zus_zustiege',
      'zus_gruppen_member.position',
      'zus_zustiege.name',
      'zus_zustiege.city',
    ])
    .where('zus_gruppen_member.id_zus_gruppen', 'in', [...groupIds])
    .orderBy('zus_gruppen_member.id_zus_gruppen')
    .orderBy('zus_gruppen_member.position')
    .execute();
}

export async function insertStopGroup(db: Database, values: Insertable<ZusGruppenTable>): Promise<number> {
  const row = await db.insertInto('zus_gruppen').values(values).returning('id_zus_gruppen').executeTakeFirstOrThrow();
  return row.id_zus_gruppen;
}

export async function updateStopGroupRow(db: Database, id: number, values: Updateable<ZusGruppenTable>) {
  await db.updateTable('zus_gruppen').set(values).where('id_zus_gruppen', '=', id).execute();
}

/** The group's members become `members` (one delete, one multi-row insert). */
export async function replaceGroupMembers(db: Database, groupId: number, members: ZusGruppenMemberTable[]) {
  await db.deleteFrom('zus_gruppen_member').where('id_zus_gruppen', '=', groupId).execute();
  if (members.length > 0) await db.insertInto('zus_gruppen_member').values(members).execute();
}

export async function insertGroupMembers(db: Database, members: ZusGruppenMemberTable[]) {
  if (members.length > 0) await db.insertInto('zus_gruppen_member').values(members).execute();
}

/** Deletes the group; its member rows go with it (on delete cascade). */
export async function deleteStopGroupRow(db: Database, id: number) {
  await db.deleteFrom('zus_gruppen').where('id_zus_gruppen', '=', id).execute();
}
