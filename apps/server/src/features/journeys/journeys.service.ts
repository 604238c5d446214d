import {
  buildSearchText,
  DEFAULT_CANCELLATION_TERMS,
  MAX_ID,
  ZCancellationTerms,
  ZPaymentTerms,
  type CancellationTerm,
  type BookableState,
  type CatalogState,
  dinSortKey,
  type CopyJourneyBody,
  type CreateJourneyBody,
  type ErrorKey,
  type ExtraPriceDue,
  type Journey,
  type JourneySummary,
  type ListQuery,
  type PriceCategory,
  type RoomKind,
  type StopDirection,
  type UpdateJourneyBody,
} from '@tourdesk/contracts';
import { nowIso, parseJson, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import { ApiError, invalidField, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import type { DbContext } from '../../types.ts';
import { typedSetting } from '../settings/settings.service.ts';
import { findJourneyImages } from './journey-images.repository.ts';
import { toJourneyImage } from './journey-images.service.ts';
import {
  deleteDatePricesExcept,
  deleteDatesExcept,
  deleteJourneyPartsExcept,
  deleteJourneyRow,
  deleteRoomTypesExcept,
  findAccommodations,
  findDatePrices,
  findDates,
  findDays,
  findExtras,
  findJourneyTerms,
  findJourneyWithTexts,
  surveyExists,
  findReferences,
  findRoomTypes,
  findSlugsLike,
  findStops,
  insertAccommodation,
  insertDatePrices,
  insertDates,
  insertImages,
  insertJourney,
  insertJourneyParts,
  insertRoomTypes,
  JOURNEY_LIST_SPEC,
  journeyBaseQuery,
  journeyCountBase,
  slugTaken,
  updateDate,
  updateDatePrice,
  updateJourneyPart,
  updateJourneyRow,
  updateRoomType,
  type JourneyRow,
} from './journeys.repository.ts';

/** Euro in the API, cents in the database: converted here, at the edge, so sums never drift. */
export const toCents = (euro: number): number => Math.round(euro * 100);
export const toEuro = (cents: number): number => cents / 100;

/** The URL of a stored file's delivery (built by the files feature). */

function toSummary(row: JourneyRow): JourneySummary {
  return {
    id: row.id_jrn_journey,
    id_jrn_journey: row.id_jrn_journey,
    title: row.title,
    subtitle: row.subtitle,
    code: row.code,
    booking_id: row.booking_id,
    kuschick_id: row.kuschick_id,
    pressmind_id: row.pressmind_id,
    mindestteilnehmer: row.mindestteilnehmer,
    bonuspunkte: row.bonuspunkte,
    countries: parseJson<number[]>(row.countries, []),
    category: row.id_jrn_category,
    categoryName: row.category_name ?? null,
    destination: row.id_jrn_destination,
    destinationName: row.destination_name ?? null,
    catalog_state: row.catalog_state,
    bookable: row.bookable,
    online: toBool(row.online),
    project: row.project,
    organization: row.id_organization,
    organizationName: row.organization_name ?? null,
    tour_guide: row.tour_guide,
    recommendation_rate: row.recommendation_rate,
    rating_stars: row.rating_stars,
    slug: row.slug,
    nextDate: row.next_date ?? null,
    dateCount: Number(row.date_count),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}

/** GET /journey-lit: journeys with their next date and number of dates. */
/** Bookable states an agency user sees (docs/adr/0019): bookable and on request, never the not-bookable ones. */
const AGENCY_BOOKABLE = [0, 1];

/** GET /journey-lit; an agency user (`agencyId`) reads the bookable journeys only, whatever it filters. */
export const listJourneys = (ctx: DbContext, query: ListQuery, agencyId: number | null = null) =>
  runList(
    ctx,
    JOURNEY_LIST_SPEC,
    agencyId == null ? query : ({ ...query, bookable: { $in: AGENCY_BOOKABLE.map(String) } } as unknown as ListQuery),
    journeyBaseQuery(ctx.db),
    (rows) => rows.map(toSummary),
    journeyCountBase(ctx.db),
  );

/**
 * GET /journey-lit/{id}: the whole journey, as the editor shows it. An agency user (`agencyId`) reads a bookable
 * journey only (404 otherwise) with its bookable dates.
 */
export async function getJourney(ctx: DbContext, id: number, agencyId: number | null = null): Promise<Journey> {
  const journey = await loadJourney(ctx, id);
  if (agencyId == null) return journey;
  if (!AGENCY_BOOKABLE.includes(journey.bookable)) throw notFound();
  return { ...journey, dates: journey.dates.filter((date) => AGENCY_BOOKABLE.includes(date.bookable)) };
}

async function loadJourney(ctx: DbContext, id: number): Promise<Journey> {
  const [row, days, accommodations, roomTypes, extras, stops, dates, prices, images] = await Promise.all([
    findJourneyWithTexts(ctx.db, id),
    findDays(ctx.db, id),
    findAccommodations(ctx.db, id),
    findRoomTypes(ctx.db, id),
    findExtras(ctx.db, id),
    findStops(ctx.db, id),
    findDates(ctx.db, id),
    findDatePrices(ctx.db, id),
    findJourneyImages(ctx.db, [id]),
  ]);
  if (!row) throw notFound();
  const texts = row;
  return {
    ...toSummary(row),
    detail: {
      title: texts.detail_title ?? null,
      introduction: texts.introduction ?? null,
      services: texts.services ?? null,
      included_services: texts.included_services ?? null,
      highlights: texts.highlights ?? null,
      notes: texts.notes ?? null,
      hotel_description: texts.hotel_description ?? null,
    },
    days: days.map((day) => ({ id: day.id, day_no: day.day_no, daytitle: day.daytitle, daytext: day.daytext })),
    accommodations: accommodations.map((hotel) => ({
      id: hotel.id,
      name: hotel.name,
      street: hotel.street,
      zip: hotel.zip,
      city: hotel.city,
      country: hotel.country,
      stars: hotel.stars,
      description: hotel.description,
      roomTypes: roomTypes
        .filter((room) => room.id_jrn_accommodation === hotel.id)
        .map((room) => ({ id: room.id, kind: room.kind as RoomKind, name: room.name, rooms: room.rooms })),
    })),
    extras: extras.map((extra) => ({
      id: extra.id,
      type: extra.type,
      value: extra.value,
      price: toEuro(extra.price_cents),
      price_due: extra.price_due as ExtraPriceDue,
      required: toBool(extra.required),
      choice_group: extra.choice_group,
      min_age: extra.min_age,
      max_age: extra.max_age,
      units: extra.units,
    })),
    stops: stops.map((stop) => ({
      id: stop.id,
      id_zus_zustiege: stop.id_zus_zustiege,
      name: stop.name,
      city: stop.city,
      direction: stop.direction as StopDirection,
      position: stop.position,
      time: stop.time,
      day_offset: stop.day_offset,
      surcharge: toEuro(stop.surcharge_cents),
    })),
    dates: dates.map((date) => ({
      nr: date.nr,
      termincode: date.termincode,
      date_from: date.date_from,
      date_till: date.date_till,
      bookable: date.bookable,
      prices: prices
        .filter((price) => price.id_jrn_date === date.nr)
        .map((price) => ({
          id: price.id,
          category: price.category as PriceCategory,
          room_kind: price.room_kind as RoomKind | null,
          description: price.description,
          amount: toEuro(price.amount_cents),
          additional_price: toEuro(price.additional_price_cents),
        })),
    })),
    images: images.map(toJourneyImage),
    meta_title: texts.meta_title ?? null,
    meta_description: texts.meta_description ?? null,
    keywords: texts.keywords ?? null,
    cancellation_terms: ZCancellationTerms.nullable().catch(null).parse(parseJson(texts.cancellation_terms, null)),
    payment_terms: ZPaymentTerms.nullable().catch(null).parse(parseJson(texts.payment_terms, null)),
    id_survey_survey: texts.id_survey_survey ?? null,
  };
}

// ---------------------------------------------------------------- writing

type Refs = { categoryName: string | null; categoryActive: boolean; destinationName: string | null };

/**
 * Checks, in one statement, that the category, destination, organizer, countries and boarding points the body names exist
 * (400 `error.invalid` at the field otherwise, never a foreign-key error), and answers the names the search
 * text needs.
 */
async function checkReferences(ctx: DbContext, body: UpdateJourneyBody, current: Journey | null): Promise<Refs> {
  // Ids beyond an integer column's range exist nowhere (and PostgreSQL would refuse to compare them).
  const storable = (ids: number[]) => [...new Set(ids)].filter((id) => id <= MAX_ID);
  const stopIds = storable((body.stops ?? []).map((stop) => stop.id_zus_zustiege));
  const rows = await findReferences(ctx.db, {
    category: body.category,
    destination: body.destination,
    organization: body.organization,
    stopIds,
    countryIds: storable(body.countries ?? []),
  });
  const found = (kind: string) => rows.find((row) => row.kind === kind);
  const category = found('category');
  const destination = found('destination');
  if (body.category != null && !category) throw invalidField('category', 'error.invalid');
  if (body.destination != null && !destination) throw invalidField('destination', 'error.invalid');
  if (body.organization != null && !found('organization')) throw invalidField('organization', 'error.invalid');
  if (body.id_survey_survey != null && !(await surveyExists(ctx.db, body.id_survey_survey)))
    throw invalidField('id_survey_survey', 'error.invalid');
  const idsOf = (kind: string) => new Set(rows.filter((row) => row.kind === kind).map((row) => Number(row.id)));
  const countries = idsOf('country');
  body.countries?.forEach((country, index) => {
    if (!countries.has(country)) throw invalidField(`countries.${index}`, 'error.invalid');
  });
  const stops = idsOf('stop');
  body.stops?.forEach((stop, index) => {
    if (!stops.has(stop.id_zus_zustiege)) throw invalidField(`stops.${index}.id_zus_zustiege`, 'error.invalid');
  });
  return {
    categoryName: body.category === undefined ? (current?.categoryName ?? null) : (category?.name ?? null),
    categoryActive: category ? toBool(category.active) : true,
    destinationName: body.destination === undefined ? (current?.destinationName ?? null) : (destination?.name ?? null),
  };
}

/** A row id sent in a collection must be one of the stored rows it replaces. */
function assertKnownIds(
  rows: ReadonlyArray<{ id?: number }> | undefined,
  known: ReadonlySet<number>,
  field: (index: number) => string,
) {
  const seen = new Set<number>();
  rows?.forEach((row, index) => {
    if (row.id === undefined) return;
    if (!known.has(row.id) || seen.has(row.id)) throw invalidField(field(index), 'error.invalid');
    seen.add(row.id);
  });
}

/** Whether any value of `next` differs from `stored` (the columns a row update would write). */
const changed = (next: Record<string, unknown>, stored: Record<string, unknown>) =>
  Object.entries(next).some(([key, value]) => stored[key] !== value);

const searchTextOf = (
  journey: Pick<JourneySummary, 'title' | 'subtitle' | 'code'>,
  refs: Pick<Refs, 'categoryName' | 'destinationName'>,
) => buildSearchText([journey.title, journey.subtitle, journey.code, refs.destinationName, refs.categoryName]);

/** The journey's own columns the body sets (undefined fields are left out). */
function journeyColumns(body: UpdateJourneyBody) {
  const columns: Record<string, unknown> = {};
  const set = (column: string, value: unknown) => {
    if (value !== undefined) columns[column] = value;
  };
  set('title', body.title);
  set('subtitle', body.subtitle);
  set('code', body.code);
  set('booking_id', body.booking_id);
  set('kuschick_id', body.kuschick_id);
  set('pressmind_id', body.pressmind_id);
  set('mindestteilnehmer', body.mindestteilnehmer);
  set('bonuspunkte', body.bonuspunkte);
  set('countries', body.countries === undefined ? undefined : JSON.stringify(body.countries));
  set('id_jrn_category', body.category);
  set('id_jrn_destination', body.destination);
  set('catalog_state', body.catalog_state);
  set('bookable', body.bookable);
  set('online', body.online);
  set('project', body.project);
  set('id_organization', body.organization);
  set('tour_guide', body.tour_guide);
  set('recommendation_rate', body.recommendation_rate);
  set('rating_stars', body.rating_stars);
  if (body.detail) {
    set('detail_title', body.detail.title);
    for (const key of [
      'introduction',
      'services',
      'included_services',
      'highlights',
      'notes',
      'hotel_description',
    ] as const)
      if (body.detail[key] !== undefined) columns[key] = sanitizeRichText(body.detail[key]);
  }
  set('meta_title', body.meta_title);
  set('meta_description', body.meta_description);
  set('slug', body.slug);
  set('keywords', body.keywords);
  // no terms of its own: stored as null, so the settings apply
  if (body.cancellation_terms !== undefined)
    columns.cancellation_terms = body.cancellation_terms?.length ? JSON.stringify(body.cancellation_terms) : null;
  if (body.payment_terms !== undefined)
    columns.payment_terms = body.payment_terms ? JSON.stringify(body.payment_terms) : null;
  set('id_survey_survey', body.id_survey_survey);
  return columns;
}

/**
 * Writes the collections the body sends, each replacing the stored one: rows with an id (dates: `nr`) are
 * updated where they changed, rows without one added, stored rows missing from the list removed. One
 * statement per table and kind of change, plus one per changed row.
 */
async function saveParts(ctx: DbContext, journeyId: number, body: UpdateJourneyBody, current: Journey | null) {
  const db = ctx.db;
  if (body.days) {
    const stored = new Map((current?.days ?? []).map((day) => [day.id, day]));
    assertKnownIds(body.days, new Set(stored.keys()), (index) => `days.${index}.id`);
    if (current)
      await deleteJourneyPartsExcept(
        db,
        'jrn_journey_day',
        journeyId,
        body.days.flatMap((day) => day.id ?? []),
      );
    const added = [];
    for (const day of body.days) {
      const values = { day_no: day.day_no, daytitle: day.daytitle, daytext: sanitizeRichText(day.daytext) };
      if (day.id === undefined) added.push({ id_jrn_journey: journeyId, ...values });
      else if (changed(values, stored.get(day.id)!))
        await updateJourneyPart(db, 'jrn_journey_day', journeyId, day.id, values);
    }
    await insertJourneyParts(db, 'jrn_journey_day', added);
  }

  if (body.extras) {
    const stored = new Map((current?.extras ?? []).map((extra) => [extra.id, extra]));
    assertKnownIds(body.extras, new Set(stored.keys()), (index) => `extras.${index}.id`);
    const keptExtras = new Set(body.extras.flatMap((extra) => extra.id ?? []));
    await checkPartsRemoval(ctx, { roomTypes: [], extras: [...stored.keys()].filter((id) => !keptExtras.has(id)) });
    if (current)
      await deleteJourneyPartsExcept(
        db,
        'jrn_extra',
        journeyId,
        body.extras.flatMap((extra) => extra.id ?? []),
      );
    const added = [];
    for (const [position, extra] of body.extras.entries()) {
      const values = {
        position,
        type: extra.type,
        value: extra.value,
        price_cents: toCents(extra.price ?? 0),
        price_due: extra.price_due ?? 'per_person',
        required: extra.required ?? false,
        choice_group: extra.choice_group ?? null,
        min_age: extra.min_age ?? null,
        max_age: extra.max_age ?? null,
        units: extra.units ?? null,
      };
      if (extra.id === undefined) added.push({ id_jrn_journey: journeyId, ...values });
      else {
        const old = stored.get(extra.id)!;
        const before = {
          ...old,
          position: current!.extras.indexOf(old),
          price_cents: toCents(old.price),
        };
        if (changed(values, before)) await updateJourneyPart(db, 'jrn_extra', journeyId, extra.id, values);
      }
    }
    await insertJourneyParts(db, 'jrn_extra', added);
  }

  if (body.stops) await saveStops(ctx, journeyId, body.stops, current);
  if (body.accommodations) await saveAccommodations(ctx, journeyId, body.accommodations, current);
  if (body.dates) await saveDates(ctx, journeyId, body.dates, current);
}

async function saveStops(
  ctx: DbContext,
  journeyId: number,
  stops: NonNullable<UpdateJourneyBody['stops']>,
  current: Journey | null,
) {
  const stored = new Map((current?.stops ?? []).map((stop) => [stop.id, stop]));
  assertKnownIds(stops, new Set(stored.keys()), (index) => `stops.${index}.id`);
  // A boarding point is offered once per direction.
  const keys = new Set<string>();
  stops.forEach((stop, index) => {
    const key = `${stop.direction}:${stop.id_zus_zustiege}`;
    if (keys.has(key)) throw invalidField(`stops.${index}.id_zus_zustiege`, 'error.invalid');
    keys.add(key);
  });
  if (current)
    await deleteJourneyPartsExcept(
      ctx.db,
      'jrn_journey_stop',
      journeyId,
      stops.flatMap((stop) => stop.id ?? []),
    );
  const perDirection = new Map<string, number>();
  const rows = stops.map((stop) => {
    const index = perDirection.get(stop.direction) ?? 0;
    perDirection.set(stop.direction, index + 1);
    return {
      id: stop.id,
      values: {
        id_zus_zustiege: stop.id_zus_zustiege,
        direction: stop.direction as string,
        position: stop.position ?? index,
        time: stop.time ?? null,
        day_offset: stop.day_offset ?? 0,
        surcharge_cents: toCents(stop.surcharge ?? 0),
      },
    };
  });
  const updates = rows.flatMap((row) => {
    if (row.id === undefined) return [];
    const old = stored.get(row.id)!;
    return changed(row.values, { ...old, surcharge_cents: toCents(old.surcharge) }) ? [row] : [];
  });
  // Two kept stops may swap their boarding points: park the moved ones first, so the unique key never clashes.
  const moved = updates.filter((row) => {
    const old = stored.get(row.id!)!;
    return old.id_zus_zustiege !== row.values.id_zus_zustiege || old.direction !== row.values.direction;
  });
  if (moved.length > 1)
    for (const row of moved)
      await updateJourneyPart(ctx.db, 'jrn_journey_stop', journeyId, row.id!, { direction: `moving-${row.id}` });
  for (const row of updates) await updateJourneyPart(ctx.db, 'jrn_journey_stop', journeyId, row.id!, row.values);
  await insertJourneyParts(
    ctx.db,
    'jrn_journey_stop',
    rows.filter((row) => row.id === undefined).map((row) => ({ id_jrn_journey: journeyId, ...row.values })),
  );
}

async function saveAccommodations(
  ctx: DbContext,
  journeyId: number,
  hotels: NonNullable<UpdateJourneyBody['accommodations']>,
  current: Journey | null,
) {
  const stored = new Map((current?.accommodations ?? []).map((hotel) => [hotel.id, hotel]));
  assertKnownIds(hotels, new Set(stored.keys()), (index) => `accommodations.${index}.id`);
  hotels.forEach((hotel, index) => {
    const own = new Set(hotel.id === undefined ? [] : stored.get(hotel.id)!.roomTypes.map((room) => room.id));
    assertKnownIds(hotel.roomTypes, own, (roomIndex) => `accommodations.${index}.roomTypes.${roomIndex}.id`);
  });
  const keptHotels = new Map(hotels.flatMap((hotel) => (hotel.id === undefined ? [] : [[hotel.id, hotel] as const])));
  await checkPartsRemoval(ctx, {
    extras: [],
    roomTypes: [...stored.values()].flatMap((hotel) => {
      const kept = keptHotels.get(hotel.id);
      if (!kept) return hotel.roomTypes.map((room) => room.id);
      if (kept.roomTypes === undefined) return [];
      const keptRooms = new Set(kept.roomTypes.flatMap((room) => room.id ?? []));
      return hotel.roomTypes.filter((room) => !keptRooms.has(room.id)).map((room) => room.id);
    }),
  });
  if (current)
    await deleteJourneyPartsExcept(
      ctx.db,
      'jrn_accommodation',
      journeyId,
      hotels.flatMap((hotel) => hotel.id ?? []),
    );
  // Room types of kept hotels that are sent replace the stored ones.
  const keptWithRooms = hotels.filter((hotel) => hotel.id !== undefined && hotel.roomTypes !== undefined);
  await deleteRoomTypesExcept(
    ctx.db,
    keptWithRooms.map((hotel) => hotel.id!),
    keptWithRooms.flatMap((hotel) => hotel.roomTypes!.flatMap((room) => room.id ?? [])),
  );
  const addedRooms = [];
  for (const [position, hotel] of hotels.entries()) {
    const values = {
      position,
      name: hotel.name,
      street: hotel.street ?? null,
      zip: hotel.zip ?? null,
      city: hotel.city ?? null,
      country: hotel.country ?? null,
      stars: hotel.stars ?? null,
      description: sanitizeRichText(hotel.description),
    };
    let hotelId: number;
    if (hotel.id === undefined) hotelId = await insertAccommodation(ctx.db, { id_jrn_journey: journeyId, ...values });
    else {
      hotelId = hotel.id;
      const old = stored.get(hotel.id)!;
      if (changed(values, { ...old, position: current!.accommodations.indexOf(old) }))
        await updateJourneyPart(ctx.db, 'jrn_accommodation', journeyId, hotel.id, values);
    }
    const storedRooms = new Map((hotel.id === undefined ? [] : stored.get(hotel.id)!.roomTypes).map((r) => [r.id, r]));
    for (const room of hotel.roomTypes ?? []) {
      const roomValues = { kind: room.kind as string, name: room.name ?? null, rooms: room.rooms };
      if (room.id === undefined) addedRooms.push({ id_jrn_accommodation: hotelId, ...roomValues });
      else if (changed(roomValues, storedRooms.get(room.id)!)) await updateRoomType(ctx.db, room.id, roomValues);
    }
  }
  await insertRoomTypes(ctx.db, addedRooms);
}

async function saveDates(
  ctx: DbContext,
  journeyId: number,
  dates: NonNullable<UpdateJourneyBody['dates']>,
  current: Journey | null,
) {
  const stored = new Map((current?.dates ?? []).map((date) => [date.nr, date]));
  assertKnownIds(
    dates.map((date) => ({ id: date.nr })),
    new Set(stored.keys()),
    (index) => `dates.${index}.nr`,
  );
  dates.forEach((date, index) => {
    const own = new Set(date.nr === undefined ? [] : stored.get(date.nr)!.prices.map((price) => price.id));
    assertKnownIds(date.prices, own, (priceIndex) => `dates.${index}.prices.${priceIndex}.id`);
  });
  const kept = new Set(dates.flatMap((date) => date.nr ?? []));
  const removed = [...stored.keys()].filter((nr) => !kept.has(nr));
  if (removed.length > 0) {
    for (const check of dateRemoveChecks) {
      const reason = await check(ctx, removed);
      if (reason) throw new ApiError(409, reason);
    }
  }
  if (current)
    await deleteDatesExcept(
      ctx.db,
      journeyId,
      dates.flatMap((date) => date.nr ?? []),
    );
  const keptWithPrices = dates.filter((date) => date.nr !== undefined && date.prices !== undefined);
  await deleteDatePricesExcept(
    ctx.db,
    keptWithPrices.map((date) => date.nr!),
    keptWithPrices.flatMap((date) => date.prices!.flatMap((price) => price.id ?? [])),
  );
  const valuesOf = (date: (typeof dates)[number]) => ({
    termincode: date.termincode,
    date_from: date.date_from,
    date_till: date.date_till,
    bookable: date.bookable ?? 0,
  });
  const updates = dates.filter((date) => date.nr !== undefined && changed(valuesOf(date), stored.get(date.nr)!));
  // Two kept dates may swap their codes: park the renamed ones first, so the unique key never clashes.
  const renamed = updates.filter((date) => date.termincode !== stored.get(date.nr!)!.termincode);
  if (renamed.length > 1)
    for (const date of renamed) await updateDate(ctx.db, journeyId, date.nr!, { termincode: `~${date.nr}~` });
  for (const date of updates) await updateDate(ctx.db, journeyId, date.nr!, valuesOf(date));
  const added = dates.filter((date) => date.nr === undefined);
  const newNrs = await insertDates(
    ctx.db,
    added.map((date) => ({ id_jrn_journey: journeyId, ...valuesOf(date) })),
  );

  const addedPrices = [];
  for (const date of dates) {
    const nr = date.nr ?? newNrs.get(date.termincode)!;
    const storedPrices = new Map((date.nr === undefined ? [] : stored.get(date.nr)!.prices).map((p) => [p.id, p]));
    for (const [position, price] of (date.prices ?? []).entries()) {
      const values = {
        position,
        category: price.category ?? 'adult',
        room_kind: price.room_kind ?? null,
        description: price.description,
        amount_cents: toCents(price.amount),
        additional_price_cents: toCents(price.additional_price ?? 0),
      };
      if (price.id === undefined) addedPrices.push({ id_jrn_date: nr, ...values });
      else {
        const old = storedPrices.get(price.id)!;
        const before = {
          ...old,
          position: stored.get(date.nr!)!.prices.indexOf(old),
          amount_cents: toCents(old.amount),
          additional_price_cents: toCents(old.additional_price),
        };
        if (changed(values, before)) await updateDatePrice(ctx.db, price.id, values);
      }
    }
  }
  await insertDatePrices(ctx.db, addedPrices);
}

/** A unique slug clash that slipped past the check (two saves at once) is still the field's error. */
async function slugSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      isUniqueViolation(error) &&
      /slug/i.test(`${(error as Error).message} ${(error as { constraint?: string }).constraint ?? ''}`)
    )
      throw invalidField('slug', 'error.slugExists');
    throw error;
  }
}

async function assertSlugFree(ctx: DbContext, slug: string | null | undefined, exceptId?: number) {
  if (slug && (await slugTaken(ctx.db, slug, exceptId))) throw invalidField('slug', 'error.slugExists');
}

/**
 * POST /journey-lit: the journey with any of its parts, in one transaction. A journey created in a blocked
 * category is stored offline (spec §9).
 */
export async function createJourney(ctx: DbContext, body: CreateJourneyBody): Promise<Journey> {
  const id = await slugSafe(() =>
    inTransaction(ctx, async (trx) => {
      const refs = await checkReferences(trx, body, null);
      await assertSlugFree(trx, body.slug);
      const columns = journeyColumns(body);
      const journeyId = await insertJourney(trx.db, {
        ...columns,
        title: body.title,
        online: refs.categoryActive ? (body.online ?? false) : false,
        search_text: searchTextOf(
          { title: body.title, subtitle: body.subtitle ?? null, code: body.code ?? null },
          refs,
        ),
        sort_title: dinSortKey(body.title),
      });
      await saveParts(trx, journeyId, body, null);
      return journeyId;
    }),
  );
  return getJourney(ctx, id);
}

/** PATCH /journey-lit/{id}: the fields sent; collections sent replace the stored ones, all in one transaction. */
export async function updateJourney(ctx: DbContext, id: number, body: UpdateJourneyBody): Promise<Journey> {
  await slugSafe(() =>
    inTransaction(ctx, async (trx) => {
      const current = await getJourney(trx, id);
      const refs = await checkReferences(trx, body, current);
      await assertSlugFree(trx, body.slug, id);
      const title = body.title ?? current.title;
      const next = {
        title,
        subtitle: body.subtitle !== undefined ? body.subtitle : current.subtitle,
        code: body.code !== undefined ? body.code : current.code,
      };
      await updateJourneyRow(trx.db, id, {
        ...journeyColumns(body),
        search_text: searchTextOf(next, refs),
        sort_title: dinSortKey(title),
        updated_at: nowIso(),
      });
      await saveParts(trx, id, body, current);
    }),
  );
  return getJourney(ctx, id);
}

/**
 * What may keep a journey from being deleted. Each check answers the message key that explains why, or null.
 * The bookings module adds its own check (a date with bookings keeps its journey, error.journeyHasBookings).
 */
export type JourneyDeleteCheck = (ctx: DbContext, journeyId: number) => Promise<ErrorKey | null>;

const deleteChecks: JourneyDeleteCheck[] = [];

/** Adds a delete check; answers a function that removes it again (for tests). */
export function addJourneyDeleteCheck(check: JourneyDeleteCheck): () => void {
  deleteChecks.push(check);
  return () => {
    const index = deleteChecks.indexOf(check);
    if (index >= 0) deleteChecks.splice(index, 1);
  };
}

/**
 * What may keep dates from being removed from a journey (PATCH /journey-lit/{id} without them): each check
 * answers the message key that explains why, or null. The bookings module adds one (error.dateHasBookings).
 */
export type DateRemoveCheck = (ctx: DbContext, dateNrs: readonly number[]) => Promise<ErrorKey | null>;

const dateRemoveChecks: DateRemoveCheck[] = [];

/** Adds a date remove check; answers a function that removes it again (for tests). */
export function addDateRemoveCheck(check: DateRemoveCheck): () => void {
  dateRemoveChecks.push(check);
  return () => {
    const index = dateRemoveChecks.indexOf(check);
    if (index >= 0) dateRemoveChecks.splice(index, 1);
  };
}

/**
 * What may keep room types and extras from being removed from a journey (PATCH /journey-lit/{id}): the bookings
 * module adds one (booked rooms and extras keep theirs, error.conflict).
 */
export type JourneyPartsRemoveCheck = (
  ctx: DbContext,
  removed: { roomTypes: readonly number[]; extras: readonly number[] },
) => Promise<ErrorKey | null>;

const partsRemoveChecks: JourneyPartsRemoveCheck[] = [];

export function addJourneyPartsRemoveCheck(check: JourneyPartsRemoveCheck): () => void {
  partsRemoveChecks.push(check);
  return () => {
    const index = partsRemoveChecks.indexOf(check);
    if (index >= 0) partsRemoveChecks.splice(index, 1);
  };
}

async function checkPartsRemoval(ctx: DbContext, removed: { roomTypes: number[]; extras: number[] }) {
  if (removed.roomTypes.length === 0 && removed.extras.length === 0) return;
  for (const check of partsRemoveChecks) {
    const reason = await check(ctx, removed);
    if (reason) throw new ApiError(409, reason);
  }
}

/** DELETE /journey-lit/{id}: the journey with all its parts (the guards first). Answers what was deleted. */
export async function deleteJourney(ctx: DbContext, id: number): Promise<Journey> {
  return inTransaction(ctx, async (trx) => {
    const journey = await getJourney(trx, id);
    for (const check of deleteChecks) {
      const reason = await check(trx, id);
      if (reason) throw new ApiError(409, reason);
    }
    await deleteJourneyRow(trx.db, id);
    return journey;
  });
}

const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The slug with the first free suffix: `gardasee` → `gardasee-2` (or `-3`, …). */
async function freeSlug(ctx: DbContext, slug: string): Promise<string> {
  const base = slug.replace(/-\d+$/, '');
  const taken = new Set(await findSlugsLike(ctx.db, base));
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * POST /journey-lit/{id}/copy: a new journey with everything the original has but bookings — texts, days,
 * hotels with room types, extras, stops, dates with prices (moved by `shiftDays`), images (the same stored
 * files, rows of its own). Nothing is shared that editing the copy could change in the original. The title is
 * the one given (the web app passes a translated "… (copy)"), else the original's with " (Kopie)".
 */
export async function copyJourney(ctx: DbContext, id: number, body: CopyJourneyBody): Promise<Journey> {
  const shift = body.shiftDays ?? 0;
  const newId = await inTransaction(ctx, async (trx) => {
    const source = await getJourney(trx, id);
    const title = body.title ?? `${source.title} (Kopie)`.slice(0, 200);
    const create: CreateJourneyBody = {
      title,
      subtitle: source.subtitle,
      code: source.code,
      booking_id: source.booking_id,
      kuschick_id: source.kuschick_id,
      pressmind_id: source.pressmind_id,
      mindestteilnehmer: source.mindestteilnehmer,
      bonuspunkte: source.bonuspunkte,
      countries: source.countries,
      category: source.category,
      destination: source.destination,
      catalog_state: source.catalog_state as CatalogState,
      bookable: source.bookable as BookableState,
      online: source.online,
      project: source.project,
      organization: source.organization,
      tour_guide: source.tour_guide,
      recommendation_rate: source.recommendation_rate,
      rating_stars: source.rating_stars,
      detail: source.detail,
      days: source.days.map(({ id: _id, ...day }) => day),
      accommodations: source.accommodations.map(({ id: _id, roomTypes, ...hotel }) => ({
        ...hotel,
        roomTypes: roomTypes.map(({ id: _roomId, ...room }) => room),
      })),
      extras: source.extras.map(({ id: _id, ...extra }) => extra),
      stops: source.stops.map(({ id: _id, name: _name, city: _city, ...stop }) => stop),
      dates: source.dates.map(({ nr: _nr, prices, ...date }) => ({
        ...date,
        bookable: date.bookable as BookableState,
        date_from: shiftDate(date.date_from, shift),
        date_till: shiftDate(date.date_till, shift),
        prices: prices.map(({ id: _priceId, ...price }) => price),
      })),
      meta_title: source.meta_title,
      meta_description: source.meta_description,
      slug: source.slug ? await freeSlug(trx, source.slug) : null,
      keywords: source.keywords,
      cancellation_terms: source.cancellation_terms ?? null,
      payment_terms: source.payment_terms ?? null,
      id_survey_survey: source.id_survey_survey ?? null,
    };
    const copy = await createJourney(trx, create);
    // The pictures: the same stored files, image rows of the copy's own (hotel pictures follow their hotel).
    const hotelOf = new Map(source.accommodations.map((hotel, index) => [hotel.id, copy.accommodations[index]!.id]));
    const fileIds = await imageFileIds(trx, id);
    await insertImages(
      trx.db,
      source.images.map((image) => ({
        id_jrn_journey: copy.id,
        id_stored_file: fileIds.get(image.id)!,
        id_jrn_accommodation:
          image.id_jrn_accommodation === null ? null : (hotelOf.get(image.id_jrn_accommodation) ?? null),
        position: image.position,
        caption: image.caption,
        copyright: image.copyright,
      })),
    );
    return copy.id;
  });
  return getJourney(ctx, newId);
}

const imageFileIds = async (ctx: DbContext, journeyId: number) =>
  new Map((await findJourneyImages(ctx.db, [journeyId])).map((image) => [image.id, image.id_stored_file]));

/**
 * The cancellation terms that apply to a journey's bookings (docs/adr/0017): its own `cancellation_terms`, else
 * the setting CANCELLATION_TERMS, else the defaults.
 */
export async function cancellationTermsOfJourney(ctx: DbContext, journeyId: number): Promise<CancellationTerm[]> {
  const row = await findJourneyTerms(ctx.db, journeyId);
  const own = ZCancellationTerms.safeParse(parseJson(row?.cancellation_terms ?? null, null));
  if (own.success && own.data.length > 0) return own.data;
  return typedSetting(ctx, 'CANCELLATION_TERMS', ZCancellationTerms, DEFAULT_CANCELLATION_TERMS);
}
