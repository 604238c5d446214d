import { sql } from 'kysely';
import { types, type MigrationDb } from './helpers.ts';

/**
 * The booking core (issue #10, shared/design/DOMAIN.md, docs/adr/0013 and 0014): coach seat plans; per departure
 * date its transports (one coach per direction, or several), travel stops and capacity pools (quotas); bookings
 * (Vorgang) with participants, rooms, extras, price lines and history; and the two tables that carry the
 * invariants: `booking_hold` (Σ units = quota.held) and `seat_assignment` (one participant per seat and coach).
 *
 * Money in integer cents; times of day `HH:mm`; dates `YYYY-MM-DD`.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);

  // Reusable coach layouts: a grid of cells per deck (JSON, see contracts seat-plans.schema.ts).
  await db.schema
    .createTable('seat_plan')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    /** JSON: { decks: [{ name, rows: [[{ txt, idx, isSeat, blocked? }]] }] } */
    .addColumn('layout', 'text', (c) => c.notNull())
    /** sellable seats (isSeat and not blocked), kept by the service from `layout` */
    .addColumn('seat_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('sort_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  // One coach on one departure in one direction, with its own copy of a seat plan.
  await db.schema
    .createTable('transport')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_jrn_date', 'integer', (c) => c.notNull().references('jrn_date.nr').onDelete('cascade'))
    /** outbound | return */
    .addColumn('direction', 'text', (c) => c.notNull())
    /** 1, 2, … for several coaches of one date and direction */
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'text', (c) => c.notNull())
    /** the plan it was copied from (for information; the copy is what counts) */
    .addColumn('id_seat_plan', 'integer', (c) => c.references('seat_plan.id').onDelete('set null'))
    /** JSON: the copied layout, same shape as seat_plan.layout */
    .addColumn('layout', 'text', (c) => c.notNull())
    /** JSON array of seat labels (cell txt) that are not sold on this departure */
    .addColumn('blocked_seats', 'text', (c) => c.notNull().defaultTo('[]'))
    /** the driver (a card with is_driver) */
    .addColumn('id_driver_card', 'integer', (c) => c.references('vc_card.id_vc_card').onDelete('set null'))
    .addColumn('vehicle', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint('transport_date_direction_position_unique', ['id_jrn_date', 'direction', 'position'])
    .execute();
  await db.schema.createIndex('transport_driver_idx').on('transport').column('id_driver_card').execute();

  // A boarding point as used by one departure (spec "travel stop"): numbered, per direction, with time and surcharge.
  await db.schema
    .createTable('travel_stop')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_jrn_date', 'integer', (c) => c.notNull().references('jrn_date.nr').onDelete('cascade'))
    .addColumn('id_zus_zustiege', 'integer', (c) => c.notNull().references('zus_zustiege.id_zus_zustiege'))
    .addColumn('direction', 'text', (c) => c.notNull())
    /** RATIO's knotenhaltnr: the stop's number on this departure and direction */
    .addColumn('knotenhaltnr', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    /** HH:mm */
    .addColumn('time', 'text')
    .addColumn('day_offset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('surcharge_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('travel_stop_number_unique', ['id_jrn_date', 'direction', 'knotenhaltnr'])
    .addUniqueConstraint('travel_stop_point_unique', ['id_jrn_date', 'direction', 'id_zus_zustiege'])
    .execute();
  await db.schema.createIndex('travel_stop_point_idx').on('travel_stop').column('id_zus_zustiege').execute();

  // ★ Capacity pools (Kontingente): held never exceeds capacity, at the database level too.
  await db.schema
    .createTable('quota')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_jrn_date', 'integer', (c) => c.notNull().references('jrn_date.nr').onDelete('cascade'))
    /** seat (ref = transport.id) | room (ref = jrn_room_type.id) | extra (ref = jrn_extra.id) */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('quota_date_kind_ref_unique', ['id_jrn_date', 'kind', 'ref'])
    .addCheckConstraint('quota_held_within_capacity', sql`held >= 0 and held <= capacity`)
    .execute();

  // Bookings (Vorgang). `id` is the booking number (vorgangnr) the API speaks.
  await db.schema
    .createTable('booking')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_jrn_date', 'integer', (c) => c.notNull().references('jrn_date.nr'))
    .addColumn('id_jrn_journey', 'integer', (c) => c.notNull().references('jrn_journey.id_jrn_journey'))
    /** the booker (buchender): a customer card */
    .addColumn('id_booker_card', 'integer', (c) => c.references('vc_card.id_vc_card'))
    /** the agency that booked it, or null for the operator's own bookings */
    .addColumn('id_organization', 'integer', (c) => c.references('organization.id'))
    /** draft | request | option | waitlist | firm | processing | cancelled (ADR 0014) */
    .addColumn('status', 'text', (c) => c.notNull())
    /** an option is held until then; the expiry job releases it afterwards */
    .addColumn('option_until', t.timestamp)
    .addColumn('title', 'text')
    .addColumn('comment', 'text')
    /** the RATIO booking number when the booking came from or went to RATIO */
    .addColumn('ratio_vorgangnr', 'text')
    .addColumn('invoice_number', 'text')
    /** Σ booking_price_line.amount_cents */
    .addColumn('total_cents', 'integer', (c) => c.notNull().defaultTo(0))
    /** optimistic lock: every change increments it */
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('cancelled_at', t.timestamp)
    .execute();
  for (const [name, columns] of [
    ['booking_date_status_idx', ['id_jrn_date', 'status', 'id']],
    ['booking_journey_idx', ['id_jrn_journey', 'id']],
    ['booking_booker_idx', ['id_booker_card', 'id']],
    ['booking_organization_idx', ['id_organization', 'id']],
    ['booking_status_option_idx', ['status', 'option_until']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('booking')
      .columns([...columns])
      .execute();
  }

  // Rooms a booking takes (each one unit of a room quota); participants say which room they sleep in.
  await db.schema
    .createTable('booking_room')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_booking', 'integer', (c) => c.notNull().references('booking.id').onDelete('cascade'))
    .addColumn('id_jrn_room_type', 'integer', (c) => c.notNull().references('jrn_room_type.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('booking_room_booking_idx').on('booking_room').column('id_booking').execute();

  // Participants (Teilnehmer), with RATIO's fields and lengths (spec §3 "Participant").
  await db.schema
    .createTable('participant')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_booking', 'integer', (c) => c.notNull().references('booking.id').onDelete('cascade'))
    /** 1, 2, … within the booking */
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('anrede', 'text')
    .addColumn('titel', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name1', 'text')
    .addColumn('name2', 'text')
    .addColumn('name3', 'text')
    .addColumn('namenszusatz', 'text')
    .addColumn('geburtstag', t.date)
    .addColumn('nation', 'text')
    .addColumn('passnummer', 'text')
    .addColumn('telefon', 'text')
    .addColumn('email', 'text')
    .addColumn('info1', 'text')
    .addColumn('info2', 'text')
    .addColumn('ref1', 'text')
    .addColumn('ref2', 'text')
    .addColumn('gruppe', 'text')
    /** the seat was chosen and must not be moved by automatic assignment */
    .addColumn('sitzfest', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('status', 'text')
    .addColumn('reservierungsnr', 'text')
    .addColumn('leistungen', 'text')
    /** the date's price line that applies (adult, child …) */
    .addColumn('id_jrn_date_price', 'integer', (c) => c.references('jrn_date_price.id').onDelete('set null'))
    .addColumn('id_travel_stop_out', 'integer', (c) => c.references('travel_stop.id'))
    .addColumn('id_travel_stop_ret', 'integer', (c) => c.references('travel_stop.id'))
    .addColumn('id_booking_room', 'integer', (c) => c.references('booking_room.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('participant_booking_idx')
    .on('participant')
    .columns(['id_booking', 'position'])
    .execute();
  await db.schema.createIndex('participant_stop_out_idx').on('participant').column('id_travel_stop_out').execute();
  await db.schema.createIndex('participant_stop_ret_idx').on('participant').column('id_travel_stop_ret').execute();

  // Limited or priced extras a booking takes.
  await db.schema
    .createTable('booking_extra')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_booking', 'integer', (c) => c.notNull().references('booking.id').onDelete('cascade'))
    .addColumn('id_jrn_extra', 'integer', (c) => c.notNull().references('jrn_extra.id'))
    .addColumn('units', 'integer', (c) => c.notNull())
    .addUniqueConstraint('booking_extra_unique', ['id_booking', 'id_jrn_extra'])
    .execute();

  // ★ What each capacity-holding booking holds of each quota; Σ units over a quota = quota.held.
  await db.schema
    .createTable('booking_hold')
    .addColumn('id_booking', 'integer', (c) => c.notNull().references('booking.id').onDelete('cascade'))
    .addColumn('id_quota', 'integer', (c) => c.notNull().references('quota.id'))
    .addColumn('units', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('booking_hold_pk', ['id_booking', 'id_quota'])
    .addCheckConstraint('booking_hold_units_positive', sql`units > 0`)
    .execute();
  await db.schema.createIndex('booking_hold_quota_idx').on('booking_hold').column('id_quota').execute();

  // ★ A seat of a transport is held by at most one participant; rows exist only while the booking holds capacity.
  await db.schema
    .createTable('seat_assignment')
    .addColumn('id_transport', 'integer', (c) => c.notNull().references('transport.id'))
    /** the seat's label (cell txt) */
    .addColumn('seat', 'text', (c) => c.notNull())
    .addColumn('id_participant', 'integer', (c) => c.notNull().references('participant.id').onDelete('cascade'))
    .addColumn('id_booking', 'integer', (c) => c.notNull().references('booking.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('seat_assignment_pk', ['id_transport', 'seat'])
    .addUniqueConstraint('seat_assignment_participant_unique', ['id_transport', 'id_participant'])
    .execute();
  await db.schema.createIndex('seat_assignment_booking_idx').on('seat_assignment').column('id_booking').execute();
  await db.schema
    .createIndex('seat_assignment_participant_idx')
    .on('seat_assignment')
    .column('id_participant')
    .execute();

  // Price lines: the booking's total is their sum (invariant 5).
  await db.schema
    .createTable('booking_price_line')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_booking', 'integer', (c) => c.notNull().references('booking.id').onDelete('cascade'))
    .addColumn('id_participant', 'integer', (c) => c.references('participant.id').onDelete('cascade'))
    /** base | stop | room | extra | insurance | discount | fee */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_price_line_booking_idx').on('booking_price_line').column('id_booking').execute();

  // The history: who changed what and when (invariant 6).
  await db.schema
    .createTable('booking_event')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_booking', 'integer', (c) => c.notNull().references('booking.id').onDelete('cascade'))
    .addColumn('at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('by_user', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    /** created | status | seat | stop | participants | rooms | extras | price | cancelled | expired | offered */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** JSON { before, after } */
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('booking_event_booking_idx').on('booking_event').columns(['id_booking', 'id']).execute();

  // Idempotency-Key: a retried create returns the first answer (kept a day).
  await db.schema
    .createTable('idempotency_key')
    /** `${user id}:${method} ${route}:${key}` */
    .addColumn('scope_key', 'text', (c) => c.primaryKey())
    /** sha-256 of the request body; the same key with another body is refused (409 error.idempotencyKeyReused) */
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('idempotency_key_created_idx').on('idempotency_key').column('created_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'idempotency_key',
    'booking_event',
    'booking_price_line',
    'seat_assignment',
    'booking_hold',
    'booking_extra',
    'participant',
    'booking_room',
    'booking',
    'quota',
    'travel_stop',
    'transport',
    'seat_plan',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
