import { sql } from 'kysely';
import { statementBatches } from '../../db/batches.ts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, type DialectName } from '../../db/dialect.ts';

/** The SQL of the chat (docs/adr/0026). */

const channelColumns = [
  'c.id',
  'c.kind',
  'c.id_jrn_date',
  'j.title',
  'd.termincode',
  'd.date_from',
  'd.date_till',
] as const;

const channels = (db: Database) =>
  db
    .selectFrom('chat_channel as c')
    .leftJoin('jrn_date as d', 'd.nr', 'c.id_jrn_date')
    .leftJoin('jrn_journey as j', 'j.id_jrn_journey', 'd.id_jrn_journey');

export type ChannelRow = NonNullable<Awaited<ReturnType<typeof findChannel>>>;

export const findChannel = (db: Database, id: number) =>
  channels(db).select(channelColumns).where('c.id', '=', id).executeTakeFirst();

export const findGeneralChannel = (db: Database) =>
  channels(db).select(channelColumns).where('c.kind', '=', 'general').orderBy('c.id').executeTakeFirst();

export const findDepartureChannel = (db: Database, departureId: number) =>
  channels(db).select(channelColumns).where('c.id_jrn_date', '=', departureId).executeTakeFirst();

export const departureExists = async (db: Database, departureId: number) =>
  (await db.selectFrom('jrn_date').select('nr').where('nr', '=', departureId).executeTakeFirst()) !== undefined;

/** Makes the departure's channel unless it exists (two first openers at once make one). */
export const insertDepartureChannel = (db: Database, departureId: number) =>
  db
    .insertInto('chat_channel')
    .values({ kind: 'departure', id_jrn_date: departureId })
    .onConflict((oc) => oc.column('id_jrn_date').doNothing())
    .execute();

/**
 * The channels with the user's unread count and the time of the last message: all of them (`departures` null), or
 * those of the given departures (the general channel only with `withGeneral`).
 */
export async function listChannels(
  db: Database,
  userId: number,
  scope: { withGeneral: boolean; departures: readonly number[] | null },
) {
  let query = channels(db).select([
    ...channelColumns,
    (eb) =>
      eb
        .selectFrom('chat_message as m')
        .select((m) => m.fn.max('m.created_at').as('last'))
        .whereRef('m.id_chat_channel', '=', 'c.id')
        .where('m.deleted_at', 'is', null)
        .as('last_message_at'),
    (eb) =>
      eb
        .selectFrom('chat_message as m')
        .select((m) => m.fn.countAll<number | string>().as('n'))
        .whereRef('m.id_chat_channel', '=', 'c.id')
        .where('m.deleted_at', 'is', null)
        .where('m.id_user', '<>', userId)
        .where(
          'm.id',
          '>',
          sql<number>`coalesce((select r.last_read_id from chat_read r where r.id_user = ${userId} and r.id_chat_channel = c.id), 0)`,
        )
        .as('unread'),
  ]);
  const departures = scope.departures;
  query = query.where((eb) => {
    const parts = [];
    if (scope.withGeneral) parts.push(eb('c.kind', '=', 'general'));
    if (departures === null) parts.push(eb('c.kind', '=', 'departure'));
    else if (departures.length > 0) parts.push(eb('c.id_jrn_date', 'in', departures));
    return parts.length > 0 ? eb.or(parts) : eb.val(false);
  });
  return query.execute();
}

export async function countUnread(db: Database, userId: number, channelId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_message as m')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('m.id_chat_channel', '=', channelId)
    .where('m.deleted_at', 'is', null)
    .where('m.id_user', '<>', userId)
    .where(
      'm.id',
      '>',
      sql<number>`coalesce((select r.last_read_id from chat_read r where r.id_user = ${userId} and r.id_chat_channel = ${channelId}), 0)`,
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The departures whose coaches the app user drives (their card is a coach's driver). */
export async function findDrivenDepartures(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('transport')
    .innerJoin('user_account', 'user_account.id_vc_card', 'transport.id_driver_card')
    .select('transport.id_jrn_date')
    .distinct()
    .where('user_account.id', '=', userId)
    .where('user_account.kind', '=', 'app')
    .execute();
  return rows.map((row) => row.id_jrn_date);
}

/** The departures (of `departures`) that have not ended before `day` (YYYY-MM-DD). */
export async function currentDepartures(db: Database, departures: readonly number[], day: string): Promise<number[]> {
  if (departures.length === 0) return [];
  const rows = await db
    .selectFrom('jrn_date')
    .select('nr')
    .where('nr', 'in', departures)
    .where('date_till', '>=', day)
    .execute();
  return rows.map((row) => row.nr);
}

/** The app users who drive a coach of the departure. */
export const findDepartureDrivers = (db: Database, departureId: number) =>
  db
    .selectFrom('transport')
    .innerJoin('user_account as u', 'u.id_vc_card', 'transport.id_driver_card')
    .select(['u.id', 'u.firstname', 'u.lastname', 'u.kind'])
    .distinct()
    .where('transport.id_jrn_date', '=', departureId)
    .where('u.kind', '=', 'app')
    .execute();

export const findDepartureCoaches = (db: Database, departureId: number) =>
  db
    .selectFrom('transport')
    .select(['id', 'name', 'direction'])
    .where('id_jrn_date', '=', departureId)
    .orderBy('direction')
    .orderBy('position')
    .orderBy('id')
    .execute();

/** The users of `ids` (a channel's members may be every colleague: read in slices one statement can bind). */
export async function findUsers(db: Database, ids: readonly number[]) {
  const users = [];
  for (const batch of statementBatches([...new Set(ids)], 1)) {
    users.push(
      ...(await db
        .selectFrom('user_account')
        .select(['id', 'firstname', 'lastname', 'kind', 'email'])
        .where('id', 'in', batch)
        .execute()),
    );
  }
  return users;
}

const messageColumns = [
  'id',
  'id_chat_channel',
  'id_user',
  'text',
  'mentions',
  'created_at',
  'edited_at',
  'deleted_at',
] as const;
export type MessageRow = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

export const findMessage = (db: Database, id: number) =>
  db.selectFrom('chat_message').select(messageColumns).where('id', '=', id).executeTakeFirst();

export const insertMessage = (
  db: Database,
  values: { id_chat_channel: number; id_user: number; text: string; search_text: string; mentions: string },
) => db.insertInto('chat_message').values(values).returning(messageColumns).executeTakeFirstOrThrow();

export const updateMessage = (
  db: Database,
  id: number,
  values: { text: string; search_text: string; mentions: string; edited_at?: string; deleted_at?: string },
) =>
  db.updateTable('chat_message').set(values).where('id', '=', id).returning(messageColumns).executeTakeFirstOrThrow();

/** The newest `limit` messages of a channel before `before` (newest first); with words, only matching ones. */
export function pageMessages(
  db: Database,
  dialect: DialectName,
  channelId: number,
  options: { before?: number; limit: number; words: readonly string[] },
) {
  let query = db
    .selectFrom('chat_message')
    .select(messageColumns)
    .where('id_chat_channel', '=', channelId)
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  if (options.words.length > 0)
    query = query.where('deleted_at', 'is', null).where(containsAllWords(dialect, 'search_text', options.words));
  return query.execute();
}

export async function latestMessageId(db: Database, channelId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_message')
    .select((eb) => eb.fn.max('id').as('last'))
    .where('id_chat_channel', '=', channelId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** Moves the user's read marker forward to `lastReadId` (never back). Returns whether it moved. */
export async function markRead(db: Database, userId: number, channelId: number, lastReadId: number) {
  const result = await db
    .insertInto('chat_read')
    .values({ id_user: userId, id_chat_channel: channelId, last_read_id: lastReadId })
    .onConflict((oc) =>
      oc
        .columns(['id_user', 'id_chat_channel'])
        .doUpdateSet({ last_read_id: (eb) => eb.ref('excluded.last_read_id') })
        .where('chat_read.last_read_id', '<', lastReadId),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Departures not ended before `day`, soonest first, optionally only those of journeys matching every word. */
export function findOpenableDepartures(
  db: Database,
  day: string,
  options: { departures: readonly number[] | null; words: readonly string[]; limit: number },
) {
  let query = db
    .selectFrom('jrn_date as d')
    .innerJoin('jrn_journey as j', 'j.id_jrn_journey', 'd.id_jrn_journey')
    .leftJoin('chat_channel as c', 'c.id_jrn_date', 'd.nr')
    .select(['d.nr', 'd.termincode', 'd.date_from', 'j.title', 'c.id as channel_id'])
    .where('d.date_till', '>=', day)
    .orderBy('d.date_from')
    .orderBy('d.nr')
    .limit(options.limit);
  if (options.departures !== null)
    query =
      options.departures.length > 0 ? query.where('d.nr', 'in', options.departures) : query.where(sql<boolean>`1 = 0`);
  for (const word of options.words)
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['j.title']), 'like', `%${word}%`),
        eb(eb.fn('lower', ['d.termincode']), 'like', `%${word}%`),
      ]),
    );
  return query.execute();
}
