import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { QuotaTable, TransportTable, TravelStopTable } from './departures.table.ts';

/** SQL of departures: transports, travel stops and capacity pools of a date. */

export async function insertTransport(db: Database, row: Insertable<TransportTable>): Promise<number> {
  const { id } = await db.insertInto('transport').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertTravelStop(db: Database, row: Insertable<TravelStopTable>): Promise<number> {
  const { id } = await db.insertInto('travel_stop').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertQuota(db: Database, row: Insertable<QuotaTable>): Promise<number> {
  const { id } = await db.insertInto('quota').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}
