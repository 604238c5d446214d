import { HOLDING_STATUSES } from '@tourdesk/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * SQL of the invariant check (invariants.ts): each query returns the rows that break one invariant, on the
 * whole database or on one departure date (`nr`). Read-only; aggregates stay in the database so the check
 * runs on a million participants too.
 */

const holding = () => sql.join([...HOLDING_STATUSES]);
const dateFilter = (column: string, nr: number | undefined): RawBuilder<unknown> =>
  nr == null ? sql`` : sql`and ${sql.ref(column)} = ${nr}`;

type Rows<T> = Promise<T[]>;
const rows = async <T>(db: Database, query: RawBuilder<T>): Rows<T> => (await query.execute(db)).rows;

export function quotasOutOfRange(db: Database, nr?: number) {
  return rows(
    db,
    sql<{ id: number; id_jrn_date: number; name: string; capacity: number; held: number }>`
      select id, id_jrn_date, name, capacity, held from quota
      where (held > capacity or held < 0) ${dateFilter('id_jrn_date', nr)}
      order by id`,
  );
}

/** Quotas whose `held` is not the sum of the holds on them. */
export function quotasHeldMismatch(db: Database, nr?: number) {
  return rows(
    db,
    sql<{ id: number; name: string; held: number; holds: number }>`
      select q.id, q.name, q.held, coalesce(h.units, 0) as holds
      from quota q
      left join (select id_quota, sum(units) as units from booking_hold group by id_quota) h on h.id_quota = q.id
      where q.held <> coalesce(h.units, 0) ${dateFilter('q.id_jrn_date', nr)}
      order by q.id`,
  );
}

const transportFilter = (nr: number | undefined) =>
  nr == null ? sql`` : sql`where sa.id_transport in (select id from transport where id_jrn_date = ${nr})`;

/** Seats held twice on one transport (the primary key forbids it; checked all the same). */
export function seatsTwice(db: Database, nr?: number) {
  return rows(
    db,
    sql<{ id_transport: number; seat: string; n: number }>`
      select sa.id_transport, sa.seat, count(*) as n from seat_assignment sa ${transportFilter(nr)}
      group by sa.id_transport, sa.seat having count(*) > 1`,
  );
}

/** Participants seated twice on one transport. */
export function participantsSeatedTwice(db: Database, nr?: number) {
  return rows(
    db,
    sql<{ id_transport: number; id_participant: number; n: number }>`
      select sa.id_transport, sa.id_participant, count(*) as n from seat_assignment sa ${transportFilter(nr)}
      group by sa.id_transport, sa.id_participant having count(*) > 1`,
  );
}

export function transportLayouts(db: Database, nr?: number) {
  return rows(
    db,
    sql<{ id: number; layout: string; blocked_seats: string }>`
      select id, layout, blocked_seats from transport ${nr == null ? sql`` : sql`where id_jrn_date = ${nr}`}
      order by id`,
  );
}

export function seatAssignments(db: Database, nr?: number) {
  return rows(
    db,
    sql<{ id_transport: number; seat: string; id_booking: number }>`
      select sa.id_transport, sa.seat, sa.id_booking from seat_assignment sa ${transportFilter(nr)}`,
  );
}

/** Seat rows of bookings that hold nothing. */
export function seatsOfNonHoldingBookings(db: Database, nr?: number) {
  return rows(
    db,
    sql<{ id_transport: number; seat: string; id_booking: number; status: string }>`
      select sa.id_transport, sa.seat, sa.id_booking, b.status
      from seat_assignment sa join booking b on b.id = sa.id_booking
      where b.status not in (${holding()}) ${dateFilter('b.id_jrn_date', nr)}
      order by sa.id_booking, sa.id_transport, sa.seat`,
  );
}

/** Seat rows whose participant is of another booking, or whose coach runs on another date than the booking. */
export function seatsMismatched(db: Database, nr?: number) {
  return rows(
    db,
    sql<{ id_transport: number; seat: string; id_booking: number; participant_booking: number; date: number }>`
      select sa.id_transport, sa.seat, sa.id_booking, p.id_booking as participant_booking, t.id_jrn_date as date
      from seat_assignment sa
      join participant p on p.id = sa.id_participant
      join booking b on b.id = sa.id_booking
      join transport t on t.id = sa.id_transport
      where (p.id_booking <> sa.id_booking or t.id_jrn_date <> b.id_jrn_date)
        ${nr == null ? sql`` : sql`and (b.id_jrn_date = ${nr} or t.id_jrn_date = ${nr})`}
      order by sa.id_booking, sa.id_transport, sa.seat`,
  );
}

/** Participants of holding bookings without exactly one seat in a direction in which their date has coaches. */
export function participantsWithoutOneSeat(db: Database, nr?: number) {
  return rows(
    db,
    sql<{ id_participant: number; id_booking: number; direction: string; seats: number }>`
      select * from (
        select p.id as id_participant, b.id as id_booking, d.direction,
          (select count(*) from seat_assignment sa join transport t on t.id = sa.id_transport
            where sa.id_participant = p.id and t.id_jrn_date = d.id_jrn_date and t.direction = d.direction) as seats
        from booking b
        join participant p on p.id_booking = b.id and p.cancelled_at is null
        join (select distinct id_jrn_date, direction from transport) d on d.id_jrn_date = b.id_jrn_date
        where b.status in (${holding()}) ${dateFilter('b.id_jrn_date', nr)}
      ) x where seats <> 1
      order by id_booking, id_participant, direction`,
  );
}

/** Holds of bookings that hold nothing. */
export function holdsOfNonHoldingBookings(db: Database, nr?: number) {
  return rows(
    db,
    sql<{ id_booking: number; id_quota: number; units: number; status: string }>`
      select bh.id_booking, bh.id_quota, bh.units, b.status
      from booking_hold bh join booking b on b.id = bh.id_booking
      where b.status not in (${holding()}) ${dateFilter('b.id_jrn_date', nr)}
      order by bh.id_booking, bh.id_quota`,
  );
}

/**
 * (booking, quota) pairs of holding bookings where the hold differs from the need: one seat unit per seat row on
 * the quota's coach, one room unit per booked room of the quota's room type (unless all its sleepers are
 * cancelled), the booked units of a limited extra.
 */
export function holdsMismatched(db: Database, nr?: number) {
  const bookings = sql`b.status in (${holding()}) ${dateFilter('b.id_jrn_date', nr)}`;
  return rows(
    db,
    sql<{ id_booking: number; id_quota: number; kind: string; need: number; have: number }>`
      with need as (
        select b.id as id_booking, q.id as id_quota, count(*) as units
        from booking b
        join seat_assignment sa on sa.id_booking = b.id
        join quota q on q.id_jrn_date = b.id_jrn_date and q.kind = 'seat' and q.ref = sa.id_transport
        where ${bookings}
        group by b.id, q.id
        union all
        select b.id, q.id, count(*)
        from booking b
        join booking_room br on br.id_booking = b.id
        join quota q on q.id_jrn_date = b.id_jrn_date and q.kind = 'room' and q.ref = br.id_jrn_room_type
        where ${bookings}
          -- a room whose sleepers are all cancelled is given up with them
          and (not exists (select 1 from participant p where p.id_booking_room = br.id)
            or exists (select 1 from participant p where p.id_booking_room = br.id and p.cancelled_at is null))
        group by b.id, q.id
        union all
        select b.id, q.id, sum(be.units)
        from booking b
        join booking_extra be on be.id_booking = b.id
        join quota q on q.id_jrn_date = b.id_jrn_date and q.kind = 'extra' and q.ref = be.id_jrn_extra
        where ${bookings}
        group by b.id, q.id
      ),
      have as (
        select bh.id_booking, bh.id_quota, bh.units from booking_hold bh join booking b on b.id = bh.id_booking
        where ${bookings}
      )
      select x.id_booking, x.id_quota, q.kind, sum(x.need) as need, sum(x.have) as have
      from (
        select id_booking, id_quota, units as need, 0 as have from need
        union all
        select id_booking, id_quota, 0 as need, units as have from have
      ) x
      join quota q on q.id = x.id_quota
      group by x.id_booking, x.id_quota, q.kind
      having sum(x.need) <> sum(x.have)
      order by x.id_booking, x.id_quota`,
  );
}

/** Bookings whose total is not the sum of their price lines. */
export function totalsMismatched(db: Database, nr?: number) {
  return rows(
    db,
    sql<{ id: number; total_cents: number; lines: number }>`
      select b.id, b.total_cents, coalesce(l.total, 0) as lines
      from booking b
      left join (select id_booking, sum(amount_cents) as total from booking_price_line group by id_booking) l
        on l.id_booking = b.id
      where b.total_cents <> coalesce(l.total, 0) ${dateFilter('b.id_jrn_date', nr)}
      order by b.id`,
  );
}
