import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';
import type { JrnJourneyImageTable } from './journeys.table.ts';

const imageColumns = [
  'jrn_journey_image.id',
  'jrn_journey_image.id_jrn_journey',
  'jrn_journey_image.id_stored_file',
  'jrn_journey_image.id_jrn_accommodation',
  'jrn_journey_image.position',
  'jrn_journey_image.caption',
  'jrn_journey_image.copyright',
  'stored_file.original_name',
  'stored_file.width',
  'stored_file.height',
] as const;

const imageBase = (db: Database) =>
  db
    .selectFrom('jrn_journey_image')
    .innerJoin('stored_file', 'stored_file.id', 'jrn_journey_image.id_stored_file')
    .select(imageColumns);

export type JourneyImageRow = Awaited<ReturnType<typeof findJourneyImage>> & object;

export const findJourneyImage = (db: Database, id: number) =>
  imageBase(db).where('jrn_journey_image.id', '=', id).executeTakeFirst();

/** The images of some journeys, each journey's in their order. */
export const findJourneyImages = (db: Database, journeyIds: readonly number[]) =>
  journeyIds.length === 0
    ? Promise.resolve([])
    : imageBase(db)
        .where('jrn_journey_image.id_jrn_journey', 'in', journeyIds)
        .orderBy('jrn_journey_image.id_jrn_journey')
        .orderBy('jrn_journey_image.position')
        .orderBy('jrn_journey_image.id')
        .execute();

export const journeyExists = async (db: Database, id: number) =>
  (await db.selectFrom('jrn_journey').select('id_jrn_journey').where('id_jrn_journey', '=', id).executeTakeFirst()) !==
  undefined;

export const accommodationOfJourney = async (db: Database, id: number, journeyId: number) =>
  (await db
    .selectFrom('jrn_accommodation')
    .select('id')
    .where('id', '=', id)
    .where('id_jrn_journey', '=', journeyId)
    .executeTakeFirst()) !== undefined;

/** A new image goes last: its position is one more than the journey's highest. */
export const insertJourneyImage = async (
  db: Database,
  row: Omit<Insertable<JrnJourneyImageTable>, 'position'>,
): Promise<number> =>
  (
    await db
      .insertInto('jrn_journey_image')
      .values({
        ...row,
        position: db
          .selectFrom('jrn_journey_image')
          .select(sql<number>`coalesce(max(position) + 1, 0)`.as('next'))
          .where('id_jrn_journey', '=', row.id_jrn_journey),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export const updateJourneyImageRow = (db: Database, id: number, values: Updateable<JrnJourneyImageTable>) =>
  db.updateTable('jrn_journey_image').set(values).where('id', '=', id).execute();

/** The ids of a journey's images in their order. */
export const findJourneyImageOrder = async (db: Database, journeyId: number) =>
  (
    await db
      .selectFrom('jrn_journey_image')
      .select('id')
      .where('id_jrn_journey', '=', journeyId)
      .orderBy('position')
      .orderBy('id')
      .execute()
  ).map((row) => row.id);

/** Numbers the images 0, 1, 2, … in the given order, in one statement. */
export const setJourneyImagePositions = (db: Database, orderedIds: readonly number[]) =>
  orderedIds.length === 0
    ? Promise.resolve()
    : db
        .updateTable('jrn_journey_image')
        .set({
          position: sql<number>`case ${sql.join(
            orderedIds.map((id, position) => sql`when id = ${id} then cast(${position} as integer)`),
            sql` `,
          )} else position end`,
        })
        .where('id', 'in', orderedIds)
        .execute()
        .then(() => undefined);

export const deleteJourneyImageRow = (db: Database, id: number) =>
  db.deleteFrom('jrn_journey_image').where('id', '=', id).execute();

/**
 * Marks the journey as changed: the public feed's version (journey-feed.repository.ts) reads `updated_at`, so
 * other app instances see an image change at once instead of after the feed's maximum age.
 */
export const touchJourney = (db: Database, journeyId: number) =>
  db.updateTable('jrn_journey').set({ updated_at: nowIso() }).where('id_jrn_journey', '=', journeyId).execute();
