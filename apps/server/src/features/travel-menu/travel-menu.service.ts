import {
  hasPermission,
  type CoachPassenger,
  type CoachSales,
  type Consumption,
  type ConsumptionSummary,
  type CreateConsumptionBody,
  type CreateTravelMenuItemBody,
  type MenuInvoice,
  type TravelMenu,
  type TravelMenuItem,
  type UpdateTravelMenuItemBody,
  type VatLine,
  ZCreateTravelMenuItemBody,
  ZUpdateTravelMenuItemBody,
} from '@tourdesk/contracts';
import { inTransaction } from '../../db/transaction.ts';
import { nowIso, toBool, toIso } from '../../db/dialect.ts';
import { ApiError, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { drivenTransport } from '../drivers/drivers.service.ts';
import { loadManifestData } from '../manifests/manifests.service.ts';
import { travellerTrip, travellerTrips, type TravellerTrip } from '../traveller-trips/traveller-trips.service.ts';
import {
  cancelConsumptionRow,
  deleteMenuItemRow,
  findBookingConsumptions,
  findBookingJourney,
  findConsumption,
  findConsumptionsByIds,
  findDepartureConsumptions,
  findJourneyTitle,
  findMenuItem,
  findMenuItems,
  findMenuItemsByIds,
  findNextMenuPosition,
  findParticipantOfBooking,
  findParticipantNamesOfDate,
  findTransport,
  findTransportConsumptions,
  insertConsumptions,
  insertMenuItem,
  updateMenuItemRow,
  type ConsumptionRow,
  type MenuItemRow,
} from './travel-menu.repository.ts';

/**
 * The on-board menu per journey (staff with the journey's rights keep it), the consumption a coach's driver (or
 * staff with `vorgang-update`) books for its passengers, and the traveller's bill (issue #13 item 5).
 */

/** How long after booking a driver may still cancel a line (a mistaken tap); staff may cancel any time. */
export const DRIVER_UNDO_MINUTES = 15;
const RECENT_LINES = 30;

const euro = (cents: number) => Math.round(cents) / 100;
const cents = (value: number) => Math.round(value * 100);

const toItem = (row: MenuItemRow): TravelMenuItem => ({
  id: row.id,
  journeyId: row.id_jrn_journey,
  name: row.name,
  description: row.description,
  category: row.category,
  price: euro(row.price_cents),
  vatRate: row.vat_rate,
  available: toBool(row.available),
  position: row.position,
});

const participantName = (row: ConsumptionRow) =>
  [row.participant_title, row.participant_first_name, row.participant_surname].filter(Boolean).join(' ');

const toConsumption = (row: ConsumptionRow): Consumption => ({
  id: row.id,
  journeyId: row.id_jrn_journey,
  departureId: row.id_jrn_date,
  transportId: row.id_transport,
  bookingId: row.id_booking,
  participantId: row.id_participant,
  participantName: participantName(row),
  itemId: row.id_travel_menu_item,
  name: row.name,
  quantity: row.quantity,
  unitPrice: euro(row.unit_price_cents),
  vatRate: row.vat_rate,
  total: euro(row.unit_price_cents * row.quantity),
  createdAt: toIso(row.created_at)!,
  createdBy: row.created_by,
  cancelledAt: toIso(row.cancelled_at),
});

/** Gross, net and VAT per rate of some lines (each rate's VAT computed once from its gross sum). */
export function vatBreakdown(lines: ReadonlyArray<{ grossCents: number; rate: number }>): VatLine[] {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.rate, (byRate.get(line.rate) ?? 0) + line.grossCents);
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, gross]) => {
      const vat = Math.round((gross * rate) / (100 + rate));
      return { rate, gross: euro(gross), net: euro(gross - vat), vat: euro(vat) };
    });
}

// ── staff: the menu of a journey ─────────────────────────────────────────────────────────────────────────

async function requireJourneyTitle(ctx: DbContext, journeyId: number): Promise<string> {
  const title = await findJourneyTitle(ctx.db, journeyId);
  if (title === undefined) throw notFound();
  return title;
}

export async function listMenuItems(ctx: DbContext, journeyId: number): Promise<TravelMenuItem[]> {
  await requireJourneyTitle(ctx, journeyId);
  return (await findMenuItems(ctx.db, journeyId)).map(toItem);
}

export async function createMenuItem(ctx: DbContext, body: CreateTravelMenuItemBody): Promise<TravelMenuItem> {
  const data = ZCreateTravelMenuItemBody.parse(body);
  if ((await findJourneyTitle(ctx.db, data.journeyId)) === undefined) throw invalidField('journeyId', 'error.notFound');
  const id = await insertMenuItem(ctx.db, {
    id_jrn_journey: data.journeyId,
    name: data.name,
    description: data.description ?? null,
    category: data.category,
    price_cents: cents(data.price),
    vat_rate: data.vatRate,
    available: data.available,
    position: data.position ?? (await findNextMenuPosition(ctx.db, data.journeyId)),
  });
  return toItem((await findMenuItem(ctx.db, id))!);
}

export async function updateMenuItem(
  ctx: DbContext,
  id: number,
  body: UpdateTravelMenuItemBody,
): Promise<TravelMenuItem> {
  const data = ZUpdateTravelMenuItemBody.parse(body);
  if (!(await findMenuItem(ctx.db, id))) throw notFound();
  await updateMenuItemRow(ctx.db, id, {
    ...(data.name !== undefined ? { name: data.name } : {}),
    ...(data.description !== undefined ? { description: data.description ?? null } : {}),
    ...(data.category !== undefined ? { category: data.category } : {}),
    ...(data.price !== undefined ? { price_cents: cents(data.price) } : {}),
    ...(data.vatRate !== undefined ? { vat_rate: data.vatRate } : {}),
    ...(data.available !== undefined ? { available: data.available } : {}),
    ...(data.position !== undefined ? { position: data.position } : {}),
    updated_at: nowIso(),
  });
  return toItem((await findMenuItem(ctx.db, id))!);
}

/** Deletes an item; lines already sold keep their frozen name and price (their item reference becomes null). */
export async function deleteMenuItem(ctx: DbContext, id: number): Promise<TravelMenuItem> {
  const row = await findMenuItem(ctx.db, id);
  if (!row) throw notFound();
  await deleteMenuItemRow(ctx.db, id);
  return toItem(row);
}

// ── traveller: the menu and the bill ─────────────────────────────────────────────────────────────────────

/** The trip a traveller's screens show when none is named: the one under way, else the next, else the latest. */
export function currentTrip(trips: readonly TravellerTrip[], today: string): TravellerTrip | null {
  const running = trips.find((trip) => trip.dateFrom <= today && today <= trip.dateTill);
  if (running) return running;
  const upcoming = trips.filter((trip) => trip.dateFrom > today).sort((a, b) => a.dateFrom.localeCompare(b.dateFrom));
  return upcoming[0] ?? trips[0] ?? null;
}

const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

/** The booking a traveller asks about: the one named (404 unless theirs), or their current trip (null: none). */
async function travellerBooking(
  ctx: DbContext,
  userId: number,
  bookingId: number | undefined,
): Promise<{ bookingId: number; journeyId: number } | null> {
  if (bookingId !== undefined) return travellerTrip(ctx, userId, bookingId);
  return currentTrip(await travellerTrips(ctx, userId), berlinToday());
}

/**
 * GET /journey/travel-menu: staff name the journey (`internet-read`) and see every item; a traveller names their
 * booking, or nothing for the current trip, and sees the items on sale.
 */
export async function getTravelMenu(
  ctx: DbContext,
  auth: AuthUser,
  query: { bookingId?: number; journeyId?: number },
): Promise<TravelMenu> {
  if (query.journeyId !== undefined && query.bookingId === undefined) {
    if (!hasPermission(auth, 'internet-read')) throw forbidden();
    const journeyTitle = await requireJourneyTitle(ctx, query.journeyId);
    const items = (await findMenuItems(ctx.db, query.journeyId)).map(toItem);
    return { journeyId: query.journeyId, journeyTitle, bookingId: null, items };
  }
  if (!hasPermission(auth, 'TravelMenu-read')) {
    if (hasPermission(auth, 'internet-read')) throw invalidField('journeyId', 'error.empty');
    throw forbidden();
  }
  const trip = await travellerBooking(ctx, auth.id, query.bookingId);
  if (!trip) throw notFound();
  const journeyTitle = await requireJourneyTitle(ctx, trip.journeyId);
  const items = (await findMenuItems(ctx.db, trip.journeyId, true)).map(toItem);
  return { journeyId: trip.journeyId, journeyTitle, bookingId: trip.bookingId, items };
}

/** The bill of a booking's lines that count: per participant, the total and the VAT per rate. */
function invoiceOf(bookingId: number | null, journeyTitle: string | null, rows: ConsumptionRow[]): MenuInvoice {
  const byParticipant = new Map<number, MenuInvoice['participants'][number]>();
  for (const row of rows) {
    const line = toConsumption(row);
    const entry = byParticipant.get(row.id_participant) ?? {
      participantId: row.id_participant,
      name: line.participantName,
      lines: [],
      total: 0,
    };
    entry.lines.push(line);
    byParticipant.set(row.id_participant, entry);
  }
  const participants = [...byParticipant.values()].map((entry) => ({
    ...entry,
    total: euro(entry.lines.reduce((sum, line) => sum + cents(line.total), 0)),
  }));
  const grossCents = rows.reduce((sum, row) => sum + row.unit_price_cents * row.quantity, 0);
  return {
    bookingId,
    journeyTitle,
    participants,
    total: euro(grossCents),
    vat: vatBreakdown(rows.map((row) => ({ grossCents: row.unit_price_cents * row.quantity, rate: row.vat_rate }))),
  };
}

/**
 * GET /journey/menu-invoice: the traveller's bill for a booking (theirs, or the current trip; a traveller without
 * a trip gets an empty bill). Staff with `vorgang-read` may ask for any booking.
 */
export async function getMenuInvoice(
  ctx: DbContext,
  auth: AuthUser,
  query: { bookingId?: number },
): Promise<MenuInvoice> {
  let booking: { bookingId: number; journeyId: number } | null;
  if (auth.kind === 'staff' && hasPermission(auth, 'vorgang-read')) {
    if (query.bookingId === undefined) throw invalidField('bookingId', 'error.empty');
    const row = await findBookingJourney(ctx.db, query.bookingId);
    if (!row) throw notFound();
    booking = row;
  } else {
    if (!hasPermission(auth, 'TravelMenu-read')) throw forbidden();
    booking = await travellerBooking(ctx, auth.id, query.bookingId);
  }
  if (!booking) return invoiceOf(null, null, []);
  const [title, rows] = await Promise.all([
    findJourneyTitle(ctx.db, booking.journeyId),
    findBookingConsumptions(ctx.db, booking.bookingId),
  ]);
  return invoiceOf(booking.bookingId, title ?? null, rows);
}

// ── driver: booking consumption on a coach ───────────────────────────────────────────────────────────────

/** Staff who may book and cancel any coach's consumption. */
const isStaffSeller = (auth: AuthUser) => auth.kind === 'staff' && hasPermission(auth, 'vorgang-update');

/**
 * The coach, if `auth` may sell on it: staff with `vorgang-update`, or the app user who drives it (the driver
 * app's one check, `drivenTransport`); anyone else 403 `error.notYourDeparture` (docs/adr/0020). An unknown coach
 * is 404.
 */
async function sellableTransport(ctx: DbContext, auth: AuthUser, transportId: number) {
  const transport = await findTransport(ctx.db, transportId);
  if (!transport) throw notFound();
  if (!isStaffSeller(auth)) await drivenTransport(ctx, auth.id, transportId);
  return transport;
}

/** The passengers of a coach (by seat on it; on a coach alone in its direction, everyone travelling that way). */
async function coachPassengers(
  ctx: DbContext,
  transport: { id: number; id_jrn_date: number; direction: 'outbound' | 'return' },
): Promise<CoachPassenger[]> {
  const [manifest, names] = await Promise.all([
    loadManifestData(ctx, transport.id_jrn_date),
    findParticipantNamesOfDate(ctx.db, transport.id_jrn_date),
  ]);
  // The driver calls passengers by their full name (the manifest lists surnames).
  const fullName = new Map(names.map((row) => [row.id, [row.titel, row.name1, row.name].filter(Boolean).join(' ')]));
  const alone = manifest.coaches.filter((coach) => coach.direction === transport.direction).length <= 1;
  return manifest.travellers
    .filter((traveller) => traveller.status !== 'cancelled')
    .filter((traveller) => {
      const seat = traveller.seats[transport.direction];
      return seat ? seat.coachId === transport.id : alone;
    })
    .map((traveller) => ({
      participantId: traveller.id,
      bookingId: traveller.bookingId,
      name: fullName.get(traveller.id) || traveller.name,
      seat: traveller.seats[transport.direction]?.seat ?? null,
      stop: traveller.stops[transport.direction]?.name ?? null,
    }));
}

/** GET /travel-menu/transports/{id}/sales: what the driver's sales screen needs for one coach. */
export async function getCoachSales(ctx: DbContext, auth: AuthUser, transportId: number): Promise<CoachSales> {
  const transport = await sellableTransport(ctx, auth, transportId);
  const [passengers, menu, recent] = await Promise.all([
    coachPassengers(ctx, transport),
    findMenuItems(ctx.db, transport.id_jrn_journey, true),
    findTransportConsumptions(ctx.db, transportId, RECENT_LINES),
  ]);
  return {
    transportId,
    coach: transport.name,
    departureId: transport.id_jrn_date,
    journeyId: transport.id_jrn_journey,
    journeyTitle: transport.title,
    dateFrom: String(transport.date_from).slice(0, 10),
    passengers,
    menu: menu.map(toItem),
    recent: recent.map(toConsumption),
    undoMinutes: DRIVER_UNDO_MINUTES,
  };
}

/**
 * POST /travel-menu/consumptions: books items for one participant of the coach, at the menu's current price and
 * VAT (copied into the lines). The participant must travel on the coach's departure and not be cancelled; each
 * item must be on the journey's menu and available.
 */
export async function createConsumption(
  ctx: DbContext,
  auth: AuthUser,
  body: CreateConsumptionBody,
): Promise<Consumption[]> {
  const transport = await sellableTransport(ctx, auth, body.transportId);
  const participant = await findParticipantOfBooking(ctx.db, body.participantId);
  if (!participant || participant.id_jrn_date !== transport.id_jrn_date)
    throw invalidField('participantId', 'error.notFound');
  if (participant.cancelled_at !== null || participant.booking_cancelled_at !== null)
    throw invalidField('participantId', 'error.participantCancelled');
  const items = new Map(
    (await findMenuItemsByIds(ctx.db, [...new Set(body.items.map((item) => item.itemId))])).map((row) => [row.id, row]),
  );
  const rows = body.items.map((line, index) => {
    const item = items.get(line.itemId);
    if (!item || item.id_jrn_journey !== transport.id_jrn_journey || !toBool(item.available))
      throw invalidField(`items.${index}.itemId`, 'error.notFound');
    return {
      id_jrn_journey: transport.id_jrn_journey,
      id_jrn_date: transport.id_jrn_date,
      id_transport: transport.id,
      id_booking: participant.id_booking,
      id_participant: participant.id,
      id_travel_menu_item: item.id,
      name: item.name,
      quantity: line.quantity,
      unit_price_cents: item.price_cents,
      vat_rate: item.vat_rate,
      created_by: auth.id,
    };
  });
  const ids = await inTransaction(ctx, (trx) => insertConsumptions(trx.db, rows));
  return (await findConsumptionsByIds(ctx.db, ids)).map(toConsumption);
}

/**
 * DELETE /travel-menu/consumptions/{id}: cancels a line (it stays, marked, and leaves the bill). The coach's
 * driver may cancel within `DRIVER_UNDO_MINUTES` of booking; staff with `vorgang-update` at any time.
 */
export async function cancelConsumption(ctx: DbContext, auth: AuthUser, id: number): Promise<Consumption> {
  const row = await findConsumption(ctx.db, id);
  if (!row) throw notFound();
  if (!isStaffSeller(auth)) {
    if (row.id_transport === null) throw new ApiError(403, 'error.notYourDeparture');
    await sellableTransport(ctx, auth, row.id_transport);
    const age = Date.now() - Date.parse(toIso(row.created_at)!);
    if (age > DRIVER_UNDO_MINUTES * 60_000) throw forbidden();
  }
  if (row.cancelled_at === null) await cancelConsumptionRow(ctx.db, id, auth.id, nowIso());
  return toConsumption((await findConsumption(ctx.db, id))!);
}

/** GET /travel-menu/departures/{nr}/summary: per item sold on a departure, quantity and takings (staff). */
export async function getConsumptionSummary(ctx: DbContext, departureId: number): Promise<ConsumptionSummary> {
  const rows = await findDepartureConsumptions(ctx.db, departureId);
  const byKey = new Map<string, ConsumptionSummary['rows'][number] & { cents: number }>();
  for (const row of rows) {
    const key = `${row.name}\n${row.unit_price_cents}\n${row.vat_rate}`;
    const entry = byKey.get(key) ?? {
      name: row.name,
      unitPrice: euro(row.unit_price_cents),
      vatRate: row.vat_rate,
      quantity: 0,
      total: 0,
      cents: 0,
    };
    entry.quantity += row.quantity;
    entry.cents += row.unit_price_cents * row.quantity;
    entry.total = euro(entry.cents);
    byKey.set(key, entry);
  }
  const summaryRows = [...byKey.values()].map(({ cents: _cents, ...rest }) => rest);
  return {
    departureId,
    rows: summaryRows.sort((a, b) => a.name.localeCompare(b.name, 'de')),
    total: euro(rows.reduce((sum, row) => sum + row.unit_price_cents * row.quantity, 0)),
    vat: vatBreakdown(rows.map((row) => ({ grossCents: row.unit_price_cents * row.quantity, rate: row.vat_rate }))),
  };
}
