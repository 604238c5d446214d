import type { Database } from '../db/database.ts';

/** SQL of the demo coach on the road (seed/demo-road.ts). */

/** A planned demo date to copy (a day trip if there is one), soonest first. */
export const findDateToCopy = (db: Database, from: string) =>
  db
    .selectFrom('jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
    .select(['jrn_date.nr', 'jrn_date.id_jrn_journey', 'jrn_date.date_from', 'jrn_date.date_till'])
    .where('jrn_date.date_from', '>=', from)
    .where('jrn_journey.bookable', '=', 0)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('transport').select('transport.id').whereRef('transport.id_jrn_date', '=', 'jrn_date.nr'),
      ),
    )
    .orderBy((eb) => eb.case().when('jrn_date.date_from', '=', eb.ref('jrn_date.date_till')).then(0).else(1).end())
    .orderBy('jrn_date.date_from')
    .limit(1)
    .executeTakeFirst();

/** A copy of date `nr` (with its prices) on other days, under another code. */
export async function copyDate(
  db: Database,
  nr: number,
  dates: { termincode: string; date_from: string; date_till: string },
) {
  const source = await db
    .selectFrom('jrn_date')
    .select(['id_jrn_journey'])
    .where('nr', '=', nr)
    .executeTakeFirstOrThrow();
  const { nr: copy } = await db
    .insertInto('jrn_date')
    .values({ id_jrn_journey: source.id_jrn_journey, bookable: 0, ...dates })
    .returning('nr')
    .executeTakeFirstOrThrow();
  const prices = await db
    .selectFrom('jrn_date_price')
    .select(['position', 'category', 'room_kind', 'description', 'amount_cents', 'additional_price_cents'])
    .where('id_jrn_date', '=', nr)
    .execute();
  if (prices.length > 0)
    await db
      .insertInto('jrn_date_price')
      .values(prices.map((price) => ({ ...price, id_jrn_date: copy })))
      .execute();
  return copy;
}

export const findDriverAccount = (db: Database, email: string) =>
  db.selectFrom('user_account').select(['id', 'id_vc_card']).where('email', '=', email).executeTakeFirst();

export const findOutboundStopsOfJourney = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_journey_stop')
    .select(['id_zus_zustiege', 'direction', 'day_offset', 'surcharge_cents'])
    .where('id_jrn_journey', '=', journeyId)
    .orderBy('direction')
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findBoardingPoints = (db: Database, ids: readonly number[]) =>
  db.selectFrom('zus_zustiege').select(['id_zus_zustiege', 'lat', 'lon']).where('id_zus_zustiege', 'in', ids).execute();
