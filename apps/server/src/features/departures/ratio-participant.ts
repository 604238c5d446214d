import type { RatioParticipant } from '@tourdesk/contracts';
import { toBool } from '../../db/dialect.ts';
import type { DbContext } from '../../types.ts';
import {
  findRatioParticipantRows,
  findRatioRoomRows,
  findRatioSeatRows,
  type ParticipantScope,
  type RatioParticipantRow,
  type RatioRoomRow,
  type RatioSeatRow,
} from './ratio-participants.repository.ts';

/**
 * A participant as RATIO shows it (`ZRatioParticipant`): the stored fields plus, per direction, the travel stop's
 * number (knotenhaltnr), the seat and the coach (bus = transport position). Used by `/ratio/api/termine/{id}`,
 * `/ratio/api/participants/{id}` and the bookings feature's `GET /ratio_vorgang/{id}`: keep it stable.
 */
export type { ParticipantScope, RatioParticipantRow, RatioRoomRow, RatioSeatRow };

/** A participant's seat and coach in one direction. */
export type RatioSeatOf = { seat: string; bus: number };
export type RatioSeatsOf = { outbound?: RatioSeatOf; return?: RatioSeatOf };

const dateText = (value: string | Date | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);

/** The participant fields RATIO shows, with its travel stops' numbers (what any query of participants can give). */
export type RatioParticipantFields = Omit<RatioParticipantRow, 'id_jrn_date'>;

/** One row → RATIO's participant; `seats` are its seats per direction, `zimmer` the index of its room in its booking. */
export function toRatioParticipant(
  row: RatioParticipantFields,
  seats: RatioSeatsOf = {},
  zimmer: number | null = null,
): RatioParticipant {
  return {
    nr: row.id,
    vorgangnr: row.id_booking,
    position: row.position,
    anrede: row.anrede,
    titel: row.titel,
    name: row.name,
    name1: row.name1,
    name2: row.name2,
    name3: row.name3,
    namenszusatz: row.namenszusatz,
    geburtstag: dateText(row.geburtstag),
    nation: row.nation,
    passnummer: row.passnummer,
    telefon: row.telefon,
    email: row.email,
    info1: row.info1,
    info2: row.info2,
    ref1: row.ref1,
    ref2: row.ref2,
    gruppe: row.gruppe,
    sitzfest: toBool(row.sitzfest),
    status: row.status,
    reservierungsnr: row.reservierungsnr,
    leistungen: row.leistungen,
    price_id: row.id_jrn_date_price,
    zustieghin: row.knotenhaltnr_out,
    zustiegrueck: row.knotenhaltnr_ret,
    sitzhin: seats.outbound?.seat ?? null,
    sitzrueck: seats.return?.seat ?? null,
    bushin: seats.outbound?.bus ?? null,
    busrueck: seats.return?.bus ?? null,
    zimmer,
  };
}

/** Seats by participant id and direction (a participant has at most one seat per coach; the first coach wins). */
export function seatsByParticipant(rows: readonly RatioSeatRow[]): Map<number, RatioSeatsOf> {
  const byParticipant = new Map<number, RatioSeatsOf>();
  for (const row of rows) {
    const seats = byParticipant.get(row.id_participant) ?? {};
    const current = seats[row.direction];
    if (!current || row.position < current.bus) seats[row.direction] = { seat: row.seat, bus: row.position };
    byParticipant.set(row.id_participant, seats);
  }
  return byParticipant;
}

/** booking_room id → its index among its booking's rooms (rows ordered per booking). */
export function roomIndexes(rows: readonly RatioRoomRow[]): Map<number, number> {
  const indexes = new Map<number, number>();
  const counts = new Map<number, number>();
  for (const row of rows) {
    const index = counts.get(row.id_booking) ?? 0;
    indexes.set(row.id, index);
    counts.set(row.id_booking, index + 1);
  }
  return indexes;
}

/** Rows, seats and rooms → RATIO's participants, in the rows' order. */
export function toRatioParticipants(
  rows: readonly RatioParticipantRow[],
  seatRows: readonly RatioSeatRow[],
  roomRows: readonly RatioRoomRow[],
): RatioParticipant[] {
  const seats = seatsByParticipant(seatRows);
  const rooms = roomIndexes(roomRows);
  return rows.map((row) =>
    toRatioParticipant(
      row,
      seats.get(row.id),
      row.id_booking_room === null ? null : (rooms.get(row.id_booking_room) ?? null),
    ),
  );
}

/**
 * The participants of a departure's non-cancelled bookings (`{ nr }`) or of the given bookings
 * (`{ bookingIds }`), ordered by booking and position: three queries, whatever the number of participants.
 */
export async function loadRatioParticipants(ctx: DbContext, scope: ParticipantScope): Promise<RatioParticipant[]> {
  const rows = await findRatioParticipantRows(ctx.db, scope);
  if (rows.length === 0) return [];
  const [seatRows, roomRows] = await Promise.all([findRatioSeatRows(ctx.db, scope), findRatioRoomRows(ctx.db, scope)]);
  return toRatioParticipants(rows, seatRows, roomRows);
}

/** The participants of several dates' non-cancelled bookings, by date nr (three queries for all of them). */
export async function loadRatioParticipantsByDate(
  ctx: DbContext,
  nrs: readonly number[],
): Promise<Map<number, RatioParticipant[]>> {
  const byDate = new Map<number, RatioParticipant[]>(nrs.map((nr) => [nr, []]));
  const scope = { nrs };
  const rows = await findRatioParticipantRows(ctx.db, scope);
  if (rows.length === 0) return byDate;
  const [seatRows, roomRows] = await Promise.all([findRatioSeatRows(ctx.db, scope), findRatioRoomRows(ctx.db, scope)]);
  const participants = toRatioParticipants(rows, seatRows, roomRows);
  rows.forEach((row, index) => byDate.get(row.id_jrn_date)?.push(participants[index]!));
  return byDate;
}
