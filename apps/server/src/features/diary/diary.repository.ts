import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DiaryEntryTable, DiaryPhotoTable } from './diary.table.ts';

/** SQL of the traveller's diary (issue #13 item 4). Every read names the user: entries are private. */

const entryColumns = [
  'diary_entry.id',
  'diary_entry.id_booking',
  'diary_entry.day',
  'diary_entry.title',
  'diary_entry.text',
  'diary_entry.created_at',
  'diary_entry.updated_at',
] as const;

export type DiaryEntryRow = Awaited<ReturnType<typeof findDiaryEntry>> & object;
export type DiaryPhotoRow = Awaited<ReturnType<typeof findDiaryPhotos>>[number];

export const findDiaryEntries = (db: Database, userId: number, bookingId: number) =>
  db
    .selectFrom('diary_entry')
    .select(entryColumns)
    .where('id_user', '=', userId)
    .where('id_booking', '=', bookingId)
    .orderBy('day')
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findDiaryEntry = (db: Database, userId: number, bookingId: number, id: number) =>
  db
    .selectFrom('diary_entry')
    .select(entryColumns)
    .where('id', '=', id)
    .where('id_user', '=', userId)
    .where('id_booking', '=', bookingId)
    .executeTakeFirst();

export const findDiaryPhotos = (db: Database, entryIds: readonly number[]) =>
  entryIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('diary_photo')
        .select(['id', 'id_diary_entry', 'storage_key', 'variants', 'mime_type', 'size', 'width', 'height'])
        .where('id_diary_entry', 'in', entryIds)
        .orderBy('id')
        .execute();

/** How many entries the user wrote per booking. */
export const countDiaryEntries = (db: Database, userId: number) =>
  db
    .selectFrom('diary_entry')
    .select(['id_booking', sql<number>`count(*)`.as('entries')])
    .where('id_user', '=', userId)
    .groupBy('id_booking')
    .execute();

/** The journeys' titles. */
export const findJourneyTitles = (db: Database, journeyIds: readonly number[]) =>
  journeyIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('jrn_journey')
        .select(['id_jrn_journey', 'title'])
        .where('id_jrn_journey', 'in', journeyIds)
        .execute();

export const insertDiaryEntry = async (db: Database, row: Insertable<DiaryEntryTable>) =>
  (await db.insertInto('diary_entry').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const updateDiaryEntryRow = (db: Database, id: number, values: Updateable<DiaryEntryTable>) =>
  db.updateTable('diary_entry').set(values).where('id', '=', id).execute();

export const deleteDiaryEntryRow = (db: Database, id: number) =>
  db.deleteFrom('diary_entry').where('id', '=', id).execute();

export const insertDiaryPhoto = async (db: Database, row: Insertable<DiaryPhotoTable>) =>
  (await db.insertInto('diary_photo').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const deleteDiaryPhotoRow = (db: Database, id: number) =>
  db.deleteFrom('diary_photo').where('id', '=', id).execute();

export const countDiaryPhotos = async (db: Database, entryId: number) =>
  Number(
    (
      await db
        .selectFrom('diary_photo')
        .select(sql<number>`count(*)`.as('n'))
        .where('id_diary_entry', '=', entryId)
        .executeTakeFirst()
    )?.n ?? 0,
  );
