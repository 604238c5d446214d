import { ZSeatLayout, type BookingStatus, type SeatLayout, type StopDirection } from '@tourdesk/contracts';
import { parseJson, toBool } from '../../db/dialect.ts';

/**
 * What every manifest is built from: the departure, its coaches and stops, and the travellers of its
 * capacity-holding bookings with their seats, stops, rooms and a phone number. Assembled from plain rows so the
 * document builders never see SQL.
 */
export type ManifestStop = {
  id: number;
  direction: StopDirection;
  number: number;
  /** HH:mm, or null when the stop has no time yet */
  time: string | null;
  dayOffset: number;
  name: string;
  address: string;
};

export type ManifestCoach = {
  id: number;
  direction: StopDirection;
  position: number;
  name: string;
  layout: SeatLayout;
  blocked: string[];
  vehicle: string | null;
  driverName: string | null;
};

export type ManifestSeat = { coachId: number; coach: string; seat: string };

export type ManifestTraveller = {
  id: number;
  bookingId: number;
  position: number;
  name: string;
  /** the first name(s) (`participant.name1`), which `name` leaves out */
  firstName?: string | null;
  birthday: string | null;
  nation: string | null;
  /** the participant's own phone, else the booker's first */
  phone: string | null;
  email: string | null;
  status: BookingStatus;
  stops: Record<StopDirection, ManifestStop | null>;
  seats: Record<StopDirection, ManifestSeat | null>;
  roomId: number | null;
};

export type ManifestRoom = {
  id: number;
  bookingId: number;
  position: number;
  kind: string;
  typeName: string | null;
  accommodationId: number;
  accommodationName: string;
};

export type ManifestData = {
  departure: { nr: number; code: string; title: string; from: string; till: string };
  coaches: ManifestCoach[];
  stops: ManifestStop[];
  travellers: ManifestTraveller[];
  rooms: ManifestRoom[];
};

export type ManifestRows = {
  departure: { nr: number; termincode: string; date_from: string; date_till: string; title: string };
  transports: Array<{
    id: number;
    direction: string;
    position: number;
    name: string;
    layout: string;
    blocked_seats: string;
    vehicle: string | null;
    driver_name: string | null;
  }>;
  stops: Array<{
    id: number;
    direction: string;
    knotenhaltnr: number;
    time: string | null;
    day_offset: number;
    name: string;
    street: string | null;
    number: string | null;
    zip: string | null;
    city: string | null;
  }>;
  participants: Array<{
    id: number;
    id_booking: number;
    position: number;
    titel: string | null;
    name: string;
    name1?: string | null;
    geburtstag: string | Date | null;
    nation: string | null;
    telefon: string | null;
    email: string | null;
    id_travel_stop_out: number | null;
    id_travel_stop_ret: number | null;
    id_booking_room: number | null;
    status: BookingStatus;
    id_booker_card: number | null;
  }>;
  seats: Array<{ id_transport: number; seat: string; id_participant: number }>;
  bookerPhones: Array<{ id_vc_card: number; value: string; drop: number | boolean }>;
  rooms: Array<{
    id: number;
    id_booking: number;
    position: number;
    kind: string;
    room_type_name: string | null;
    accommodation_id: number;
    accommodation_name: string;
  }>;
};

const direction = (value: string): StopDirection => (value === 'return' ? 'return' : 'outbound');
const EMPTY_LAYOUT: SeatLayout = { decks: [] };
const dateText = (value: string | Date | null) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : (value?.slice(0, 10) ?? null);

/** Natural order of seat labels: 2 before 10, 1A before 1B. */
export const compareSeats = (a: string, b: string) => a.localeCompare(b, 'de', { numeric: true });
/** Names the German way (DIN 5007 variant 1: ä as a, case ignored). */
export const compareNames = (a: string, b: string) => a.localeCompare(b, 'de', { sensitivity: 'base' });

export function assembleManifest(rows: ManifestRows): ManifestData {
  const stops: ManifestStop[] = rows.stops.map((row) => ({
    id: row.id,
    direction: direction(row.direction),
    number: row.knotenhaltnr,
    time: row.time,
    dayOffset: row.day_offset,
    name: row.name,
    address: [[row.street, row.number].filter(Boolean).join(' '), [row.zip, row.city].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
  }));
  const coaches: ManifestCoach[] = rows.transports.map((row) => {
    const layout = ZSeatLayout.safeParse(parseJson(row.layout, null));
    return {
      id: row.id,
      direction: direction(row.direction),
      position: row.position,
      name: row.name,
      layout: layout.success ? layout.data : EMPTY_LAYOUT,
      blocked: parseJson<string[]>(row.blocked_seats, []),
      vehicle: row.vehicle,
      driverName: row.driver_name,
    };
  });
  const stopById = new Map(stops.map((stop) => [stop.id, stop]));
  const coachById = new Map(coaches.map((coach) => [coach.id, coach]));
  const seatsByParticipant = new Map<number, Record<StopDirection, ManifestSeat | null>>();
  for (const row of rows.seats) {
    const coach = coachById.get(row.id_transport);
    if (!coach) continue;
    const seats = seatsByParticipant.get(row.id_participant) ?? { outbound: null, return: null };
    seats[coach.direction] = { coachId: coach.id, coach: coach.name, seat: row.seat };
    seatsByParticipant.set(row.id_participant, seats);
  }
  const bookerPhone = new Map<number, string>();
  for (const row of rows.bookerPhones) {
    if (!toBool(row.drop) && row.value.trim() !== '' && !bookerPhone.has(row.id_vc_card))
      bookerPhone.set(row.id_vc_card, row.value.trim());
  }
  const stop = (id: number | null) => (id === null ? null : (stopById.get(id) ?? null));
  const travellers: ManifestTraveller[] = rows.participants.map((row) => ({
    id: row.id,
    bookingId: row.id_booking,
    position: row.position,
    name: [row.titel, row.name].filter(Boolean).join(' '),
    firstName: row.name1?.trim() || null,
    birthday: dateText(row.geburtstag),
    nation: row.nation,
    phone: row.telefon?.trim() || (row.id_booker_card === null ? null : (bookerPhone.get(row.id_booker_card) ?? null)),
    email: row.email,
    status: row.status,
    stops: { outbound: stop(row.id_travel_stop_out), return: stop(row.id_travel_stop_ret) },
    seats: seatsByParticipant.get(row.id) ?? { outbound: null, return: null },
    roomId: row.id_booking_room,
  }));
  return {
    departure: {
      nr: rows.departure.nr,
      code: rows.departure.termincode,
      title: rows.departure.title,
      from: rows.departure.date_from,
      till: rows.departure.date_till,
    },
    coaches,
    stops,
    travellers,
    rooms: rows.rooms.map((row) => ({
      id: row.id,
      bookingId: row.id_booking,
      position: row.position,
      kind: row.kind,
      typeName: row.room_type_name,
      accommodationId: row.accommodation_id,
      accommodationName: row.accommodation_name,
    })),
  };
}
