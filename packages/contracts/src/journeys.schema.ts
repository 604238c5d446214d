import { z } from 'zod';
import { ZCancellationTerms, ZPaymentTerms } from './booking-terms.schema.ts';
import { countField, dateField, moneyField, optionalRef, optionalText, requiredText } from './fields.ts';

/** Catalog state (spec §9): 0 no status, 1 trip created, 2 in progress, 3 ready for print sheet, 4 trip set. */
export const CATALOG_STATES = [0, 1, 2, 3, 4] as const;
export type CatalogState = (typeof CATALOG_STATES)[number];

/** Bookable status (spec §9): 0 bookable, 1 on request, 2 not bookable. */
export const BOOKABLE_STATES = [0, 1, 2] as const;
export type BookableState = (typeof BOOKABLE_STATES)[number];

/** A journey lasts 1 to 14 days (spec §9), counting the first and the last day. */
export const MAX_JOURNEY_DAYS = 14;

export const ROOM_KINDS = ['double', 'single', 'twin', 'triple', 'quadruple', 'family', 'suite'] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

/** How an extra's price is due: once per booking, per night, per person. */
export const EXTRA_PRICE_DUE = ['once', 'per_night', 'per_person'] as const;
export type ExtraPriceDue = (typeof EXTRA_PRICE_DUE)[number];

export const STOP_DIRECTIONS = ['outbound', 'return'] as const;
export type StopDirection = (typeof STOP_DIRECTIONS)[number];

/** What a price line of a date is: a price per adult (in a room kind), a child price, a supplement. */
export const PRICE_CATEGORIES = ['adult', 'child', 'supplement'] as const;
export type PriceCategory = (typeof PRICE_CATEGORIES)[number];

const stateOf = <T extends readonly number[]>(values: T) =>
  z
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .refine((value): value is T[number] => values.includes(value), 'error.invalid');

const richText = (max = 100_000) => optionalText({ max });
const rowId = () => z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid').optional();

// ---------------------------------------------------------------- parts of a journey (answer shapes)

export const ZJourneyDay = z.object({
  id: z.number().int(),
  day_no: z.number().int(),
  daytitle: z.string(),
  daytext: z.string().nullable(),
});

export const ZRoomType = z.object({
  id: z.number().int(),
  kind: z.enum(ROOM_KINDS),
  name: z.string().nullable(),
  rooms: z.number().int(),
});

export const ZAccommodation = z.object({
  id: z.number().int(),
  name: z.string(),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  stars: z.number().nullable(),
  description: z.string().nullable(),
  roomTypes: z.array(ZRoomType),
});

export const ZExtra = z.object({
  id: z.number().int(),
  type: z.string(),
  value: z.string(),
  price: z.number(),
  price_due: z.enum(EXTRA_PRICE_DUE),
  required: z.boolean(),
  choice_group: z.string().nullable(),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  units: z.number().int().nullable(),
});

/** A boarding point the journey offers in one direction. */
export const ZJourneyStop = z.object({
  id: z.number().int(),
  id_zus_zustiege: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  direction: z.enum(STOP_DIRECTIONS),
  position: z.number().int(),
  /** HH:mm */
  time: z.string().nullable(),
  day_offset: z.number().int(),
  surcharge: z.number(),
});

export const ZDatePrice = z.object({
  id: z.number().int(),
  category: z.enum(PRICE_CATEGORIES),
  room_kind: z.enum(ROOM_KINDS).nullable(),
  description: z.string(),
  amount: z.number(),
  additional_price: z.number(),
});

/** A departure date (Termin). */
export const ZJourneyDate = z.object({
  nr: z.number().int(),
  termincode: z.string(),
  date_from: z.string(),
  date_till: z.string(),
  bookable: z.number().int(),
  prices: z.array(ZDatePrice),
});
export type JourneyDate = z.infer<typeof ZJourneyDate>;

export const ZJourneyImage = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbUrl: z.string(),
  original_name: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  position: z.number().int(),
  caption: z.string().nullable(),
  copyright: z.string().nullable(),
  /** the hotel the picture shows, if any */
  id_jrn_accommodation: z.number().int().nullable(),
});
export type JourneyImage = z.infer<typeof ZJourneyImage>;

/** The travel texts (sanitised rich text). */
export const ZJourneyDetail = z.object({
  title: z.string().nullable(),
  introduction: z.string().nullable(),
  services: z.string().nullable(),
  included_services: z.string().nullable(),
  highlights: z.string().nullable(),
  notes: z.string().nullable(),
  hotel_description: z.string().nullable(),
});

/** The basic data of a journey, as lists show it. */
export const ZJourneySummary = z.object({
  id: z.number().int(),
  id_jrn_journey: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  code: z.string().nullable(),
  booking_id: z.string().nullable(),
  kuschick_id: z.string().nullable(),
  pressmind_id: z.string().nullable(),
  mindestteilnehmer: z.number().int().nullable(),
  bonuspunkte: z.number().int().nullable(),
  /** loc_country ids */
  countries: z.array(z.number().int()),
  category: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  destination: z.number().int().nullable(),
  destinationName: z.string().nullable(),
  catalog_state: z.number().int(),
  bookable: z.number().int(),
  online: z.boolean(),
  project: z.string().nullable(),
  /** the organizer */
  organization: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  tour_guide: z.string().nullable(),
  /** percent of travellers who recommend it, 0–100 */
  recommendation_rate: z.number().int().nullable(),
  /** 0–5 in half stars */
  rating_stars: z.number().nullable(),
  slug: z.string().nullable(),
  /** first date from today on, and the number of dates */
  nextDate: z.string().nullable(),
  dateCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JourneySummary = z.infer<typeof ZJourneySummary>;

/** GET /journey-lit/{id}: the whole journey, as the eight-tab editor shows it. */
export const ZJourney = ZJourneySummary.extend({
  detail: ZJourneyDetail,
  days: z.array(ZJourneyDay),
  accommodations: z.array(ZAccommodation),
  extras: z.array(ZExtra),
  stops: z.array(ZJourneyStop),
  dates: z.array(ZJourneyDate),
  images: z.array(ZJourneyImage),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  keywords: z.string().nullable(),
  /** the journey's own cancellation fees (docs/adr/0017); null: the setting CANCELLATION_TERMS applies */
  cancellation_terms: ZCancellationTerms.nullable().optional(),
  /** the journey's own payment schedule; null: the setting PAYMENT_TERMS applies */
  payment_terms: ZPaymentTerms.nullable().optional(),
  /** the feedback survey its travellers answer in the app once the trip is over (issue #16) */
  id_survey_survey: z.number().int().nullable().optional(),
});
export type Journey = z.infer<typeof ZJourney>;

// ---------------------------------------------------------------- request bodies

export const ZJourneyDayInput = z.object({
  id: rowId(),
  day_no: z.number({ error: 'error.number' }).int('error.number').min(1, 'error.number').max(60, 'error.tooLong'),
  daytitle: requiredText({ max: 200 }),
  daytext: richText(20_000),
});

export const ZRoomTypeInput = z.object({
  id: rowId(),
  kind: z.enum(ROOM_KINDS, { error: 'error.invalid' }),
  name: optionalText({ max: 120 }),
  rooms: countField(10_000),
});

export const ZAccommodationInput = z.object({
  id: rowId(),
  name: requiredText({ min: 2, max: 200 }),
  street: optionalText({ max: 120 }),
  zip: optionalText({ max: 10 }),
  city: optionalText({ max: 60 }),
  country: optionalText({ max: 60 }),
  stars: z.number({ error: 'error.float' }).min(0, 'error.float').max(5, 'error.invalid').nullable().optional(),
  description: richText(20_000),
  roomTypes: z.array(ZRoomTypeInput, { error: 'error.invalid' }).max(20, 'error.tooLong').optional(),
});

export const ZExtraInput = z
  .object({
    id: rowId(),
    type: requiredText({ max: 80 }),
    value: requiredText({ max: 500 }),
    price: moneyField().optional(),
    price_due: z.enum(EXTRA_PRICE_DUE, { error: 'error.invalid' }).optional(),
    required: z.boolean({ error: 'error.invalid' }).optional(),
    choice_group: optionalText({ max: 80 }),
    min_age: countField(120).nullable().optional(),
    max_age: countField(120).nullable().optional(),
    units: countField(100_000).nullable().optional(),
  })
  .refine((extra) => extra.min_age == null || extra.max_age == null || extra.min_age <= extra.max_age, {
    message: 'error.invalid',
    path: ['max_age'],
  });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const ZJourneyStopInput = z.object({
  id: rowId(),
  id_zus_zustiege: z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid'),
  direction: z.enum(STOP_DIRECTIONS, { error: 'error.invalid' }),
  position: countField(10_000).optional(),
  time: z.preprocess(
    (value) => (value === '' ? null : value),
    z.string({ error: 'error.invalid' }).regex(TIME, 'error.invalid').nullable().optional(),
  ),
  day_offset: z
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .min(-1, 'error.invalid')
    .max(14, 'error.invalid')
    .optional(),
  surcharge: moneyField().optional(),
});

export const ZDatePriceInput = z.object({
  id: rowId(),
  category: z.enum(PRICE_CATEGORIES, { error: 'error.invalid' }).optional(),
  room_kind: z.enum(ROOM_KINDS, { error: 'error.invalid' }).nullable().optional(),
  description: requiredText({ max: 200 }),
  amount: moneyField(),
  additional_price: moneyField().optional(),
});

/** Whole days from `from` to `till`, both counted (2027-05-01 → 2027-05-01 is 1 day). */
export const journeyDays = (from: string, till: string): number =>
  Math.round((Date.parse(`${till}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const ZJourneyDateInput = z
  .object({
    /** the date's `nr` when it exists */
    nr: rowId(),
    termincode: requiredText({ max: 40 }),
    date_from: dateField(),
    date_till: dateField(),
    bookable: stateOf(BOOKABLE_STATES).optional(),
    prices: z.array(ZDatePriceInput, { error: 'error.invalid' }).max(30, 'error.tooLong').optional(),
  })
  .superRefine((date, context) => {
    const days = journeyDays(date.date_from, date.date_till);
    if (days < 1) context.addIssue({ code: 'custom', message: 'error.dateTillBeforeFrom', path: ['date_till'] });
    else if (days > MAX_JOURNEY_DAYS)
      context.addIssue({ code: 'custom', message: 'error.journeyDuration', path: ['date_till'] });
  });

/** Termincodes are unique within a journey: the second use of a code is reported at its field. */
const uniqueTermincodes = (
  dates: ReadonlyArray<{ termincode: string }> | undefined,
  context: z.RefinementCtx,
): void => {
  const seen = new Set<string>();
  dates?.forEach((date, index) => {
    const code = date.termincode.toLowerCase();
    if (seen.has(code))
      context.addIssue({ code: 'custom', message: 'error.termincodeExists', path: ['dates', index, 'termincode'] });
    seen.add(code);
  });
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const journeyFields = {
  title: requiredText({ min: 2, max: 200 }),
  subtitle: optionalText({ max: 300 }),
  code: optionalText({ max: 40 }),
  booking_id: optionalText({ max: 60 }),
  kuschick_id: optionalText({ max: 60 }),
  pressmind_id: optionalText({ max: 60 }),
  mindestteilnehmer: countField(1000).nullable().optional(),
  bonuspunkte: countField(1_000_000).nullable().optional(),
  countries: z
    .array(z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid'), {
      error: 'error.invalid',
    })
    .max(50, 'error.tooLong')
    .optional(),
  category: optionalRef(),
  destination: optionalRef(),
  catalog_state: stateOf(CATALOG_STATES).optional(),
  bookable: stateOf(BOOKABLE_STATES).optional(),
  online: z.boolean({ error: 'error.invalid' }).optional(),
  project: optionalText({ max: 120 }),
  organization: optionalRef(),
  tour_guide: optionalText({ max: 120 }),
  recommendation_rate: z
    .number({ error: 'error.number' })
    .int('error.number')
    .min(0, 'error.number')
    .max(100, 'error.invalid')
    .nullable()
    .optional(),
  rating_stars: z
    .number({ error: 'error.float' })
    .min(0, 'error.float')
    .max(5, 'error.invalid')
    .multipleOf(0.5, 'error.invalid')
    .nullable()
    .optional(),
  detail: z
    .object({
      title: optionalText({ max: 200 }),
      introduction: richText(),
      services: richText(),
      included_services: richText(),
      highlights: richText(),
      notes: richText(),
      hotel_description: richText(),
    })
    .partial()
    .optional(),
  days: z.array(ZJourneyDayInput, { error: 'error.invalid' }).max(60, 'error.tooLong').optional(),
  accommodations: z.array(ZAccommodationInput, { error: 'error.invalid' }).max(30, 'error.tooLong').optional(),
  extras: z.array(ZExtraInput, { error: 'error.invalid' }).max(100, 'error.tooLong').optional(),
  stops: z.array(ZJourneyStopInput, { error: 'error.invalid' }).max(500, 'error.tooLong').optional(),
  dates: z.array(ZJourneyDateInput, { error: 'error.invalid' }).max(400, 'error.tooLong').optional(),
  meta_title: optionalText({ max: 120 }),
  meta_description: optionalText({ max: 320 }),
  slug: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: 'error.invalid' })
      .trim()
      .max(120, 'error.tooLong')
      .regex(SLUG, 'error.invalid')
      .nullable()
      .optional(),
  ),
  keywords: optionalText({ max: 500 }),
  /** null or an empty list: the setting CANCELLATION_TERMS applies; at most one term per `daysBefore` */
  cancellation_terms: ZCancellationTerms.superRefine((terms, context) => {
    terms.forEach((term, index) => {
      if (terms.findIndex((other) => other.daysBefore === term.daysBefore) !== index)
        context.addIssue({ code: 'custom', path: [index, 'daysBefore'], message: 'error.invalid' });
    });
  })
    .nullable()
    .optional(),
  /** null: the setting PAYMENT_TERMS applies */
  payment_terms: ZPaymentTerms.nullable().optional(),
  /** the feedback survey its travellers answer in the app once the trip is over (issue #16) */
  id_survey_survey: optionalRef(),
};

/**
 * POST /journey-lit: a journey with any of its parts. Collections given in full replace the stored ones
 * (rows with an `id`/`nr` are updated, rows without one added, stored rows missing from the list removed).
 */
export const ZCreateJourneyBody = z.object(journeyFields).superRefine((body, context) => {
  uniqueTermincodes(body.dates, context);
});
export type CreateJourneyBody = z.infer<typeof ZCreateJourneyBody>;

/** PATCH /journey-lit/{id}: any field; a collection that is sent replaces the stored one (see above). */
export const ZUpdateJourneyBody = z
  .object({ ...journeyFields, title: journeyFields.title.optional() })
  .superRefine((body, context) => {
    uniqueTermincodes(body.dates, context);
  });
export type UpdateJourneyBody = z.infer<typeof ZUpdateJourneyBody>;

/** POST /journey-lit/{id}/copy: copies everything but bookings, optionally shifting every date. */
export const ZCopyJourneyBody = z.object({
  shiftDays: z
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .min(-3650, 'error.invalid')
    .max(3650, 'error.invalid')
    .optional(),
  title: optionalText({ min: 2, max: 200 }),
});
export type CopyJourneyBody = z.infer<typeof ZCopyJourneyBody>;

/** PATCH /journey/files/{id}: caption, copyright, order and hotel of a journey image. */
export const ZUpdateJourneyImageBody = z.object({
  caption: optionalText({ max: 300 }),
  copyright: optionalText({ max: 200 }),
  position: countField(10_000).optional(),
  id_jrn_accommodation: optionalRef(),
});
export type UpdateJourneyImageBody = z.infer<typeof ZUpdateJourneyImageBody>;

// ---------------------------------------------------------------- the public trip feed

/** GET /journey-web-legacy: online journeys with their bookable future dates, for the operator's website. */
export const ZWebJourney = z.object({
  id_jrn_journey: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  code: z.string().nullable(),
  slug: z.string().nullable(),
  category: z.string().nullable(),
  destination: z.string().nullable(),
  countries: z.array(z.string()),
  bookable: z.number().int(),
  mindestteilnehmer: z.number().int().nullable(),
  recommendation_rate: z.number().int().nullable(),
  rating_stars: z.number().nullable(),
  detail: ZJourneyDetail,
  days: z.array(ZJourneyDay.omit({ id: true })),
  accommodations: z.array(ZAccommodation.omit({ id: true })),
  extras: z.array(ZExtra.omit({ id: true })),
  stops: z.array(ZJourneyStop.omit({ id: true })),
  dates: z.array(ZJourneyDate),
  images: z.array(
    ZJourneyImage.pick({ url: true, thumbUrl: true, caption: true, copyright: true, width: true, height: true }),
  ),
  meta: z.object({
    title: z.string().nullable(),
    description: z.string().nullable(),
    keywords: z.string().nullable(),
  }),
  /** lowest adult price of the listed dates, in euro */
  priceFrom: z.number().nullable(),
  updatedAt: z.string(),
});
export type WebJourney = z.infer<typeof ZWebJourney>;

/**
 * The answer of GET /journey-web-legacy: an object, so fields can be added later without breaking a website
 * that reads `data`. Answered with a strong ETag; `If-None-Match` with it answers 304.
 */
export const ZWebJourneyFeed = z.object({ data: z.array(ZWebJourney) });
export type WebJourneyFeed = z.infer<typeof ZWebJourneyFeed>;
