import {
  type RatioParticipant,
  type RatioTermin,
  type RatioTravelStop,
  type Richtung,
  type StopDirection,
} from '@tourdesk/contracts';
import type { z } from 'zod';
import type { ZRatioQuota, ZRatioQuotaQuery, ZRatioTermineListQuery, ZRatioTerminQuery } from '@tourdesk/contracts';
import { notFound } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import {
  findBookingIdsOfAgency,
  findDateWithJourney,
  findDatesOfJourney,
  findOccupiedSeatsOfDates,
  findQuotasOfDates,
  findRatioDates,
  findRatioTravelStops,
  findTransportsOfDates,
  journeyExists,
  sumSeatPoolsOfDates,
  type JourneyDateRow,
  type RatioTravelStopRow,
} from './departures.repository.ts';
import { dateSeats, ownOnly, toQuota, transportBlocked, transportLayout } from './departures.service.ts';
import { loadRatioParticipants, loadRatioParticipantsByDate } from './ratio-participant.ts';

/**
 * The `/ratio/api/*` read calls (spec §7 "Departure dates, quotas, participants, stops and addresses"), answered
 * from Tourdesk's own tables in RATIO's names (ADR 0013): directions H / R, coaches numbered `bus` 1, 2, … .
 * Every answer is `{ status: 'success', data }`, and each call runs a fixed number of queries, whatever the
 * number of dates, coaches or participants.
 */

export const RICHTUNG_OF: Record<StopDirection, Richtung> = { outbound: 'H', return: 'R' };

type TerminFlags = z.infer<typeof ZRatioTerminQuery>;
type TermineQuery = z.infer<typeof ZRatioTermineListQuery>;
type QuotaQuery = z.infer<typeof ZRatioQuotaQuery>;
type RatioQuota = z.infer<typeof ZRatioQuota>;

/** The RATIO view of some dates, with what the flags ask for: three queries plus three for participants. */
async function toTermine(
  ctx: DbContext,
  dates: readonly JourneyDateRow[],
  flags: TerminFlags,
  agencyId: number | null,
): Promise<RatioTermin[]> {
  const nrs = dates.map((date) => date.nr);
  const needSeats = flags.get_occupiedSeats === true || flags.get_transport === true;
  const [sums, transports, occupied, participants] = await Promise.all([
    sumSeatPoolsOfDates(ctx.db, nrs),
    flags.get_transport ? findTransportsOfDates(ctx.db, nrs) : Promise.resolve([]),
    needSeats ? findOccupiedSeatsOfDates(ctx.db, nrs) : Promise.resolve([]),
    flags.get_participants
      ? participantsOfDates(ctx, nrs, agencyId)
      : Promise.resolve(new Map<number, RatioParticipant[]>()),
  ]);
  // An agency user learns which booking and participant sits on a seat for its own bookings only.
  const own =
    agencyId == null || !flags.get_occupiedSeats
      ? null
      : await findBookingIdsOfAgency(
          ctx.db,
          occupied.map((seat) => seat.id_booking),
          agencyId,
        );
  const occupiedByTransport = new Map<number, Set<string>>();
  for (const seat of occupied) {
    const seats = occupiedByTransport.get(seat.id_transport) ?? new Set<string>();
    seats.add(seat.seat);
    occupiedByTransport.set(seat.id_transport, seats);
  }
  return dates.map((date) => {
    const seats = dateSeats(sums.filter((sum) => sum.id_jrn_date === date.nr));
    const termin: RatioTermin = {
      nr: date.nr,
      reiseId: date.id_jrn_journey,
      termincode: date.termincode,
      date_from: date.date_from,
      date_till: date.date_till,
      bookable: date.bookable,
      seats: seats.capacity,
      free: seats.capacity - seats.held,
    };
    if (flags.get_transport) {
      termin.transportation = transports
        .filter((transport) => transport.id_jrn_date === date.nr)
        .map((transport) => {
          const layout = transportLayout(transport);
          const blocked = new Set(transportBlocked(transport));
          const taken = occupiedByTransport.get(transport.id) ?? new Set<string>();
          return {
            id: transport.id,
            richtung: RICHTUNG_OF[transport.direction],
            bus: transport.position,
            name: transport.name,
            seatplan: layout.decks.map((deck) => ({
              name: deck.name ?? null,
              rows: deck.rows.map((row) =>
                row.map((cell) => ({
                  txt: cell.txt,
                  idx: cell.idx,
                  isSeat: cell.isSeat,
                  occupied: cell.isSeat && taken.has(cell.txt),
                  ...(cell.isSeat && (cell.blocked || blocked.has(cell.txt)) ? { blocked: true } : {}),
                })),
              ),
            })),
          };
        });
    }
    if (flags.get_occupiedSeats) {
      termin.occupiedSeats = occupied
        .filter((seat) => seat.id_jrn_date === date.nr)
        .map((seat) => ({
          richtung: RICHTUNG_OF[seat.direction],
          bus: seat.position,
          platznummer: seat.seat,
          ...(own && !own.has(seat.id_booking)
            ? {}
            : { teilnehmerNr: seat.id_participant, vorgangnr: seat.id_booking }),
        }));
    }
    if (flags.get_participants) termin.participants = participants.get(date.nr) ?? [];
    return termin;
  });
}

/**
 * Participants of the dates' non-cancelled bookings, per date (three queries for any number of dates); for an
 * agency user only its own bookings' participants (docs/adr/0019).
 */
async function participantsOfDates(ctx: DbContext, nrs: readonly number[], agencyId: number | null) {
  const byDate = new Map<number, RatioParticipant[]>();
  for (const [nr, participants] of await loadRatioParticipantsByDate(ctx, nrs))
    byDate.set(nr, await ownParticipants(ctx, participants, agencyId));
  return byDate;
}

const ownParticipants = (ctx: DbContext, participants: RatioParticipant[], agencyId: number | null) =>
  agencyId == null ? participants : ownOnly(ctx, participants, (participant) => participant.vorgangnr, agencyId);

/** GET /ratio/api/termine: dates by journey (`byReise`) and date_from bounds, paged (`limit` ≤ 1000, `offset`). */
export async function listRatioTermine(ctx: DbContext, query: TermineQuery, agencyId: number | null = null) {
  const { rows, total } = await findRatioDates(ctx.db, {
    journeyId: query.byReise,
    start: query.start,
    end: query.end,
    limit: query.limit ?? 100,
    offset: query.offset ?? 0,
  });
  return { status: 'success' as const, data: await toTermine(ctx, rows, query, agencyId), total };
}

/** GET /ratio/api/termine/{id}: one date; for a full coach with every flag a fixed number of queries. */
export async function getRatioTermin(ctx: DbContext, nr: number, flags: TerminFlags, agencyId: number | null = null) {
  const date = await findDateWithJourney(ctx.db, nr);
  if (!date) throw notFound();
  const [termin] = await toTermine(ctx, [date], flags, agencyId);
  return { status: 'success' as const, data: termin! };
}

/** GET /ratio/api/quotas/{id}: a date's pools, or with `byReise` those of a journey's dates from `start` to `end`. */
export async function getRatioQuotas(ctx: DbContext, id: number, query: QuotaQuery) {
  let nrs: number[];
  if (query.byReise) {
    if (!(await journeyExists(ctx.db, id))) throw notFound();
    nrs = (await findDatesOfJourney(ctx.db, id, { start: query.start, end: query.end })).map((date) => date.nr);
  } else {
    if (!(await findDateWithJourney(ctx.db, id))) throw notFound();
    nrs = [id];
  }
  const rows = await findQuotasOfDates(ctx.db, nrs);
  const data: RatioQuota[] = rows.map((row) => ({
    ...toQuota(row),
    termin: row.id_jrn_date,
    termincode: row.termincode,
  }));
  return { status: 'success' as const, data };
}

/** GET /ratio/api/participants/{id}: the participants of a date's non-cancelled bookings. */
export async function getRatioParticipants(ctx: DbContext, nr: number, agencyId: number | null = null) {
  if (!(await findDateWithJourney(ctx.db, nr))) throw notFound();
  return {
    status: 'success' as const,
    data: await ownParticipants(ctx, await loadRatioParticipants(ctx, { nr }), agencyId),
  };
}

const toRatioTravelStop = (row: RatioTravelStopRow): RatioTravelStop => ({
  id: row.id,
  number: row.knotenhaltnr,
  knotenhaltnr: row.knotenhaltnr,
  terminId: row.id_jrn_date,
  richtung: RICHTUNG_OF[row.direction],
  zustiegId: row.id_zus_zustiege,
  name: row.name,
  street: row.street,
  zip: row.zip,
  city: row.city,
  country: row.country,
  lat: row.lat === null ? null : Number(row.lat),
  lon: row.lon === null ? null : Number(row.lon),
  time: row.time,
  day_offset: row.day_offset,
  surcharge: row.surcharge_cents / 100,
});

/**
 * GET /ratio/api/travelstops[/{id}]: travel stops ordered by date (`terminId`), direction and number. {id} is a
 * date (the default, or `byTermin`), or a journey with `byReise`; `start` keeps dates from that day on.
 */
export async function getRatioTravelStops(
  ctx: DbContext,
  id: number | undefined,
  query: { byReise?: boolean; byTermin?: boolean; start?: string },
) {
  const filter: { journeyId?: number; nr?: number; start?: string } = { start: query.start };
  if (id !== undefined) {
    if (query.byReise) {
      if (!(await journeyExists(ctx.db, id))) throw notFound();
      filter.journeyId = id;
    } else {
      if (!(await findDateWithJourney(ctx.db, id))) throw notFound();
      filter.nr = id;
    }
  }
  const rows = await findRatioTravelStops(ctx.db, filter);
  return { status: 'success' as const, data: rows.map(toRatioTravelStop) };
}
