import { z } from 'zod';
import {
  ALL_ITEMS_LIMIT,
  BOOKING_STATUS_NUMBER,
  buildSearchText,
  DEFAULT_OPTION_DAYS,
  processStatusOf,
  type DocumentLanguage,
  holdsCapacity,
  WAITLIST_OFFER_HOURS,
  statusOfType,
  type Booking,
  type BookingStatus,
  type BookingStatusBody,
  type BookingSummary,
  type BookerInput,
  type CreateBookingBody,
  type ListQuery,
  type ParticipantInput,
  type RatioParticipant,
  type StopDirection,
  type UpdateBookingBody,
  type ZustiegBody,
} from '@tourdesk/contracts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { toCsv } from '../../lib/csv.ts';
import { resolveLimit, runList } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import { createCustomer } from '../customers/customers.service.ts';
import { agencyExists, getOrganization } from '../organizations/organizations.service.ts';
import { findDepartureDate, toRatioParticipant } from '../departures/departures.service.ts';
import { insuranceLines, insuranceProducts } from '../insurances/insurance-products.service.ts';
import { typedSetting } from '../settings/settings.service.ts';
import {
  currentSeatWishes,
  holdsAnything,
  releaseHolds,
  retakeHolds,
  takeHolds,
  type SeatWishes,
} from './booking-capacity.ts';
import { computePriceLines, nightsBetween, totalOf, type PriceLine } from './booking-prices.ts';
import {
  BOOKING_LIST_SPEC,
  bookingCountBase,
  bookingListBase,
  bookingListInRange,
  bumpBooking,
  cancelParticipantRows,
  claimExpiredOption,
  deleteBookingRooms,
  deleteBookingRow,
  deleteParticipantRows,
  findBookers,
  findBookingById,
  findCustomerCard,
  findCustomerCardByEmail,
  findExtrasOfBookingWithValue,
  findExtrasOfJourney,
  findExpiredOptionIds,
  findParticipantNamesOfBooking,
  findSearchSourceOfBooking,
  findWaitingBookings,
  findParticipantsOfBookings,
  findPriceLinesOfBooking,
  findPricesOfDate,
  findRoomsOfBooking,
  findRoomTypesOfJourney,
  findTravelStopsOfDate,
  insertBooking,
  insertBookingRoom,
  insertEvents,
  insertParticipant,
  insertPriceLines,
  lockBooking,
  replaceBookingExtras,
  replacePriceLines,
  updateBookingRow,
  updateBookingSearchText,
  updateParticipantRow,
  type BookingListRow,
  type DepartureRange,
  type ParticipantRow,
} from './bookings.repository.ts';
import { findSeatsOfBooking } from './booking-capacity.repository.ts';
import type { BookingActor } from './booking-actor.ts';
import { documentLanguage, lineText } from './line-texts.ts';

/** Other features (cancellations, invoices) write their lines in the booking's language the same way. */
export { documentLanguage, lineText, percentNumber } from './line-texts.ts';

/**
 * Bookings (Vorgang, DOMAIN.md, docs/adr/0014): every change runs in one transaction that writes the booking,
 * its participants, rooms, extras, price lines, capacity (booking-capacity.ts) and history together.
 */

export const SYSTEM_ACTOR: BookingActor = { userId: null, agencyId: null };
export { bookingActorOf, type BookingActor } from './booking-actor.ts';

const toEuro = (cents: number) => cents / 100;
const DAY_MS = 86_400_000;

/** Spec letters and the API's words for the two directions. */
export const directionOfRichtung = (richtung: 'H' | 'R'): StopDirection => (richtung === 'H' ? 'outbound' : 'return');
const stopField = (direction: StopDirection) => (direction === 'outbound' ? 'zustieghin' : 'zustiegrueck');

/** The status graph (ADR 0014): which status may follow which. */
export const STATUS_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  draft: ['request', 'option', 'waitlist', 'firm', 'cancelled'],
  request: ['option', 'firm', 'waitlist', 'cancelled'],
  option: ['firm', 'processing', 'waitlist', 'cancelled'],
  waitlist: ['option', 'firm', 'cancelled'],
  firm: ['processing', 'cancelled'],
  processing: ['firm', 'cancelled'],
  cancelled: [],
};
export const canTransition = (from: BookingStatus, to: BookingStatus) => STATUS_TRANSITIONS[from].includes(to);

// ---------------------------------------------------------------- reading

function toParticipant(
  row: ParticipantRow,
  seats: Map<number, Partial<Record<StopDirection, { seat: string; bus: number }>>>,
  roomIndex: Map<number, number>,
): RatioParticipant {
  return {
    ...toRatioParticipant(
      { ...row, knotenhaltnr_out: row.zustieghin ?? null, knotenhaltnr_ret: row.zustiegrueck ?? null },
      seats.get(row.id),
      row.id_booking_room === null ? null : (roomIndex.get(row.id_booking_room) ?? null),
    ),
    insurance: row.insurance,
    cancelledAt: toIso(row.cancelled_at),
  };
}

const isoDate = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

/** GET /ratio_vorgang/{id}: the booking with booker, participants (seats, stops, rooms), rooms, extras and prices. */
export async function getBooking(ctx: DbContext, id: number, actor?: BookingActor): Promise<Booking> {
  const row = await findBookingById(ctx.db, id);
  if (!row || (actor?.agencyId != null && row.id_organization !== actor.agencyId)) throw notFound();
  const [participants, seatRows, rooms, extras, lines, bookers] = await Promise.all([
    findParticipantsOfBookings(ctx.db, [id]),
    findSeatsOfBooking(ctx.db, id),
    findRoomsOfBooking(ctx.db, id),
    findExtrasOfBookingWithValue(ctx.db, id),
    findPriceLinesOfBooking(ctx.db, id),
    findBookers(ctx.db, row.id_booker_card === null ? [] : [row.id_booker_card]),
  ]);
  const seats = new Map<number, Partial<Record<StopDirection, { seat: string; bus: number }>>>();
  for (const seat of seatRows) {
    const entry = seats.get(seat.id_participant) ?? {};
    entry[seat.direction] = { seat: seat.seat, bus: seat.position };
    seats.set(seat.id_participant, entry);
  }
  const roomIndex = new Map(rooms.map((room, index) => [room.id, index]));
  const booker = bookers[0];
  return {
    id: row.id,
    nr: row.id,
    vorgangnr: row.id,
    ratio_vorgangnr: row.ratio_vorgangnr,
    ratio_id: booker?.ratio_id ?? null,
    termin: row.id_jrn_date,
    termincode: row.termincode,
    id_jrn_journey: row.id_jrn_journey,
    journeyTitle: row.journey_title,
    title: row.title,
    status: row.status,
    type: BOOKING_STATUS_NUMBER[row.status],
    processStatus: processStatusOf(row.status),
    nextStatuses: [...STATUS_TRANSITIONS[row.status]],
    option_until: toIso(row.option_until),
    date_from: isoDate(row.date_from),
    date_till: isoDate(row.date_till),
    price: toEuro(row.total_cents),
    paid: toEuro(row.paid_cents),
    open: toEuro(row.total_cents - row.paid_cents),
    dunningLevel: row.dunning_level,
    language: documentLanguage(row.language),
    confirmedAt: toIso(row.confirmed_at),
    comment: row.comment,
    invoiceNumber: row.invoice_number,
    agencyId: row.id_organization,
    version: row.version,
    createdAt: toIso(row.created_at)!,
    createdBy: row.created_by,
    updatedAt: toIso(row.updated_at)!,
    buchender: booker
      ? {
          id_vc_card: booker.id_vc_card,
          name: booker.name,
          kennziffer: booker.ratio_id,
          email: booker.email ?? null,
          phone: booker.phone ?? null,
        }
      : null,
    teilnehmer: participants.map((participant) => toParticipant(participant, seats, roomIndex)),
    rooms: rooms.map((room) => ({
      id: room.id,
      id_jrn_room_type: room.id_jrn_room_type,
      kind: room.kind,
      name: room.name ?? room.kind,
    })),
    extras: extras.map((extra) => ({ id_jrn_extra: extra.id_jrn_extra, value: extra.value, units: extra.units })),
    priceLines: lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      amount: toEuro(line.amount_cents),
      teilnehmerNr: line.id_participant,
    })),
  };
}

const toSummary = (row: BookingListRow): BookingSummary => ({
  id: row.id,
  nr: row.id,
  vorgangnr: row.id,
  termin: row.id_jrn_date,
  termincode: row.termincode,
  journeyTitle: row.journey_title,
  date_from: isoDate(row.date_from),
  status: row.status,
  type: BOOKING_STATUS_NUMBER[row.status],
  option_until: toIso(row.option_until),
  bookerName: row.booker_name,
  participants: Number(row.participant_count ?? 0),
  price: toEuro(row.total_cents),
  agencyId: row.id_organization,
  agencyName: row.agency_name ?? null,
  createdAt: toIso(row.created_at)!,
  id_jrn_journey: row.id_jrn_journey,
  id_booker_card: row.id_booker_card,
  createdBy: row.created_by,
  invoiceNumber: row.invoice_number,
  paid: toEuro(row.paid_cents),
  open: toEuro(row.total_cents - row.paid_cents),
});

const ZDay = z.iso.date();

/** `date_from[$gte]` / `date_from[$lte]` (YYYY-MM-DD) of a list query; anything else there is a 400. */
function departureRangeOf(query: ListQuery): DepartureRange | null {
  const raw = (query as Record<string, unknown>).date_from;
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidField('date_from', 'error.invalidFilter');
  const range: DepartureRange = {};
  for (const [operator, value] of Object.entries(raw as Record<string, unknown>)) {
    if ((operator !== '$gte' && operator !== '$lte') || !ZDay.safeParse(value).success)
      throw invalidField(`date_from.${operator}`, 'error.invalidFilter');
    if (operator === '$gte') range.from = value as string;
    else range.till = value as string;
  }
  return range.from === undefined && range.till === undefined ? null : range;
}

/** The list's query with the caller's scope: agency users see their own agency's bookings only. */
const scopedQuery = (query: ListQuery, actor: BookingActor) =>
  (actor.agencyId != null ? { ...query, agencyId: actor.agencyId } : query) as ListQuery;

/**
 * GET /ratio_vorgang: newest first; lit-search (booking number, booker, participants, journey, termincode,
 * invoice number), filters status, termin, id_jrn_journey (or journey), agencyId, createdBy, id_booker_card and the
 * departure range date_from[$gte|$lte]; agency users see their own.
 */
export function listBookings(ctx: DbContext, query: ListQuery, actor: BookingActor) {
  const range = departureRangeOf(query);
  const narrowed = range ? bookingListInRange(ctx.db, ctx.dialect, range, rangeOnlyTake(query, actor)) : null;
  return runList(
    ctx,
    BOOKING_LIST_SPEC,
    scopedQuery(query, actor),
    narrowed?.base ?? bookingListBase(ctx.db),
    (rows) => rows.map(toSummary),
    narrowed?.count ?? bookingCountBase(ctx.db),
    narrowed?.page,
  );
}

/** Query parameters that leave the list's rows and their order as the departure range alone has them. */
const RANGE_ONLY_PARAMS = new Set(['date_from', '$limit', '$skip', '$select', 'pagination']);

/**
 * How many rows (skip + limit) a departure-range list needs from each departure, when nothing but the range
 * narrows it and it is in its default order (newest first); otherwise undefined. Other filters, a search, a sort
 * or an agency's scope would make the newest n of a departure miss rows of the page.
 */
function rangeOnlyTake(query: ListQuery, actor: BookingActor): number | undefined {
  if (actor.agencyId != null) return undefined;
  if (Object.keys(query).some((key) => !RANGE_ONLY_PARAMS.has(key))) return undefined;
  if (query.pagination === 'false') return ALL_ITEMS_LIMIT;
  return resolveLimit(query, ALL_ITEMS_LIMIT) + (query.$skip ?? 0);
}

/** The export's columns, in the reader's language (de first: the office's language). */
const EXPORT_HEADERS: Record<DocumentLanguage, string[]> = {
  de: [
    'Vorgangsnr.',
    'Status',
    'Reise',
    'Termin',
    'Abreise',
    'Buchender',
    'Teilnehmer',
    'Preis',
    'Bezahlt',
    'Offen',
    'Rechnungsnr.',
    'Option bis',
    'Angelegt',
  ],
  en: [
    'Booking no.',
    'Status',
    'Journey',
    'Date code',
    'Departure',
    'Booker',
    'Participants',
    'Price',
    'Paid',
    'Open',
    'Invoice no.',
    'Option until',
    'Created',
  ],
  es: [
    'N.º de reserva',
    'Estado',
    'Viaje',
    'Código de fecha',
    'Salida',
    'Reservante',
    'Participantes',
    'Precio',
    'Pagado',
    'Pendiente',
    'N.º de factura',
    'Opción hasta',
    'Creada',
  ],
  ru: [
    '№ брони',
    'Статус',
    'Поездка',
    'Код даты',
    'Отъезд',
    'Заказчик',
    'Участники',
    'Цена',
    'Оплачено',
    'К оплате',
    '№ счёта',
    'Опция до',
    'Создана',
  ],
};
const EXPORT_STATUS: Record<DocumentLanguage, Record<BookingStatus, string>> = {
  de: {
    draft: 'Entwurf',
    request: 'Anfrage',
    option: 'Option',
    waitlist: 'Warteliste',
    firm: 'Fest gebucht',
    cancelled: 'Storniert',
    processing: 'In Bearbeitung',
  },
  en: {
    draft: 'Draft',
    request: 'Request',
    option: 'Option',
    waitlist: 'Waiting list',
    firm: 'Firm booking',
    cancelled: 'Cancelled',
    processing: 'In processing',
  },
  es: {
    draft: 'Borrador',
    request: 'Solicitud',
    option: 'Opción',
    waitlist: 'Lista de espera',
    firm: 'Reserva firme',
    cancelled: 'Cancelada',
    processing: 'En tramitación',
  },
  ru: {
    draft: 'Черновик',
    request: 'Запрос',
    option: 'Опция',
    waitlist: 'Лист ожидания',
    firm: 'Твёрдая бронь',
    cancelled: 'Отменена',
    processing: 'В обработке',
  },
};
/** German number format for the export (German Excel reads `1234,50`). */
const decimal = (value: number) => value.toFixed(2).replace('.', ',');
const day = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * GET /ratio_vorgang/export.csv: the list with the same search and filters, every matching booking up to the
 * list's maximum (1,000 rows, `$limit` lowers it), as CSV for German Excel in the reader's language.
 */
export async function exportBookingsCsv(
  ctx: DbContext,
  query: ListQuery,
  actor: BookingActor,
  language: string | undefined,
): Promise<string> {
  const lang = documentLanguage(language ?? 'de');
  const rows = (await listBookings(ctx, { ...query, pagination: 'false' }, actor)) as BookingSummary[];
  return toCsv(
    EXPORT_HEADERS[lang],
    rows.map((row) => [
      row.vorgangnr,
      EXPORT_STATUS[lang][row.status],
      row.journeyTitle,
      row.termincode,
      day(row.date_from),
      row.bookerName,
      row.participants,
      decimal(row.price),
      decimal(row.paid ?? 0),
      decimal(row.open ?? row.price),
      row.invoiceNumber ?? null,
      row.option_until ? day(row.option_until) : null,
      day(row.createdAt),
    ]),
  );
}

/**
 * Writes the booking's search text anew from what the list shows (in the change's transaction). Every change
 * passes recordBookingEvents, which calls it: two small reads, and a write only when the text changed.
 */
export async function refreshBookingSearchText(trx: DbContext, bookingId: number): Promise<void> {
  const [source, participants] = await Promise.all([
    findSearchSourceOfBooking(trx.db, bookingId),
    findParticipantNamesOfBooking(trx.db, bookingId),
  ]);
  if (!source) return;
  const text = buildSearchText([
    source.id,
    source.ratio_vorgangnr,
    source.booker_name,
    ...participants.flatMap((participant) => [participant.name1, participant.name]),
    source.title,
    source.journey_title,
    source.termincode,
    source.invoice_number,
  ]);
  if (text !== source.search_text) await updateBookingSearchText(trx.db, bookingId, text);
}

// ---------------------------------------------------------------- writing the booking's content

type Departure = NonNullable<Awaited<ReturnType<typeof findDepartureDate>>>;

async function departureOf(ctx: DbContext, nr: number): Promise<Departure> {
  const departure = await findDepartureDate(ctx, nr);
  if (!departure) throw invalidField('termin', 'error.notFound');
  return departure;
}

const bookable = (departure: Departure) => departure.bookable !== 2 && departure.journey_bookable !== 2;

function assertBookable(departure: Departure, status: BookingStatus) {
  if (status !== 'draft' && status !== 'cancelled' && !bookable(departure))
    throw new ApiError(409, 'error.departureNotBookable');
}

const ZOptionDays = z.number().min(0).max(365);
const ZOfferHours = z
  .number()
  .positive()
  .max(24 * 365);

/** An option's end: the one given, else OPTION_DAYS (setting) from now. */
const optionEnd = async (ctx: DbContext, value: string | null | undefined, now: Date) =>
  value
    ? new Date(value).toISOString()
    : new Date(
        now.getTime() + (await typedSetting(ctx, 'OPTION_DAYS', ZOptionDays, DEFAULT_OPTION_DAYS)) * DAY_MS,
      ).toISOString();

/** The participant's own fields as stored (RATIO's names, lengths checked by the contract). */
function participantColumns(input: ParticipantInput) {
  return {
    anrede: input.anrede ?? null,
    titel: input.titel ?? null,
    name: input.name,
    name1: input.name1 ?? null,
    name2: input.name2 ?? null,
    name3: input.name3 ?? null,
    namenszusatz: input.namenszusatz ?? null,
    geburtstag: input.geburtstag ?? null,
    nation: input.nation ?? null,
    passnummer: input.passnummer ?? null,
    telefon: input.telefon ?? null,
    email: input.email ?? null,
    info1: input.info1 ?? null,
    info2: input.info2 ?? null,
    ref1: input.ref1 ?? null,
    ref2: input.ref2 ?? null,
    gruppe: input.gruppe ?? null,
    sitzfest: input.sitzfest ?? Boolean(input.sitzhin || input.sitzrueck),
    status: input.status ?? null,
    reservierungsnr: input.reservierungsnr ?? null,
    leistungen: input.leistungen ?? null,
    insurance: input.insurance ?? null,
  };
}

type Content = Pick<CreateBookingBody, 'teilnehmer' | 'rooms' | 'extras'>;

/** The seat wishes a body states, by participant id (in body order). */
function wishesOf(teilnehmer: readonly ParticipantInput[], participantIds: readonly number[]): SeatWishes {
  const wishes: SeatWishes = new Map();
  teilnehmer.forEach((participant, index) => {
    const wish: Partial<Record<StopDirection, { seat: string | null; bus: number | null }>> = {};
    if (participant.sitzhin || participant.bushin)
      wish.outbound = { seat: participant.sitzhin ?? null, bus: participant.bushin ?? null };
    if (participant.sitzrueck || participant.busrueck)
      wish.return = { seat: participant.sitzrueck ?? null, bus: participant.busrueck ?? null };
    if (wish.outbound || wish.return) wishes.set(participantIds[index]!, wish);
  });
  return wishes;
}

type DateData = {
  stops: Awaited<ReturnType<typeof findTravelStopsOfDate>>;
  prices: Awaited<ReturnType<typeof findPricesOfDate>>;
  journeyExtras: Awaited<ReturnType<typeof findExtrasOfJourney>>;
};
const dateData = new WeakMap<Departure, Promise<DateData>>();

/**
 * The departure's travel stops, prices and the journey's extras, read once per change: writing the content and
 * pricing it both need them, and a `Departure` object lives for one request.
 */
function dateDataOf(trx: DbContext, departure: Departure): Promise<DateData> {
  let data = dateData.get(departure);
  if (!data) {
    data = Promise.all([
      findTravelStopsOfDate(trx.db, departure.nr),
      findPricesOfDate(trx.db, departure.nr),
      findExtrasOfJourney(trx.db, departure.id_jrn_journey),
    ]).then(([stops, prices, journeyExtras]) => ({ stops, prices, journeyExtras }));
    dateData.set(departure, data);
  }
  return data;
}

/**
 * Writes rooms, participants (with `nr`: changed, without: added, the booking's others: removed) and extras of
 * a body, after checking every reference against the departure. Returns the participant ids in body order.
 */
async function writeContent(
  trx: DbContext,
  bookingId: number,
  departure: Departure,
  body: Content,
  existing: readonly ParticipantRow[],
  /** a booking just inserted: it has no rooms, participants or extras to replace yet */
  isNew = false,
): Promise<number[]> {
  const [{ stops, prices, journeyExtras: extras }, roomTypes] = await Promise.all([
    dateDataOf(trx, departure),
    findRoomTypesOfJourney(trx.db, departure.id_jrn_journey),
  ]);
  body.rooms.forEach((room, index) => {
    if (!roomTypes.some((type) => type.id === room.id_jrn_room_type))
      throw invalidField(`rooms.${index}.id_jrn_room_type`, 'error.invalid');
  });
  const seenExtras = new Set<number>();
  body.extras.forEach((extra, index) => {
    if (!extras.some((known) => known.id === extra.id_jrn_extra) || seenExtras.has(extra.id_jrn_extra))
      throw invalidField(`extras.${index}.id_jrn_extra`, 'error.invalid');
    seenExtras.add(extra.id_jrn_extra);
  });
  const stopId = (direction: StopDirection, number: number | null | undefined, index: number) => {
    if (number == null) return null;
    const stop = stops.find((item) => item.direction === direction && item.knotenhaltnr === number);
    if (!stop) throw invalidField(`teilnehmer.${index}.${stopField(direction)}`, 'error.stopNotOnDate');
    return stop.id;
  };
  const existingIds = new Set(existing.map((participant) => participant.id));
  const insurances = body.teilnehmer.some((participant) => participant.insurance)
    ? (await insuranceProducts(trx)).map((product) => product.code)
    : [];
  body.teilnehmer.forEach((participant, index) => {
    if (participant.insurance && !insurances.includes(participant.insurance))
      throw invalidField(`teilnehmer.${index}.insurance`, 'error.insuranceUnknown');
    if (participant.price_id != null && !prices.some((price) => price.id === participant.price_id))
      throw invalidField(`teilnehmer.${index}.price_id`, 'error.invalid');
    if (participant.nr != null && !existingIds.has(participant.nr))
      throw invalidField(`teilnehmer.${index}.nr`, 'error.invalid');
  });

  if (!isNew) await deleteBookingRooms(trx.db, bookingId);
  const roomIds: number[] = [];
  for (const [index, room] of body.rooms.entries())
    roomIds.push(
      await insertBookingRoom(trx.db, {
        id_booking: bookingId,
        id_jrn_room_type: room.id_jrn_room_type,
        position: index + 1,
      }),
    );

  const kept = new Set(body.teilnehmer.flatMap((participant) => (participant.nr != null ? [participant.nr] : [])));
  // Cancelled participants stay for the history and their fee, whether the body names them or not.
  await deleteParticipantRows(
    trx.db,
    existing
      .filter((participant) => !kept.has(participant.id) && participant.cancelled_at === null)
      .map((participant) => participant.id),
  );
  const ids: number[] = [];
  for (const [index, participant] of body.teilnehmer.entries()) {
    const values = {
      ...participantColumns(participant),
      position: index + 1,
      id_jrn_date_price: participant.price_id ?? null,
      id_travel_stop_out: stopId('outbound', participant.zustieghin, index),
      id_travel_stop_ret: stopId('return', participant.zustiegrueck, index),
      id_booking_room: participant.zimmer != null ? (roomIds[participant.zimmer] ?? null) : null,
    };
    if (participant.nr != null) {
      await updateParticipantRow(trx.db, participant.nr, values);
      ids.push(participant.nr);
    } else {
      ids.push(await insertParticipant(trx.db, { ...values, id_booking: bookingId }));
    }
  }
  if (!isNew || body.extras.length > 0)
    await replaceBookingExtras(
      trx.db,
      bookingId,
      body.extras.map((extra) => ({ id_jrn_extra: extra.id_jrn_extra, units: extra.units })),
    );
  return ids;
}

/**
 * Recomputes the price lines from the stored rows and writes them and the total; returns the total in cents.
 * Cancellation fee lines are kept; cancelled participants are priced only by them.
 */
async function repriceBooking(
  trx: DbContext,
  bookingId: number,
  departure: Departure,
  language: DocumentLanguage,
): Promise<number> {
  const lines = await priceLinesOf(trx, bookingId, departure, language);
  await replacePriceLines(
    trx.db,
    bookingId,
    lines.map((line) => ({
      id_participant: line.participant,
      kind: line.kind,
      description: line.description.slice(0, 500),
      amount_cents: line.amount_cents,
    })),
  );
  const total = totalOf(lines);
  await updateBookingRow(trx.db, bookingId, { total_cents: total });
  return total;
}

/** The price lines of the stored rows, as if the participants `alsoCancelled` were cancelled too. */
async function priceLinesOf(
  trx: DbContext,
  bookingId: number,
  departure: Departure,
  language: DocumentLanguage,
  alsoCancelled: ReadonlySet<number> = new Set(),
): Promise<PriceLine[]> {
  const [{ prices, stops, journeyExtras }, participants, rooms, extras, oldLines] = await Promise.all([
    dateDataOf(trx, departure),
    findParticipantsOfBookings(trx.db, [bookingId]),
    findRoomsOfBooking(trx.db, bookingId),
    findExtrasOfBookingWithValue(trx.db, bookingId),
    findPriceLinesOfBooking(trx.db, bookingId),
  ]);
  const participantIds = new Set(participants.map((participant) => participant.id));
  const roomIndex = new Map(rooms.map((room, index) => [room.id, index]));
  const stopOf = (id: number | null) => (id === null ? undefined : stops.find((stop) => stop.id === id));
  const lines = computePriceLines({
    prices,
    participants: participants.map((participant) => ({
      id: participant.id,
      // first name and surname: a family shares the surname, so the surname alone names no one on the lines
      name: [participant.name1, participant.name].filter(Boolean).join(' '),
      priceId: participant.id_jrn_date_price,
      room: participant.id_booking_room === null ? null : (roomIndex.get(participant.id_booking_room) ?? null),
      // the direction in the line, or the two surcharges of a stop read as the same line twice
      stops: [
        ['stopOut', stopOf(participant.id_travel_stop_out)] as const,
        ['stopBack', stopOf(participant.id_travel_stop_ret)] as const,
      ].flatMap(([direction, stop]) =>
        stop
          ? [{ description: lineText(language, direction, { stop: stop.name }), surcharge_cents: stop.surcharge_cents }]
          : [],
      ),
      cancelled: participant.cancelled_at !== null || alsoCancelled.has(participant.id),
    })),
    rooms: rooms.map((room) => room.kind),
    extras: extras.map((extra) => {
      const known = journeyExtras.find((item) => item.id === extra.id_jrn_extra);
      return {
        value: extra.value,
        price_cents: known?.price_cents ?? 0,
        price_due: known?.price_due ?? 'once',
        units: extra.units,
      };
    }),
    nights: nightsBetween(isoDate(departure.date_from), isoDate(departure.date_till)),
    fees: oldLines
      .filter((line) => line.kind === 'fee')
      .map((line) => ({
        kind: 'fee' as const,
        description: line.description,
        amount_cents: line.amount_cents,
        // a participant removed from the booking since: the fee stays with the booking
        participant:
          line.id_participant !== null && participantIds.has(line.id_participant) ? line.id_participant : null,
      })),
  });
  const travelling = participants.filter((participant) => !alsoCancelled.has(participant.id));
  lines.push(...(await insuranceLinesOf(trx, travelling, lines, departure)));
  return lines;
}

/** The travel-insurance lines of the participants who chose a product (cancelled ones hold none). */
async function insuranceLinesOf(
  trx: DbContext,
  participants: readonly ParticipantRow[],
  lines: readonly PriceLine[],
  departure: Departure,
): Promise<PriceLine[]> {
  const travelling = participants.filter((participant) => participant.cancelled_at === null);
  const insured = travelling.flatMap((participant) =>
    participant.insurance ? [{ ...participant, insurance: participant.insurance }] : [],
  );
  if (insured.length === 0) return [];
  return insuranceLines(
    await insuranceProducts(trx),
    insured,
    travelling.map((participant) => participant.id),
    lines,
    isoDate(departure.date_from),
  );
}

export type BookingEventInput = { kind: string; before?: unknown; after?: unknown };
type EventInput = BookingEventInput;

/** What a change listener hears: the booking, the history entries the change wrote, who and when. */
export type BookingChange = { bookingId: number; events: readonly BookingEventInput[]; actor: BookingActor; now: Date };
export type BookingChangeListener = (trx: DbContext, change: BookingChange) => Promise<void>;
const changeListeners = new Set<BookingChangeListener>();

/**
 * Lets another feature take part in every booking change, inside its transaction (payments rewrite the
 * schedule, booking mails are queued …): a listener that throws rolls the change back. Registered once at
 * start-up by the feature's routes, like the booking guards.
 */
export function onBookingChange(listener: BookingChangeListener): void {
  changeListeners.add(listener);
}

/**
 * Writes the history of a change and lets the listeners take part in it (one place every change passes). Other
 * features record their own entries on a booking (a payment, an invoice, a mail) through it, in their transaction.
 */
export async function recordBookingEvents(
  trx: DbContext,
  bookingId: number,
  actor: BookingActor,
  events: EventInput[],
  now: Date,
) {
  if (events.length === 0) return;
  await insertEvents(
    trx.db,
    events.map((event) => ({
      id_booking: bookingId,
      at: now.toISOString(),
      by_user: actor.userId,
      kind: event.kind,
      data: JSON.stringify({ before: event.before ?? null, after: event.after ?? null }),
    })),
  );
  await refreshBookingSearchText(trx, bookingId);
  for (const listener of changeListeners) await listener(trx, { bookingId, events, actor, now });
}

/**
 * The booker's card: an existing customer by card id or RATIO number, or a new customer. A booking for an agency
 * (`agencyId`: the agency user's own, or the one staff book for) takes only that agency's customers: another
 * agency's card or an office customer is treated like an unknown one — for an agency user 404, so that its
 * existence is not revealed (docs/adr/0019) — and a new booker is filed as the agency's customer.
 */
async function resolveBooker(
  trx: DbContext,
  booker: BookerInput,
  actor: BookingActor,
  agencyId: number | null = actor.agencyId,
): Promise<number> {
  const ours = (card: { id_organization: number | null }) => agencyId == null || card.id_organization === agencyId;
  let kennziffer = booker.kennziffer ?? null;
  if (booker.id_vc_card !== undefined || booker.kennziffer) {
    const card = await findCustomerCard(trx.db, {
      ...(booker.id_vc_card !== undefined ? { id: booker.id_vc_card } : {}),
      ...(booker.kennziffer ? { ratioId: booker.kennziffer } : {}),
    });
    if (card && ours(card)) return card.id_vc_card;
    if (booker.id_vc_card !== undefined || !booker.surname) {
      if (actor.agencyId != null) throw notFound();
      throw invalidField(
        booker.id_vc_card !== undefined ? 'buchender.id_vc_card' : 'buchender.kennziffer',
        'error.notFound',
      );
    }
    // Another agency's (or the office's) customer has this RATIO number: the new booker is filed without it.
    if (card) kennziffer = null;
  }
  const body = {
    firstName: booker.firstName ?? '',
    surname: booker.surname ?? '',
    salutation: booker.salutation ?? null,
    address: booker.street ?? null,
    zip: booker.zip ?? null,
    city: booker.city ?? null,
    country: booker.country ?? null,
    ratio_id: kennziffer,
    agencyId,
    phones: booker.phone ? [{ key: 'phone-private' as const, value: booker.phone }] : [],
    emails: booker.email ? [{ key: 'email-private' as const, value: booker.email.toLowerCase() }] : [],
  };
  // A new booker whose e-mail a customer (of the same agency) already has is that customer.
  const email = booker.email?.toLowerCase();
  const known = email ? await findCustomerCardByEmail(trx.db, email) : undefined;
  if (known && ours(known)) return known.id_vc_card;
  try {
    return (await createCustomer(trx, body, { kind: 'all' })).id_vc_card;
  } catch (error) {
    // The e-mail belongs to another agency's customer: the booker is filed without it.
    if (error instanceof ApiError && error.key === 'error.emailExists')
      return (await createCustomer(trx, { ...body, emails: [] }, { kind: 'all' })).id_vc_card;
    throw error;
  }
}

/**
 * The agency a new booking is for: an agency user's own (whatever the body says); for staff the body's
 * `agencyId` (an existing agency, else 400 at agencyId), or none — the office's own booking.
 */
async function agencyOfNewBooking(trx: DbContext, body: CreateBookingBody, actor: BookingActor) {
  if (actor.agencyId != null) return actor.agencyId;
  if (body.agencyId == null) return null;
  if (!(await agencyExists(trx, body.agencyId))) throw invalidField('agencyId', 'error.invalid');
  return body.agencyId;
}

/**
 * Who a booking's mails go to (docs/adr/0019): the booker and, for an agency's booking, the agency too (the
 * e-mail on its organization's card), each address once. Empty when there is nobody to write to.
 */
export async function bookingMailRecipients(
  ctx: DbContext,
  bookerEmail: string | null | undefined,
  agencyId: number | null,
): Promise<string[]> {
  const agencyEmail =
    agencyId == null ? null : ((await getOrganization(ctx, agencyId).catch(() => null))?.email ?? null);
  const addresses = [bookerEmail, agencyEmail].filter((address): address is string => Boolean(address));
  return [...new Map(addresses.map((address) => [address.toLowerCase(), address])).values()];
}

// ---------------------------------------------------------------- create

/**
 * POST /ratio_vorgang in the caller's transaction: the booking, its content, its capacity (a holding status
 * takes it now, 409 error.soldOut / seatTaken / seatUnavailable roll everything back), prices and history.
 */
export async function createBookingIn(
  trx: DbContext,
  body: CreateBookingBody,
  actor: BookingActor,
  now = new Date(),
): Promise<number> {
  const departure = await departureOf(trx, body.termin);
  const status = statusOfType(body.type);
  assertBookable(departure, status);
  const agencyId = await agencyOfNewBooking(trx, body, actor);
  const language = body.language ?? documentLanguage(actor.language ?? 'de');
  const bookerId = body.buchender ? await resolveBooker(trx, body.buchender, actor, agencyId) : null;
  const id = await insertBooking(trx.db, {
    id_jrn_date: departure.nr,
    id_jrn_journey: departure.id_jrn_journey,
    id_booker_card: bookerId,
    id_organization: agencyId,
    status,
    option_until: status === 'option' ? await optionEnd(trx, body.option_until, now) : null,
    title: body.title ?? null,
    comment: body.comment ?? null,
    ratio_vorgangnr: body.ratio_vorgangnr ?? null,
    invoice_number: null,
    language,
    brand_host: actor.host ?? null,
    confirmed_at: status === 'firm' ? now.toISOString() : null,
    created_by: actor.userId,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    cancelled_at: null,
  });
  const participantIds = await writeContent(trx, id, departure, body, [], true);
  if (holdsCapacity(status)) await takeHolds(trx, id, wishesOf(body.teilnehmer, participantIds));
  const total = await repriceBooking(trx, id, departure, language);
  await recordBookingEvents(
    trx,
    id,
    actor,
    [{ kind: 'created', after: { status, participants: participantIds.length, total_cents: total } }],
    now,
  );
  return id;
}

export async function createBooking(
  ctx: DbContext,
  body: CreateBookingBody,
  actor: BookingActor,
  now = new Date(),
): Promise<Booking> {
  return inTransaction(ctx, async (trx) => getBooking(trx, await createBookingIn(trx, body, actor, now)));
}

// ---------------------------------------------------------------- changes of an existing booking

type Locked = NonNullable<Awaited<ReturnType<typeof lockBooking>>>;

/** Reads and locks a booking for a change; refuses cancelled ones, and (unless `statusChange`) ones in processing. */
async function lockForChange(
  trx: DbContext,
  id: number,
  actor: BookingActor,
  options: { version?: number; statusChange?: boolean } = {},
): Promise<Locked> {
  const booking = await lockBooking(trx.db, id, trx.dialect);
  if (!booking) throw notFound();
  if (actor.agencyId != null) {
    const full = await findBookingById(trx.db, id);
    if (full?.id_organization !== actor.agencyId) throw notFound();
  }
  if (booking.status === 'cancelled') throw new ApiError(409, 'error.bookingCancelled');
  if (booking.status === 'processing' && !options.statusChange) throw new ApiError(409, 'error.processInProgress');
  if (options.version !== undefined && options.version !== booking.version)
    throw new ApiError(409, 'error.versionConflict');
  return booking;
}

/** Bumps the version, guarded by the version read under the lock. */
/** A booking's first firm status stamps `confirmed_at` (the deposit falls due from then); later ones keep it. */
const confirmedOn = (booking: Locked, target: BookingStatus, now: Date) =>
  target === 'firm' && booking.confirmed_at === null ? { confirmed_at: now.toISOString() } : {};

async function bump(trx: DbContext, booking: Locked, values: Parameters<typeof bumpBooking>[2], now: Date) {
  if (!(await bumpBooking(trx.db, booking.id, { ...values, updated_at: now.toISOString() }, booking.version)))
    throw new ApiError(409, 'error.versionConflict');
}

/**
 * PUT /ratio/api/booking/{nr}: the whole booking. Participants with `nr` are changed, without added, missing
 * removed; rooms and extras replaced; a holding booking gives back all it holds and takes it again in the same
 * transaction, everyone keeping their seat unless the body names another. `type`, when it asks for another
 * status, changes it along the status graph.
 */
export async function updateBooking(
  ctx: DbContext,
  id: number,
  body: UpdateBookingBody,
  actor: BookingActor,
  now = new Date(),
): Promise<Booking> {
  const dateNr = await inTransaction(ctx, async (trx) => {
    const booking = await lockForChange(trx, id, actor, { version: body.version });
    const departure = await departureOf(trx, body.termin ?? booking.id_jrn_date);
    const moved = departure.nr !== booking.id_jrn_date;
    const existing = await findParticipantsOfBookings(trx.db, [id]);
    const before = await getBooking(trx, id);
    const target = body.type !== undefined ? statusOfType(body.type) : booking.status;
    assertAgencyMaySet(actor, booking.status, target);
    if (target !== booking.status && !canTransition(booking.status, target))
      throw new ApiError(409, 'error.statusTransition');
    assertBookable(departure, target);
    if (target !== 'draft' && body.teilnehmer.length === 0) throw invalidField('teilnehmer', 'error.nonEmptyList');

    const seats = moved ? new Map() : await currentSeatWishes(trx, id);
    await releaseHolds(trx, id);
    await updateBookingRow(trx.db, id, {
      id_jrn_date: departure.nr,
      id_jrn_journey: departure.id_jrn_journey,
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.comment !== undefined ? { comment: body.comment } : {}),
      ...(body.ratio_vorgangnr !== undefined ? { ratio_vorgangnr: body.ratio_vorgangnr } : {}),
      ...(body.buchender ? { id_booker_card: await resolveBooker(trx, body.buchender, actor, before.agencyId) } : {}),
    });
    const participantIds = await writeContent(trx, id, departure, body, existing);
    if (holdsCapacity(target)) {
      for (const [participantId, wish] of wishesOf(body.teilnehmer, participantIds))
        seats.set(participantId, { ...seats.get(participantId), ...wish });
      await takeHolds(trx, id, seats);
    }
    await repriceBooking(trx, id, departure, documentLanguage(booking.language));
    await bump(
      trx,
      booking,
      {
        status: target,
        option_until:
          target === 'option' ? await optionEnd(trx, body.option_until ?? toIso(booking.option_until), now) : null,
        ...(target === 'cancelled' ? { cancelled_at: now.toISOString() } : {}),
        ...confirmedOn(booking, target, now),
      },
      now,
    );
    const after = await getBooking(trx, id);
    const events: EventInput[] = [];
    if (target !== booking.status) events.push({ kind: 'status', before: booking.status, after: target });
    if (JSON.stringify(before.teilnehmer.map(stripSeats)) !== JSON.stringify(after.teilnehmer.map(stripSeats)))
      events.push({ kind: 'participants', before: before.teilnehmer.length, after: after.teilnehmer.length });
    const seatsBefore = before.teilnehmer.map((participant) => [
      participant.nr,
      participant.sitzhin,
      participant.sitzrueck,
    ]);
    const seatsAfter = after.teilnehmer.map((participant) => [
      participant.nr,
      participant.sitzhin,
      participant.sitzrueck,
    ]);
    if (JSON.stringify(seatsBefore) !== JSON.stringify(seatsAfter))
      events.push({ kind: 'seat', before: seatsBefore, after: seatsAfter });
    if (before.price !== after.price) events.push({ kind: 'price', before: before.price, after: after.price });
    if (moved) events.push({ kind: 'date', before: booking.id_jrn_date, after: departure.nr });
    if (events.length === 0) events.push({ kind: 'changed' });
    await recordBookingEvents(trx, id, actor, events, now);
    return holdsCapacity(booking.status) && target === 'cancelled' ? booking.id_jrn_date : null;
  });
  if (dateNr !== null) await offerWaitlist(ctx, dateNr, now);
  return getBooking(ctx, id);
}

const stripSeats = (participant: RatioParticipant) => ({
  ...participant,
  sitzhin: null,
  sitzrueck: null,
  bushin: null,
  busrueck: null,
});

/**
 * POST and PUT /ratio/api/zustiege/{nr}: one participant's stop and seat for one direction. A stop without a
 * number is skipped (spec §5: the stop stays, the seat is still applied); a seat moves the participant (their
 * old seat on that direction is given up in the same transaction). A seat for a booking that holds nothing:
 * 400 at platznummer.
 */
export async function setZustieg(
  ctx: DbContext,
  id: number,
  body: ZustiegBody,
  actor: BookingActor,
  now = new Date(),
): Promise<Booking> {
  await inTransaction(ctx, async (trx) => {
    const booking = await lockForChange(trx, id, actor);
    const departure = await departureOf(trx, booking.id_jrn_date);
    const direction = directionOfRichtung(body.richtung);
    const participants = await findParticipantsOfBookings(trx.db, [id]);
    const participant = participants.find((item) => item.id === body.teilnehmerNr);
    if (!participant) throw invalidField('teilnehmerNr', 'error.invalid');
    const events: EventInput[] = [];

    if (body.knotenhaltnr != null) {
      const stops = await findTravelStopsOfDate(trx.db, departure.nr);
      const stop = stops.find((item) => item.direction === direction && item.knotenhaltnr === body.knotenhaltnr);
      if (!stop) throw invalidField('knotenhaltnr', 'error.stopNotOnDate');
      const before = direction === 'outbound' ? participant.zustieghin : participant.zustiegrueck;
      await updateParticipantRow(
        trx.db,
        participant.id,
        direction === 'outbound' ? { id_travel_stop_out: stop.id } : { id_travel_stop_ret: stop.id },
      );
      events.push({
        kind: 'stop',
        before: { participant: participant.id, direction, stop: before },
        after: { participant: participant.id, direction, stop: body.knotenhaltnr },
      });
    }

    if (body.platznummer || body.bus != null) {
      if (!(await holdsAnything(trx, id))) throw invalidField('platznummer', 'error.invalid');
      const current = await currentSeatWishes(trx, id);
      const mine = current.get(participant.id)?.[direction];
      await retakeHolds(
        trx,
        id,
        new Map([
          [participant.id, { [direction]: { seat: body.platznummer ?? null, bus: body.bus ?? mine?.bus ?? null } }],
        ]),
      );
      const after = (await currentSeatWishes(trx, id)).get(participant.id)?.[direction];
      events.push({
        kind: 'seat',
        before: { participant: participant.id, direction, seat: mine?.seat ?? null },
        after: { participant: participant.id, direction, seat: after?.seat ?? null },
      });
    }
    const oldTotal = (await findBookingById(trx.db, id))?.total_cents ?? 0;
    const total = await repriceBooking(trx, id, departure, documentLanguage(booking.language));
    if (total !== oldTotal) events.push({ kind: 'price', before: oldTotal, after: total });
    if (events.length === 0) events.push({ kind: 'changed' });
    await bump(trx, booking, {}, now);
    await recordBookingEvents(trx, id, actor, events, now);
  });
  return getBooking(ctx, id);
}

/**
 * POST /ratio_vorgang/{id}/status along the status graph (409 error.statusTransition otherwise). Entering a
 * holding status takes the capacity (409 error.soldOut when it is gone), leaving one gives it back; a
 * cancellation offers the freed capacity to the waiting list.
 */
export async function changeBookingStatus(
  ctx: DbContext,
  id: number,
  body: BookingStatusBody,
  actor: BookingActor,
  now = new Date(),
): Promise<Booking> {
  const freed = await inTransaction(ctx, async (trx) => {
    const booking = await lockForChange(trx, id, actor, { version: body.version, statusChange: true });
    assertAgencyMaySet(actor, booking.status, body.status);
    return applyStatus(trx, booking, body.status, actor, now, { optionUntil: body.option_until });
  });
  if (freed !== null) await offerWaitlist(ctx, freed, now);
  return getBooking(ctx, id);
}

/** Moves a locked booking to `target`; returns the date whose capacity a cancellation freed (for the waiting list), or null. */
async function applyStatus(
  trx: DbContext,
  booking: Locked,
  target: BookingStatus,
  actor: BookingActor,
  now: Date,
  options: { optionUntil?: string | null; eventKind?: string; eventData?: Record<string, unknown> } = {},
): Promise<number | null> {
  if (!canTransition(booking.status, target)) throw new ApiError(409, 'error.statusTransition');
  const departure = await departureOf(trx, booking.id_jrn_date);
  assertBookable(departure, target);
  if (target !== 'cancelled') {
    const participants = await findParticipantsOfBookings(trx.db, [booking.id]);
    if (participants.length === 0) throw invalidField('teilnehmer', 'error.nonEmptyList');
  }
  const wasHolding = holdsCapacity(booking.status);
  const willHold = holdsCapacity(target);
  if (!wasHolding && willHold) await takeHolds(trx, booking.id);
  if (wasHolding && !willHold) await releaseHolds(trx, booking.id);
  await bump(
    trx,
    booking,
    {
      status: target,
      option_until: target === 'option' ? await optionEnd(trx, options.optionUntil, now) : null,
      ...(target === 'cancelled' ? { cancelled_at: now.toISOString() } : {}),
      ...confirmedOn(booking, target, now),
    },
    now,
  );
  await recordBookingEvents(
    trx,
    booking.id,
    actor,
    [{ kind: options.eventKind ?? 'status', before: booking.status, after: { status: target, ...options.eventData } }],
    now,
  );
  // Only a cancellation offers what it freed to the waiting list (a booking moved to the waiting list would
  // otherwise be offered its own places back at once).
  return wasHolding && target === 'cancelled' ? booking.id_jrn_date : null;
}

/**
 * Agency users move their bookings along the status graph as staff do, but `processing` is the office's
 * (docs/adr/0019): setting it is 403, whatever the booking's status.
 */
function assertAgencyMaySet(actor: BookingActor, from: BookingStatus, target: BookingStatus) {
  if (actor.agencyId != null && target === 'processing' && from !== 'processing') throw forbidden();
}

/**
 * DELETE /ratio_vorgang/{nr}: a draft is deleted; any other booking is cancelled (status cancelled, its
 * capacity given back, history kept) and the waiting list of its date is offered what was freed.
 */
export async function deleteBooking(
  ctx: DbContext,
  id: number,
  actor: BookingActor,
  now = new Date(),
): Promise<Booking> {
  // Deleting is the office's (docs/adr/0019): agency users cancel through the two-step cancellation.
  if (actor.agencyId != null) throw forbidden();
  let answer: Booking | undefined;
  const freed = await inTransaction(ctx, async (trx) => {
    const booking = await lockForChange(trx, id, actor, { statusChange: true });
    if (booking.status === 'draft') {
      answer = await getBooking(trx, id);
      await releaseHolds(trx, id);
      await deleteBookingRow(trx.db, id);
      return null;
    }
    return applyStatus(trx, booking, 'cancelled', actor, now, { eventKind: 'cancelled' });
  });
  if (freed !== null) await offerWaitlist(ctx, freed, now);
  return answer ?? getBooking(ctx, id);
}

// ---------------------------------------------------------------- cancellation (docs/adr/0017)

/** What cancelling would take away, in cents, read from the stored booking (the quote's and the cancel's basis). */
export type CancellationPrices = {
  bookingId: number;
  status: BookingStatus;
  /** the whole booking, or only the named participants */
  scope: 'booking' | 'participants';
  journeyId: number;
  dateFrom: string;
  /** the cancelled participants and the sum of their own price lines (fees aside) */
  participants: Array<{ id: number; name: string; priceCents: number }>;
  /** the booking's total now */
  totalCents: number;
  /** the total after cancelling, before the new fee (what stays priced, earlier fees included) */
  remainingCents: number;
  paidCents: number;
  /** for the cancellation mail: the booker, the booking's agency, language and host, the trip */
  booker: { name: string; email: string | null } | null;
  agencyId: number | null;
  language: DocumentLanguage;
  brandHost: string | null;
  trip: string;
};

/** A fee line a cancellation adds (kind `fee`): per cancelled participant, or the booking's (participant null). */
export type CancellationFeeLine = { participant: number | null; description: string; amount_cents: number };

type CancelReadable = { id: number; status: BookingStatus; id_jrn_date: number };

async function cancellationPricesOf(
  ctx: DbContext,
  booking: CancelReadable,
  participantIds: readonly number[] | undefined,
): Promise<CancellationPrices> {
  if (booking.status === 'cancelled') throw new ApiError(409, 'error.bookingCancelled');
  const [row, participants, stored] = await Promise.all([
    findBookingById(ctx.db, booking.id),
    findParticipantsOfBookings(ctx.db, [booking.id]),
    findPriceLinesOfBooking(ctx.db, booking.id),
  ]);
  if (!row) throw notFound();
  const booker = row.id_booker_card === null ? undefined : (await findBookers(ctx.db, [row.id_booker_card]))[0];
  const active = participants.filter((participant) => participant.cancelled_at === null);
  const named = [...new Set(participantIds ?? [])];
  for (const id of named) {
    const participant = participants.find((item) => item.id === id);
    if (!participant) throw invalidField('participants', 'error.participantNotInBooking');
    if (participant.cancelled_at !== null) throw new ApiError(409, 'error.participantCancelled');
  }
  const whole = participantIds === undefined || named.length === 0 || named.length === active.length;
  if (!whole && booking.status === 'processing') throw new ApiError(409, 'error.processInProgress');
  const cancelled = whole ? active : active.filter((participant) => named.includes(participant.id));
  const ownCents = (id: number) => totalOf(stored.filter((line) => line.id_participant === id && line.kind !== 'fee'));
  const fees = totalOf(stored.filter((line) => line.kind === 'fee'));
  const remainingCents = whole
    ? fees
    : totalOf(
        await priceLinesOf(
          ctx,
          booking.id,
          await departureOf(ctx, booking.id_jrn_date),
          documentLanguage(row.language),
          new Set(cancelled.map((participant) => participant.id)),
        ),
      );
  return {
    bookingId: booking.id,
    status: booking.status,
    scope: whole ? 'booking' : 'participants',
    journeyId: row.id_jrn_journey,
    dateFrom: isoDate(row.date_from),
    participants: cancelled.map((participant) => ({
      id: participant.id,
      name: [participant.name1, participant.name].filter(Boolean).join(' '),
      priceCents: ownCents(participant.id),
    })),
    totalCents: row.total_cents,
    remainingCents,
    paidCents: row.paid_cents,
    booker: booker ? { name: booker.name, email: booker.email ?? null } : null,
    agencyId: row.id_organization,
    language: documentLanguage(row.language),
    brandHost: row.brand_host,
    trip: `${row.journey_title} (${isoDate(row.date_from)})`,
  };
}

/**
 * The basis of a cancellation quote: what cancelling the whole booking (no `participantIds`, or all who are
 * not cancelled yet) or the named participants would take away. 404 for another agency's booking, 409
 * error.bookingCancelled / error.participantCancelled / error.processInProgress (only whole bookings in
 * processing are cancelled), 400 error.participantNotInBooking at `participants`.
 */
export async function cancellationPrices(
  ctx: DbContext,
  id: number,
  participantIds: readonly number[] | undefined,
  actor: BookingActor,
): Promise<CancellationPrices> {
  const row = await findBookingById(ctx.db, id);
  if (!row || (actor.agencyId != null && row.id_organization !== actor.agencyId)) throw notFound();
  return cancellationPricesOf(ctx, row, participantIds);
}

/**
 * Cancels a booking or some of its participants in the caller's transaction (DOMAIN.md invariant 3): the
 * booking is locked and its prices read again; the cancelled participants are marked (`cancelled_at`) and hold
 * nothing from now on, the fee lines `feesOf` gives are added and everything else they were charged goes; a
 * whole booking becomes `cancelled` and gives back all it holds. History 'cancelled'. Returns the prices it
 * worked from, the new total and the date whose capacity was freed (offer it to the waiting list after the
 * commit with `offerWaitlist`).
 */
export async function cancelBookingIn(
  trx: DbContext,
  id: number,
  input: {
    participantIds?: readonly number[];
    feesOf: (prices: CancellationPrices) => CancellationFeeLine[];
    version?: number;
  },
  actor: BookingActor,
  now: Date,
): Promise<{ prices: CancellationPrices; feeCents: number; totalCents: number; freedDate: number | null }> {
  const booking = await lockForChange(trx, id, actor, { statusChange: true, version: input.version });
  const prices = await cancellationPricesOf(trx, booking, input.participantIds);
  const fees = input.feesOf(prices);
  const feeCents = totalOf(fees);
  const at = now.toISOString();
  const wasHolding = holdsCapacity(booking.status);
  const cancelledIds = prices.participants.map((participant) => participant.id);
  await cancelParticipantRows(trx.db, cancelledIds, at);
  const feeRows = fees.map((fee) => ({
    id_participant: fee.participant,
    kind: 'fee' as const,
    description: fee.description.slice(0, 500),
    amount_cents: fee.amount_cents,
  }));
  let totalCents: number;
  if (prices.scope === 'booking') {
    if (!canTransition(booking.status, 'cancelled')) throw new ApiError(409, 'error.statusTransition');
    if (wasHolding) await releaseHolds(trx, id);
    const earlierFees = (await findPriceLinesOfBooking(trx.db, id)).filter((line) => line.kind === 'fee');
    await replacePriceLines(trx.db, id, [...earlierFees, ...feeRows]);
    totalCents = prices.remainingCents + feeCents;
    await bump(
      trx,
      booking,
      { status: 'cancelled', option_until: null, cancelled_at: at, total_cents: totalCents },
      now,
    );
  } else {
    if (wasHolding) await retakeHolds(trx, id);
    await insertPriceLines(trx.db, id, feeRows);
    totalCents = await repriceBooking(
      trx,
      id,
      await departureOf(trx, booking.id_jrn_date),
      documentLanguage(booking.language),
    );
    await bump(trx, booking, {}, now);
  }
  await recordBookingEvents(
    trx,
    id,
    actor,
    [
      {
        kind: 'cancelled',
        before: { status: booking.status, total_cents: prices.totalCents },
        after: {
          status: prices.scope === 'booking' ? 'cancelled' : booking.status,
          participants: cancelledIds,
          fee_cents: feeCents,
          total_cents: totalCents,
        },
      },
    ],
    now,
  );
  return { prices, feeCents, totalCents, freedDate: wasHolding ? booking.id_jrn_date : null };
}

// ---------------------------------------------------------------- the job: expiry and waiting list

/**
 * Releases every option past `option_until` at `now` (option expiry job). Each one in its own transaction,
 * claimed with `status = 'option' AND option_until < now`, so several app instances may run it at once: the
 * option is cancelled, its capacity given back, history 'expired'. Then each freed date's waiting list is
 * offered the capacity. Returns the released bookings.
 */
export async function releaseExpiredOptions(ctx: DbContext, now = new Date()): Promise<number[]> {
  const at = now.toISOString();
  const released: number[] = [];
  const dates = new Set<number>();
  for (const candidate of await findExpiredOptionIds(ctx.db, at)) {
    const done = await inTransaction(ctx, async (trx) => {
      const booking = await lockBooking(trx.db, candidate.id, trx.dialect);
      if (!booking || !(await claimExpiredOption(trx.db, candidate.id, at, 'cancelled'))) return false;
      await releaseHolds(trx, candidate.id);
      await recordBookingEvents(
        trx,
        candidate.id,
        SYSTEM_ACTOR,
        [
          {
            kind: 'expired',
            before: { status: 'option', option_until: toIso(booking.option_until) },
            after: 'cancelled',
          },
        ],
        now,
      );
      return true;
    });
    if (done) {
      released.push(candidate.id);
      dates.add(candidate.id_jrn_date);
    }
  }
  for (const dateNr of dates) await offerWaitlist(ctx, dateNr, now);
  return released;
}

/**
 * Offers a date's free capacity to its waiting list (DOMAIN.md invariant 4): oldest first, each waiting booking
 * whose needs fit becomes an option for WAITLIST_OFFER_HOURS (setting), with history 'offered' (the booking-mails
 * listener mails the offer), each in its own transaction. One that does not fit (409) stays waiting. Returns the offered bookings.
 */
export async function offerWaitlist(ctx: DbContext, dateNr: number, now = new Date()): Promise<number[]> {
  const offered: number[] = [];
  for (const candidate of await findWaitingBookings(ctx.db, dateNr)) {
    try {
      const done = await inTransaction(ctx, async (trx) => {
        const booking = await lockBooking(trx.db, candidate.id, trx.dialect);
        if (!booking || booking.status !== 'waitlist') return false;
        const departure = await departureOf(trx, booking.id_jrn_date);
        if (!bookable(departure)) return false;
        if ((await findParticipantsOfBookings(trx.db, [booking.id])).length === 0) return false;
        await takeHolds(trx, booking.id);
        const hours = await typedSetting(trx, 'WAITLIST_OFFER_HOURS', ZOfferHours, WAITLIST_OFFER_HOURS);
        const until = new Date(now.getTime() + hours * 3_600_000).toISOString();
        await bump(trx, booking, { status: 'option', option_until: until }, now);
        await recordBookingEvents(
          trx,
          booking.id,
          SYSTEM_ACTOR,
          [{ kind: 'offered', before: 'waitlist', after: { status: 'option', option_until: until } }],
          now,
        );
        return true;
      });
      if (done) offered.push(candidate.id);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 409) continue;
      throw error;
    }
  }
  return offered;
}
