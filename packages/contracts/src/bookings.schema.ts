import { z } from 'zod';
import { countField, idField, MAX_ID, optionalDate, optionalRef, optionalText, requiredText } from './fields.ts';

/**
 * Bookings (Vorgang, spec §3/§4/§7, DOMAIN.md, docs/adr/0014): statuses, participants with RATIO's fields and
 * lengths, the booking body of `POST /ratio_vorgang` and `PUT /ratio/api/booking/{nr}`, and the answer.
 */

/** The seven statuses in the spec's order, with their numbers (spec §4 for 0–4, ADR 0014 for 5 and 6). */
export const BOOKING_STATUSES = ['draft', 'request', 'option', 'waitlist', 'firm', 'cancelled', 'processing'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_NUMBER: Record<BookingStatus, number> = {
  draft: 0,
  request: 1,
  option: 2,
  waitlist: 3,
  firm: 4,
  cancelled: 5,
  processing: 6,
};
/**
 * The app's process status '0'–'5' (spec §4) is a mapping of the same field (docs/adr/0017): '0' draft,
 * '1' request, '2' option, '3' waiting list, '4' firm or in processing, '5' cancelled. The filtered list of
 * the app offers '1', '2', '4', '5'.
 */
export const PROCESS_STATUSES = ['0', '1', '2', '3', '4', '5'] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];
export const processStatusOf = (status: BookingStatus): ProcessStatus =>
  status === 'processing' ? '4' : (String(BOOKING_STATUS_NUMBER[status]) as ProcessStatus);
/** The booking statuses a process status stands for. */
export const statusesOfProcessStatus = (value: ProcessStatus): BookingStatus[] =>
  BOOKING_STATUSES.filter((status) => processStatusOf(status) === value);

/** The languages documents and mails are written in (the booker's language). */
export const DOCUMENT_LANGUAGES = ['de', 'en', 'es', 'ru'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

/** Statuses whose bookings hold seats, rooms and extras (DOMAIN.md "Statuses"). */
export const HOLDING_STATUSES: readonly BookingStatus[] = ['option', 'firm', 'processing'];
export const holdsCapacity = (status: BookingStatus) => HOLDING_STATUSES.includes(status);

/** Spec §4: "Booking type maps to a number: entwurf 0, anfrage 1, option 2, waitlist 3, regular 4, anything else 0". */
export const BOOKING_TYPES = { entwurf: 0, anfrage: 1, option: 2, waitlist: 3, regular: 4 } as const;
export type BookingType = keyof typeof BOOKING_TYPES;
export const bookingTypeNumber = (type: unknown): number =>
  typeof type === 'string' && Object.hasOwn(BOOKING_TYPES, type) ? BOOKING_TYPES[type as BookingType] : 0;
/** The status a booking type asks for (anything unknown is a draft). */
export const statusOfType = (type: unknown): BookingStatus => BOOKING_STATUSES[bookingTypeNumber(type)] ?? 'draft';

/** RATIO's direction letters in the `/ratio/api/*` calls: H (Hinfahrt, outbound), R (Rückfahrt, return). */
export const RICHTUNG = ['H', 'R'] as const;
export type Richtung = (typeof RICHTUNG)[number];

/** How long an option holds when no `option_until` is sent (days). */
export const DEFAULT_OPTION_DAYS = 7;
/** How long a waiting-list offer holds as an option (hours). */
export const WAITLIST_OFFER_HOURS = 48;

const text = (max: number) => optionalText({ max });
const ref = () =>
  z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid').max(MAX_ID, 'error.invalid');
const seatLabel = () =>
  z.preprocess(
    (value) => (value === '' ? null : typeof value === 'number' ? String(value) : value),
    z.string({ error: 'error.invalid' }).trim().max(8, 'error.tooLong').nullable().optional(),
  );
/** A travel stop by its number on the date; 0, '' and null mean none (spec §5: a stop without a number is skipped). */
const stopNumber = () =>
  z.preprocess(
    (value) => (value === '' || value === 0 ? null : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: 'error.invalid' })
      .int('error.invalid')
      .positive('error.invalid')
      .max(MAX_ID)
      .nullable()
      .optional(),
  );

/** A participant's fields with RATIO's lengths (spec §3 "Participant"). */
export const participantFields = {
  anrede: text(5),
  titel: text(20),
  name: requiredText({ max: 90 }),
  name1: text(30),
  name2: text(30),
  name3: text(30),
  namenszusatz: text(180),
  geburtstag: optionalDate(),
  nation: text(40),
  passnummer: text(40),
  telefon: text(25),
  email: text(60),
  info1: text(120),
  info2: text(120),
  ref1: text(60),
  ref2: text(60),
  gruppe: text(60),
  sitzfest: z.boolean({ error: 'error.invalid' }).optional(),
  status: text(10),
  reservierungsnr: text(50),
  leistungen: text(3200),
};

/** A participant in a booking body. With `nr` an existing participant is changed; without, one is added. */
export const ZParticipantInput = z.object({
  nr: ref().optional(),
  ...participantFields,
  /** the date's price line (jrn_date_price id); default: the date's first adult price */
  price_id: ref().nullable().optional(),
  /** travel stop numbers (knotenhaltnr) per direction */
  zustieghin: stopNumber(),
  zustiegrueck: stopNumber(),
  /** seat labels per direction; empty: assigned automatically, next to the party */
  sitzhin: seatLabel(),
  sitzrueck: seatLabel(),
  /** which coach (transport position 1, 2 …) when a date has several in one direction */
  bushin: countField(99).nullable().optional(),
  busrueck: countField(99).nullable().optional(),
  /** index into the body's `rooms` */
  zimmer: countField(99).nullable().optional(),
  /** a travel-insurance product code of `GET /insurances/ergo`; null or '' for none */
  insurance: z.preprocess(
    (value) => (value === '' ? null : value),
    z.string({ error: 'error.invalid' }).max(40, 'error.tooLong').nullable().optional(),
  ),
});
export type ParticipantInput = z.infer<typeof ZParticipantInput>;

/** The booker (buchender): an existing customer by card id or RATIO number (kennziffer), or a new customer. */
export const ZBookerInput = z
  .object({
    id_vc_card: ref().optional(),
    kennziffer: text(20),
    salutation: z.number().int().min(0).max(9).nullable().optional(),
    firstName: text(30),
    surname: text(90),
    street: text(60),
    zip: text(15),
    city: text(30),
    country: text(2),
    phone: text(25),
    email: text(60),
  })
  .superRefine((booker, context) => {
    if (!booker.id_vc_card && !booker.kennziffer && !booker.surname)
      context.addIssue({ code: 'custom', path: ['surname'], message: 'error.empty' });
  });
export type BookerInput = z.infer<typeof ZBookerInput>;

export const ZBookingRoomInput = z.object({ id_jrn_room_type: ref() });
export const ZBookingExtraInput = z.object({ id_jrn_extra: ref(), units: countField(999).min(1, 'error.number') });

const bookingFields = {
  /** the departure date (jrn_date nr) */
  termin: ref(),
  /** spec §4 booking type: entwurf, anfrage, option, waitlist, regular (anything else: draft) */
  type: z.string({ error: 'error.invalid' }).max(20, 'error.tooLong').optional(),
  /** an option's end (ISO date-time); default now + DEFAULT_OPTION_DAYS */
  option_until: z.iso.datetime({ offset: true, error: 'error.invalid' }).nullable().optional(),
  title: text(200),
  comment: text(4000),
  ratio_vorgangnr: text(20),
  /** the booker's language for documents and mails; default: the language of the request (Accept-Language) or de */
  language: z.enum(DOCUMENT_LANGUAGES, { error: 'error.invalid' }).optional(),
  buchender: ZBookerInput.optional(),
  teilnehmer: z.array(ZParticipantInput).max(99, 'error.tooLong').default([]),
  rooms: z.array(ZBookingRoomInput).max(50, 'error.tooLong').default([]),
  extras: z.array(ZBookingExtraInput).max(50, 'error.tooLong').default([]),
};

/** POST /ratio_vorgang. Send an `Idempotency-Key` header so that a retry returns the first answer. */
export const ZCreateBookingBody = z
  .object({
    ...bookingFields,
    /**
     * Staff booking on behalf of an agency (docs/adr/0019): an existing agency (organization of type 1); the
     * booking carries it and takes its commission rate. Ignored for agency users: their bookings carry their own.
     */
    agencyId: optionalRef(),
  })
  .superRefine((body, context) => {
    if (!body.buchender) context.addIssue({ code: 'custom', path: ['buchender'], message: 'error.empty' });
    if (statusOfType(body.type) !== 'draft' && body.teilnehmer.length === 0)
      context.addIssue({ code: 'custom', path: ['teilnehmer'], message: 'error.nonEmptyList' });
    body.teilnehmer.forEach((participant, index) => {
      if (participant.zimmer != null && participant.zimmer >= body.rooms.length)
        context.addIssue({ code: 'custom', path: ['teilnehmer', index, 'zimmer'], message: 'error.invalid' });
    });
  });
export type CreateBookingBody = z.infer<typeof ZCreateBookingBody>;

/**
 * PUT /ratio/api/booking/{nr}: the whole booking. Participants with `nr` are changed, without are added, missing
 * ones removed; `version` (optional) turns a concurrent edit into 409 error.versionConflict.
 */
export const ZUpdateBookingBody = z
  .object({ ...bookingFields, termin: ref().optional(), version: z.number().int().positive().optional() })
  .superRefine((body, context) => {
    body.teilnehmer.forEach((participant, index) => {
      if (participant.zimmer != null && participant.zimmer >= body.rooms.length)
        context.addIssue({ code: 'custom', path: ['teilnehmer', index, 'zimmer'], message: 'error.invalid' });
    });
  });
export type UpdateBookingBody = z.infer<typeof ZUpdateBookingBody>;

/** POST /ratio_vorgang/{id}/status: a status change on its own (confirm, option, waiting list, processing, release). */
export const ZBookingStatusBody = z.object({
  status: z.enum(BOOKING_STATUSES, { error: 'error.invalid' }),
  option_until: z.iso.datetime({ offset: true, error: 'error.invalid' }).nullable().optional(),
  version: z.number().int().positive().optional(),
});
export type BookingStatusBody = z.infer<typeof ZBookingStatusBody>;

/** POST or PUT /ratio/api/zustiege/{nr} (nr: the booking): one participant's stop and seat for one direction. */
export const ZZustiegBody = z.object({
  nr: ref().optional(),
  teilnehmerNr: ref(),
  richtung: z.enum(RICHTUNG, { error: 'error.invalid' }),
  knotenhaltnr: stopNumber(),
  platznummer: seatLabel(),
  /** the coach (transport position) when the direction has several; default: the participant's current one, or 1 */
  bus: countField(99).nullable().optional(),
});
export type ZustiegBody = z.infer<typeof ZZustiegBody>;

// ---------------------------------------------------------------- answers

/** A participant as RATIO shows it: the fields, plus seat, coach and stop per direction. */
export const ZRatioParticipant = z.object({
  nr: z.number().int(),
  vorgangnr: z.number().int(),
  position: z.number().int(),
  anrede: z.string().nullable(),
  titel: z.string().nullable(),
  name: z.string(),
  name1: z.string().nullable(),
  name2: z.string().nullable(),
  name3: z.string().nullable(),
  namenszusatz: z.string().nullable(),
  geburtstag: z.string().nullable(),
  nation: z.string().nullable(),
  passnummer: z.string().nullable(),
  telefon: z.string().nullable(),
  email: z.string().nullable(),
  info1: z.string().nullable(),
  info2: z.string().nullable(),
  ref1: z.string().nullable(),
  ref2: z.string().nullable(),
  gruppe: z.string().nullable(),
  sitzfest: z.boolean(),
  status: z.string().nullable(),
  reservierungsnr: z.string().nullable(),
  leistungen: z.string().nullable(),
  price_id: z.number().int().nullable(),
  zustieghin: z.number().int().nullable(),
  zustiegrueck: z.number().int().nullable(),
  sitzhin: z.string().nullable(),
  sitzrueck: z.string().nullable(),
  bushin: z.number().int().nullable(),
  busrueck: z.number().int().nullable(),
  /** index into the booking's rooms */
  zimmer: z.number().int().nullable(),
  /** chosen insurance product code (bookings only) */
  insurance: z.string().nullable().optional(),
  /** set when this participant alone was cancelled (bookings only) */
  cancelledAt: z.string().nullable().optional(),
});
export type RatioParticipant = z.infer<typeof ZRatioParticipant>;

export const ZBookingPriceLine = z.object({
  kind: z.string(),
  description: z.string(),
  /** euro */
  amount: z.number(),
  teilnehmerNr: z.number().int().nullable(),
});

export const ZBookingBooker = z.object({
  id_vc_card: z.number().int(),
  name: z.string(),
  /** the customer's RATIO number */
  kennziffer: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** A booking as `GET /ratio_vorgang/{id}` answers it. */
export const ZBooking = z.object({
  id: z.number().int(),
  nr: z.number().int(),
  vorgangnr: z.number().int(),
  ratio_vorgangnr: z.string().nullable(),
  /** the booker's customer number */
  ratio_id: z.string().nullable(),
  termin: z.number().int(),
  termincode: z.string(),
  id_jrn_journey: z.number().int(),
  journeyTitle: z.string(),
  title: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  /** the status number (0–6, ADR 0014) */
  type: z.number().int(),
  /** the app's process status '0'–'5' (processStatusOf) */
  processStatus: z.enum(PROCESS_STATUSES),
  /** the statuses this booking may move to now (the server enforces the same graph) */
  nextStatuses: z.array(z.enum(BOOKING_STATUSES)),
  option_until: z.string().nullable(),
  date_from: z.string(),
  date_till: z.string(),
  /** the total in euro: Σ price lines */
  price: z.number(),
  /** euro received so far, and what is open (price − paid) */
  paid: z.number(),
  open: z.number(),
  dunningLevel: z.number().int(),
  language: z.enum(DOCUMENT_LANGUAGES),
  confirmedAt: z.string().nullable(),
  comment: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  agencyId: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  updatedAt: z.string(),
  buchender: ZBookingBooker.nullable(),
  teilnehmer: z.array(ZRatioParticipant),
  rooms: z.array(
    z.object({ id: z.number().int(), id_jrn_room_type: z.number().int(), kind: z.string(), name: z.string() }),
  ),
  extras: z.array(z.object({ id_jrn_extra: z.number().int(), value: z.string(), units: z.number().int() })),
  priceLines: z.array(ZBookingPriceLine),
});
export type Booking = z.infer<typeof ZBooking>;

/** A row of `GET /ratio_vorgang`. */
export const ZBookingSummary = z.object({
  id: z.number().int(),
  nr: z.number().int(),
  vorgangnr: z.number().int(),
  termin: z.number().int(),
  termincode: z.string(),
  journeyTitle: z.string(),
  date_from: z.string(),
  status: z.enum(BOOKING_STATUSES),
  type: z.number().int(),
  option_until: z.string().nullable(),
  bookerName: z.string().nullable(),
  participants: z.number().int(),
  price: z.number(),
  agencyId: z.number().int().nullable(),
  /** the agency's name (docs/adr/0019), null for the office's own bookings */
  agencyName: z.string().nullable().optional(),
  createdAt: z.string(),
  /** added by the bookings list of issue #11 (optional so older callers keep working) */
  id_jrn_journey: z.number().int().optional(),
  id_booker_card: z.number().int().nullable().optional(),
  createdBy: z.number().int().nullable().optional(),
  invoiceNumber: z.string().nullable().optional(),
  paid: z.number().optional(),
  open: z.number().optional(),
});
export type BookingSummary = z.infer<typeof ZBookingSummary>;

export const ZBookingNrParams = z.object({
  nr: idField(),
});

/** One entry of a booking's history (`GET /ratio_vorgang/{id}/history`): who changed what, when. */
export const ZBookingEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  by: z.number().int().nullable(),
  byName: z.string().nullable(),
  /** created, status, changed, seat, expired, offered, cancelled, payment, invoice, mail … */
  kind: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type BookingEvent = z.infer<typeof ZBookingEvent>;

/** A mail that belongs to a booking (`GET /ratio_vorgang/{id}/mails`). */
export const ZBookingMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attachments: z.array(z.string()),
});
export type BookingMail = z.infer<typeof ZBookingMail>;

/** A booking waiting on a date (`GET /departures/{nr}/waitlist`), in the order it will be offered capacity. */
export const ZWaitlistEntry = z.object({
  position: z.number().int(),
  vorgangnr: z.number().int(),
  bookerName: z.string().nullable(),
  participants: z.number().int(),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof ZWaitlistEntry>;
