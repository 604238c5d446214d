import type { Database } from '../../db/database.ts';
import type { CheckinStatus } from './driver-app.table.ts';

/** SQL of the driver app: the driver's coaches, a coach, and the check-ins of coaches. */

/** The coaches the app user's card drives whose departure ends on or after `fromDay` (YYYY-MM-DD), soonest first. */
export function findDriverTransports(db: Database, userId: number, fromDay: string, limit: number) {
  return db
    .selectFrom('transport')
    .innerJoin('user_account', 'user_account.id_vc_card', 'transport.id_driver_card')
    .innerJoin('jrn_date', 'jrn_date.nr', 'transport.id_jrn_date')
    .select(['transport.id', 'transport.id_jrn_date', 'jrn_date.date_from'])
    .where('user_account.id', '=', userId)
    .where('user_account.kind', '=', 'app')
    .where('jrn_date.date_till', '>=', fromDay)
    .orderBy('jrn_date.date_from')
    .orderBy('transport.id_jrn_date')
    .orderBy('transport.direction')
    .orderBy('transport.position')
    .limit(limit)
    .execute();
}

/** A coach with its departure's nr. */
export function findTransport(db: Database, transportId: number) {
  return db
    .selectFrom('transport')
    .select(['transport.id', 'transport.id_jrn_date'])
    .where('transport.id', '=', transportId)
    .executeTakeFirst();
}

/** The check-ins of the coaches, with the name of who marked them. */
export function findCheckins(db: Database, transportIds: number[]) {
  if (transportIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('boarding_checkin')
    .leftJoin('user_account', 'user_account.id', 'boarding_checkin.checked_by')
    .select([
      'boarding_checkin.id_transport',
      'boarding_checkin.id_participant',
      'boarding_checkin.status',
      'boarding_checkin.checked_at',
      'user_account.firstname',
      'user_account.lastname',
    ])
    .where('boarding_checkin.id_transport', 'in', transportIds)
    .orderBy('boarding_checkin.id_transport')
    .orderBy('boarding_checkin.id_participant')
    .execute();
}

/** Marks the participant on the coach (replacing an earlier mark). */
export async function upsertCheckin(
  db: Database,
  row: { transportId: number; participantId: number; status: CheckinStatus; userId: number; at: string },
): Promise<void> {
  await db
    .insertInto('boarding_checkin')
    .values({
      id_transport: row.transportId,
      id_participant: row.participantId,
      status: row.status,
      checked_by: row.userId,
      checked_at: row.at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['id_transport', 'id_participant'])
        .doUpdateSet({ status: row.status, checked_by: row.userId, checked_at: row.at }),
    )
    .execute();
}

/** Marks the participant as boarded unless they already are (a second scan changes nothing). */
export async function insertBoardedIfNotYet(
  db: Database,
  row: { transportId: number; participantId: number; userId: number; at: string },
): Promise<void> {
  await db
    .insertInto('boarding_checkin')
    .values({
      id_transport: row.transportId,
      id_participant: row.participantId,
      status: 'boarded',
      checked_by: row.userId,
      checked_at: row.at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['id_transport', 'id_participant'])
        .doUpdateSet({ status: 'boarded', checked_by: row.userId, checked_at: row.at })
        .where('boarding_checkin.status', '<>', 'boarded'),
    )
    .execute();
}

export async function deleteCheckin(db: Database, transportId: number, participantId: number): Promise<void> {
  await db
    .deleteFrom('boarding_checkin')
    .where('id_transport', '=', transportId)
    .where('id_participant', '=', participantId)
    .execute();
}
