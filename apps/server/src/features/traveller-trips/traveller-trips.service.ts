import type {
  EmergencyNumber,
  LoginVorgangBody,
  Process,
  RegistrationProcessBody,
  ShareRequest,
  TripDetail,
  TripLink,
  TripListQuery,
  TripStop,
  TripSummary,
} from '@tourdesk/contracts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError } from '../../lib/errors.ts';
import type { AccountTtl, RequestOrigin } from '../../lib/origin.ts';
import type { DbContext } from '../../types.ts';
import { register } from '../account/account.service.ts';
import { SYSTEM_ACTOR } from '../bookings/bookings.service.ts';
import { renderConfirmationPdf, renderInvoicePdf, type DocumentFile } from '../documents/documents.service.ts';
import { fileUrls } from '../files/files.service.ts';
import { getInvoiceDocument, listInvoicesOfBooking } from '../invoices/invoices.service.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { getProcess } from '../processes/processes.service.ts';
import { settingValue } from '../settings/settings.service.ts';
import { findAccountSummary, findAccountsByEmailAddress } from '../users/users.service.ts';
import {
  deleteTravellerBooking,
  findAccommodations,
  findBookingsByCode,
  findConfirmedTrips,
  findEmergencyNumbers,
  findJourneyDays,
  findLinksOfBooking,
  findParticipantStops,
  findSeatsOfBooking,
  findTravellerBooking,
  findTripSummaries,
  replaceEmergencyNumbers,
  upsertTravellerBooking,
} from './traveller-trips.repository.ts';
import type { TravellerRelation, TravellerTripStatus } from './traveller-trips.table.ts';

/**
 * The one door of the traveller app to bookings (docs/adr/0020): every traveller screen — journeys, documents,
 * suitcase, diary, travel menu, consumption, bus location — asks here which bookings the user sees. A booking
 * the user is not linked to, or whose sharing the booker has not confirmed, is 404 (no existence leak).
 */

/** A booking the traveller sees: its departure (`jrn_date.nr`) and journey, and how the traveller came to it. */
export type TravellerTrip = {
  bookingId: number;
  departureId: number;
  journeyId: number;
  /** YYYY-MM-DD */
  dateFrom: string;
  dateTill: string;
  relation: TravellerRelation;
};

const day = (value: unknown) => String(value).slice(0, 10);

/** Every booking the traveller sees, newest departure first. */
export async function travellerTrips(ctx: DbContext, userId: number): Promise<TravellerTrip[]> {
  const rows = await findConfirmedTrips(ctx.db, userId);
  return rows.map((row) => ({ ...row, dateFrom: day(row.dateFrom), dateTill: day(row.dateTill) }));
}

/** The booking if the traveller sees it; otherwise 404 `error.notFound`. */
export async function travellerTrip(
  ctx: DbContext,
  userId: number,
  bookingId: number,
): Promise<Omit<TravellerTrip, 'dateFrom' | 'dateTill'>> {
  const row = await findTravellerBooking(ctx.db, userId, bookingId);
  if (!row || row.status !== 'confirmed') throw new ApiError(404, 'error.notFound');
  return { bookingId: row.bookingId, departureId: row.departureId, journeyId: row.journeyId, relation: row.relation };
}

/** The traveller's link to the booking, confirmed or requested, or null. */
export async function travellerLink(
  ctx: DbContext,
  userId: number,
  bookingId: number,
): Promise<{ relation: TravellerRelation; status: TravellerTripStatus } | null> {
  const row = await findTravellerBooking(ctx.db, userId, bookingId);
  return row ? { relation: row.relation, status: row.status } : null;
}

/** Links the traveller to the booking (or changes the link); the invitation and sharing flows and the demo use it. */
export async function linkTraveller(
  ctx: DbContext,
  link: { userId: number; bookingId: number; relation: TravellerRelation; status: TravellerTripStatus },
): Promise<void> {
  await upsertTravellerBooking(ctx.db, link);
}

// ---------------------------------------------------------------------------------------------------------------
// The booking-code flows (spec §4 invitation flow): PUT /login-vorgang/{id}, POST /registration-process.

/** Surnames compare without case, accents' composition or surrounding blanks; postcodes without blanks. */
const sameName = (a: string | null, b: string) =>
  a !== null && a.normalize('NFC').trim().toLocaleLowerCase('de') === b.normalize('NFC').trim().toLocaleLowerCase('de');
const sameZip = (a: string | null, b: string) => a !== null && a.replace(/\s+/g, '') === b.replace(/\s+/g, '');

type FoundBooking = { id: number; language: string; brandHost: string | null; journeyTitle: string };

/**
 * The booking of a booking number (or RATIO number) whose booker has that surname and postcode; otherwise 404
 * `error.bookingNotFound`, the same for an unknown number and for wrong details.
 */
async function bookingOfCode(ctx: DbContext, code: string, check: LoginVorgangBody): Promise<FoundBooking> {
  const rows = await findBookingsByCode(ctx.db, code.trim());
  const match = rows.find((row) => sameName(row.surname, check.surname) && sameZip(row.zip, check.zip));
  if (!match) throw new ApiError(404, 'error.bookingNotFound');
  return { id: match.id, language: match.language, brandHost: match.brand_host, journeyTitle: match.journeyTitle };
}

/**
 * Links the user to the booking in the caller's transaction: as booker when the booking has no confirmed booker
 * yet; otherwise as a guest with status requested, and the booker gets a mail (de/en/es/ru by the booking's
 * language) and sees the request in the app. An existing confirmed link stays; a waiting request is 409.
 */
async function linkToBooking(
  trx: DbContext,
  user: { id: number; name: string },
  booking: FoundBooking,
  from: RequestOrigin,
): Promise<TripLink> {
  const links = await findLinksOfBooking(trx.db, booking.id);
  const own = links.find((link) => link.userId === user.id);
  if (own?.status === 'confirmed') return { bookingId: booking.id, relation: own.relation, status: own.status };
  if (own) throw new ApiError(409, 'error.shareRequestPending');
  const booker = links.find((link) => link.relation === 'booker' && link.status === 'confirmed');
  if (!booker) {
    await upsertTravellerBooking(trx.db, {
      userId: user.id,
      bookingId: booking.id,
      relation: 'booker',
      status: 'confirmed',
    });
    return { bookingId: booking.id, relation: 'booker', status: 'confirmed' };
  }
  await upsertTravellerBooking(trx.db, {
    userId: user.id,
    bookingId: booking.id,
    relation: 'guest',
    status: 'requested',
  });
  await enqueueMail(trx, {
    to: booker.email,
    template: 'shareRequest',
    language: booking.language,
    brand: from.brand,
    ref: `booking:${booking.id}`,
    variables: {
      name: `${booker.firstname} ${booker.lastname}`.trim(),
      person: user.name,
      trip: booking.journeyTitle,
      vorgangnr: booking.id,
      link: `${from.origin}/appuser/aktJourneys/${booking.id}`,
    },
  });
  return { bookingId: booking.id, relation: 'guest', status: 'requested' };
}

/** PUT /login-vorgang/{id}: the logged-in traveller adds a trip by booking number and booker details. */
export async function addTripByCode(
  ctx: DbContext,
  userId: number,
  code: string,
  check: LoginVorgangBody,
  from: RequestOrigin,
): Promise<TripLink> {
  const booking = await bookingOfCode(ctx, code, check);
  const account = await findAccountSummary(ctx, userId);
  const name = account ? `${account.firstname} ${account.lastname}`.trim() : '';
  return inTransaction(ctx, (trx) => linkToBooking(trx, { id: userId, name }, booking, from));
}

/**
 * POST /registration-process: a traveller account (the account feature's registration and verification mail)
 * and its link to the booking, in one transaction. The account logs in once its address is verified, so the
 * link opens the trip from then on. An app account with that address is 409 `error.userHasAccount`.
 */
export async function registerWithBooking(
  ctx: DbContext,
  body: RegistrationProcessBody,
  from: RequestOrigin,
  ttl: AccountTtl,
): Promise<{ email: string; link: Omit<TripLink, 'bookingId'> }> {
  const booking = await bookingOfCode(ctx, body.bookingNumber, { surname: body.bookerSurname, zip: body.bookerZip });
  if ((await findAccountsByEmailAddress(ctx, body.email)).some((account) => account.kind === 'app'))
    throw new ApiError(409, 'error.userHasAccount');
  const { bookingNumber: _number, bookerSurname: _surname, bookerZip: _zip, ...registration } = body;
  return inTransaction(ctx, async (trx) => {
    await register(trx, registration, from, ttl);
    const account = (await findAccountsByEmailAddress(trx, body.email)).find((row) => row.kind === 'app')!;
    const name = `${body.firstname} ${body.lastname}`.trim();
    const { relation, status } = await linkToBooking(trx, { id: account.id, name }, booking, from);
    return { email: body.email, link: { relation, status } };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Sharing: the booker confirms or declines the requests of other travellers.

/** The booker's own confirmed link, else 404 (guests and strangers see no requests). */
async function assertBooker(ctx: DbContext, userId: number, bookingId: number): Promise<void> {
  const link = await findTravellerBooking(ctx.db, userId, bookingId);
  if (!link || link.status !== 'confirmed' || link.relation !== 'booker') throw new ApiError(404, 'error.notFound');
}

export async function listShareRequests(ctx: DbContext, userId: number, bookingId: number): Promise<ShareRequest[]> {
  await assertBooker(ctx, userId, bookingId);
  const links = await findLinksOfBooking(ctx.db, bookingId);
  return links
    .filter((link) => link.status === 'requested')
    .map((link) => ({
      userId: link.userId,
      name: `${link.firstname} ${link.lastname}`.trim(),
      email: link.email,
      requestedAt: toIso(link.requestedAt)!,
    }));
}

async function requestOf(ctx: DbContext, bookingId: number, guestId: number) {
  const link = await findTravellerBooking(ctx.db, guestId, bookingId);
  if (!link || link.status !== 'requested') throw new ApiError(404, 'error.notFound');
  return link;
}

/** POST /users-vorgaenge/{id}/share-requests/{userId}/confirm: the guest sees the trip from now on. */
export async function confirmShareRequest(ctx: DbContext, userId: number, bookingId: number, guestId: number) {
  await assertBooker(ctx, userId, bookingId);
  await requestOf(ctx, bookingId, guestId);
  await upsertTravellerBooking(ctx.db, { userId: guestId, bookingId, relation: 'guest', status: 'confirmed' });
  return listShareRequests(ctx, userId, bookingId);
}

/** DELETE /users-vorgaenge/{id}/share-requests/{userId}: the request goes; the guest may ask again. */
export async function declineShareRequest(ctx: DbContext, userId: number, bookingId: number, guestId: number) {
  await assertBooker(ctx, userId, bookingId);
  await requestOf(ctx, bookingId, guestId);
  await deleteTravellerBooking(ctx.db, guestId, bookingId);
  return listShareRequests(ctx, userId, bookingId);
}

// ---------------------------------------------------------------------------------------------------------------
// My journeys.

/** Today in Europe/Berlin, YYYY-MM-DD: a trip is active until its last day is over there. */
export const berlinToday = (now = new Date()) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(now);

const addDays = (isoDate: string, days: number) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

type SummaryRow = Awaited<ReturnType<typeof findTripSummaries>>[number];

const toSummary = (row: SummaryRow, today: string): TripSummary => {
  const dateTill = day(row.dateTill);
  return {
    id: row.id,
    vorgangnr: row.id,
    title: row.title ?? row.journeyTitle,
    dateFrom: day(row.dateFrom),
    dateTill,
    status: row.status,
    relation: row.relation,
    image: row.imageId == null ? null : fileUrls(Number(row.imageId)).thumbUrl,
    destination: row.destination ?? null,
    active: dateTill >= today,
  };
};

/** Which trips `?show_active` / `?show_inactive` ask for (neither or both: all). */
const wanted = (query: TripListQuery) => (trip: { active: boolean }) =>
  query.show_active === query.show_inactive ? true : query.show_active === 1 ? trip.active : !trip.active;

/** GET /users-vorgaenge-app: the user's confirmed trips, the latest departure first (past trips newest first too). */
export async function listMyTrips(ctx: DbContext, userId: number, query: TripListQuery, now = new Date()) {
  const today = berlinToday(now);
  const trips = (await findTripSummaries(ctx.db, userId)).map((row) => toSummary(row, today)).filter(wanted(query));
  // Coming trips read best soonest first.
  return query.show_active === 1 && query.show_inactive !== 1 ? trips.reverse() : trips;
}

type StopColumns = {
  time: string | null;
  offset: number | null;
  name: string | null;
  street: string | null;
  number: string | null;
  zip: string | null;
  city: string | null;
  lat: number | null;
  lon: number | null;
};

const toStop = (direction: 'outbound' | 'return', c: StopColumns, base: string): TripStop | null =>
  c.name === null
    ? null
    : {
        direction,
        name: c.name,
        street: [c.street, c.number].filter(Boolean).join(' ') || null,
        zip: c.zip,
        city: c.city,
        lat: c.lat === null ? null : Number(c.lat),
        lon: c.lon === null ? null : Number(c.lon),
        time: c.time,
        dayOffset: Number(c.offset ?? 0),
        date: addDays(base, Number(c.offset ?? 0)),
      };

/** GET /users-vorgaenge/{id}: the journey for the phone (404 unless the user sees the booking). */
export async function getMyTrip(
  ctx: DbContext,
  userId: number,
  bookingId: number,
  now = new Date(),
): Promise<TripDetail> {
  const trip = await travellerTrip(ctx, userId, bookingId);
  const summary = (await findTripSummaries(ctx.db, userId)).find((row) => row.id === bookingId);
  if (!summary) throw new ApiError(404, 'error.notFound');
  const base = toSummary(summary, berlinToday(now));
  const [days, hotels, participants, seats, invoices, emergencyNumbers, qr, links] = await Promise.all([
    findJourneyDays(ctx.db, trip.journeyId),
    findAccommodations(ctx.db, trip.journeyId),
    findParticipantStops(ctx.db, bookingId),
    findSeatsOfBooking(ctx.db, bookingId),
    listInvoicesOfBooking(ctx, bookingId, SYSTEM_ACTOR),
    findEmergencyNumbers(ctx.db),
    settingValue<unknown>(ctx, 'QR_TICKETS', 0),
    trip.relation === 'booker' ? findLinksOfBooking(ctx.db, bookingId) : Promise.resolve([]),
  ]);
  const seatOf = (participantId: number, direction: string) =>
    seats.find((seat) => seat.participantId === participantId && seat.direction === direction)?.seat ?? null;
  const people = participants.map((p) => ({
    position: p.position,
    name: [p.name1, p.name].filter(Boolean).join(' '),
    outward: toStop(
      'outbound',
      {
        time: p.outTime,
        offset: p.outOffset,
        name: p.outName,
        street: p.outStreet,
        number: p.outNumber,
        zip: p.outZip,
        city: p.outCity,
        lat: p.outLat,
        lon: p.outLon,
      },
      base.dateFrom,
    ),
    return: toStop(
      'return',
      {
        time: p.retTime,
        offset: p.retOffset,
        name: p.retName,
        street: p.retStreet,
        number: p.retNumber,
        zip: p.retZip,
        city: p.retCity,
        lat: p.retLat,
        lon: p.retLon,
      },
      base.dateTill,
    ),
    seatOutward: seatOf(p.id, 'outbound'),
    seatReturn: seatOf(p.id, 'return'),
  }));
  const documents: TripDetail['documents'] = [];
  if (base.status !== 'draft')
    documents.push({
      kind: 'confirmation',
      number: String(bookingId),
      href: `/users-vorgaenge/${bookingId}/documents/confirmation`,
    });
  for (const invoice of invoices)
    documents.push({
      kind: 'invoice',
      number: invoice.number,
      href: `/users-vorgaenge/${bookingId}/documents/invoices/${invoice.id}`,
    });
  return {
    ...base,
    subtitle: summary.subtitle,
    days: days.map((d) => ({
      dayNo: d.dayNo,
      date: addDays(base.dateFrom, d.dayNo - 1),
      title: d.daytitle,
      text: d.daytext,
    })),
    hotels: hotels.map((h) => ({ ...h, stars: h.stars === null ? null : Number(h.stars) })),
    participants: people,
    departure: people.find((p) => p.outward)?.outward ?? null,
    documents,
    emergencyNumbers,
    qrTickets: Number(qr) === 1 || qr === true,
    pendingShareRequests: links.filter((link) => link.status === 'requested').length,
  };
}

/** DELETE /users-vorgaenge/{id}: the trip leaves the user's app (the link, confirmed or requested); the booking stays. */
export async function removeMyTrip(ctx: DbContext, userId: number, bookingId: number): Promise<{ ok: true }> {
  const result = await deleteTravellerBooking(ctx.db, userId, bookingId);
  if (Number(result.numDeletedRows) === 0) throw new ApiError(404, 'error.notFound');
  return { ok: true };
}

/** The booking confirmation of a trip the user sees, as PDF. */
export async function myConfirmationPdf(ctx: DbContext, userId: number, bookingId: number): Promise<DocumentFile> {
  await travellerTrip(ctx, userId, bookingId);
  return renderConfirmationPdf(ctx, bookingId);
}

/** An invoice or credit note of a trip the user sees, as PDF; an invoice of another booking is 404. */
export async function myInvoicePdf(
  ctx: DbContext,
  userId: number,
  bookingId: number,
  invoiceId: number,
): Promise<DocumentFile> {
  await travellerTrip(ctx, userId, bookingId);
  const { invoice } = await getInvoiceDocument(ctx, invoiceId);
  if (invoice.vorgangnr !== bookingId) throw new ApiError(404, 'error.notFound');
  return renderInvoicePdf(ctx, invoiceId);
}

// ---------------------------------------------------------------------------------------------------------------
// The traveller's processes (GET /users-process-app…): the bookings they see, in the shape of /process-lit.

/** GET /users-process-app: the processes of the user's trips; anything failing answers an empty list (spec §7). */
export async function listMyProcesses(ctx: DbContext, userId: number, query: TripListQuery, now = new Date()) {
  try {
    const trips = await listMyTrips(ctx, userId, query, now);
    const actor = { userId, agencyId: null };
    return await Promise.all(trips.map((trip) => getProcess(ctx, trip.id, actor)));
  } catch {
    return [];
  }
}

/** GET /users-process-app/{id}: the process of a trip the user sees; anything else answers `{}` (spec §7). */
export async function getMyProcess(
  ctx: DbContext,
  userId: number,
  bookingId: number,
): Promise<Process | Record<string, never>> {
  try {
    await travellerTrip(ctx, userId, bookingId);
    return await getProcess(ctx, bookingId, { userId, agencyId: null });
  } catch {
    return {};
  }
}

/** DELETE /users-process-app/{nr}: removes the process from the user's app (the link), never the booking. */
export async function removeMyProcess(ctx: DbContext, userId: number, bookingId: number): Promise<Process> {
  const process = await getProcess(ctx, bookingId, { userId, agencyId: null }).catch(() => null);
  const link = await findTravellerBooking(ctx.db, userId, bookingId);
  if (!process || !link) throw new ApiError(404, 'error.notFound');
  await removeMyTrip(ctx, userId, bookingId);
  return process;
}

// ---------------------------------------------------------------------------------------------------------------
// Emergency numbers (/app/emergencycall).

export const listEmergencyNumbers = async (ctx: DbContext): Promise<{ items: EmergencyNumber[] }> => ({
  items: await findEmergencyNumbers(ctx.db),
});

export async function putEmergencyNumbers(ctx: DbContext, items: readonly EmergencyNumber[]) {
  await inTransaction(ctx, (trx) => replaceEmergencyNumbers(trx.db, items));
  return listEmergencyNumbers(ctx);
}
