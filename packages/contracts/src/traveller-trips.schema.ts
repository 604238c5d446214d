import { z } from 'zod';
import { passmatchIssue, passwordsMatch, REGISTRATION_FIELDS } from './account.schema.ts';
import { MAX_ID, requiredText } from './fields.ts';

/**
 * The traveller's way to a trip and "My journeys" (issue #13, spec §4 invitation flow, §7, docs/adr/0020).
 *
 * A trip is found by its **booking number** (the booking id printed on the confirmation, or the RATIO number
 * `ratio_vorgangnr`) together with the **booker's surname and postcode**: both stand in the address field of the
 * confirmation letter the traveller holds, and both are on the booker's card. A wrong number and wrong details
 * answer the same 404 `error.bookingNotFound`, so the call tells nobody which bookings exist.
 *
 * The first account to add a booking becomes its booker (confirmed). A later account becomes a guest with status
 * `requested`; the booker gets a mail and sees the request under `GET /users-vorgaenge/{id}/share-requests`,
 * confirms it (`POST …/share-requests/{userId}/confirm`) or declines it (`DELETE …/share-requests/{userId}`).
 * Asking again while the request waits is 409 `error.shareRequestPending`.
 */

/** What identifies the booker of a booking: surname and postcode, as printed on the confirmation letter. */
export const ZBookerCheck = z.object({
  surname: requiredText({ max: 90 }),
  zip: requiredText({ max: 15 }),
});
export type BookerCheck = z.infer<typeof ZBookerCheck>;

/** PUT /login-vorgang/{id}: `{id}` is the booking number (or RATIO number). */
export const ZBookingCodeParams = z.object({ id: z.string().trim().min(1).max(30) });
export const ZLoginVorgangBody = ZBookerCheck;
export type LoginVorgangBody = z.infer<typeof ZLoginVorgangBody>;

/** The link the call made: booker (confirmed) or guest (requested until the booker confirms). */
export const ZTripLink = z.object({
  bookingId: z.number().int(),
  relation: z.enum(['booker', 'guest']),
  status: z.enum(['requested', 'confirmed']),
});
export type TripLink = z.infer<typeof ZTripLink>;

/** POST /registration-process: a traveller account (as POST /registration) together with a booking. */
export const ZRegistrationProcessBody = z
  .object({
    bookingNumber: requiredText({ max: 30 }),
    bookerSurname: requiredText({ max: 90 }),
    bookerZip: requiredText({ max: 15 }),
    ...REGISTRATION_FIELDS,
  })
  .refine(passwordsMatch, passmatchIssue);
export type RegistrationProcessBody = z.infer<typeof ZRegistrationProcessBody>;
export const ZRegistrationProcessResult = z.object({ email: z.string(), link: ZTripLink.omit({ bookingId: true }) });

/** `?show_active=1` (not yet over: date_till ≥ today in Europe/Berlin) or `?show_inactive=1` (past); neither: all. */
export const ZTripListQuery = z.object({
  show_active: z.coerce.number().int().min(0).max(1).optional(),
  show_inactive: z.coerce.number().int().min(0).max(1).optional(),
});
export type TripListQuery = z.infer<typeof ZTripListQuery>;

/** One trip of "My journeys". `id` is the booking id (the journey's address in the app). */
export const ZTripSummary = z.object({
  id: z.number().int(),
  vorgangnr: z.number().int(),
  title: z.string(),
  dateFrom: z.string(),
  dateTill: z.string(),
  status: z.string(),
  relation: z.enum(['booker', 'guest']),
  /** the journey's first picture (thumbnail address) or null */
  image: z.string().nullable(),
  destination: z.string().nullable(),
  active: z.boolean(),
});
export type TripSummary = z.infer<typeof ZTripSummary>;

/** A travel stop of a participant: where and when the coach picks them up (outward) or sets them down (return). */
export const ZTripStop = z.object({
  direction: z.enum(['outbound', 'return']),
  name: z.string(),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** HH:mm */
  time: z.string().nullable(),
  /** days after the first (outbound) or last (return) day of the trip */
  dayOffset: z.number().int(),
  /** YYYY-MM-DD: the day of the pick-up */
  date: z.string(),
});
export type TripStop = z.infer<typeof ZTripStop>;

export const ZTripParticipant = z.object({
  position: z.number().int(),
  name: z.string(),
  outward: ZTripStop.nullable(),
  return: ZTripStop.nullable(),
  seatOutward: z.string().nullable(),
  seatReturn: z.string().nullable(),
});

export const ZTripDocument = z.object({
  kind: z.enum(['confirmation', 'invoice']),
  /** invoice or credit note number; the booking number for the confirmation */
  number: z.string(),
  /** the API path that answers the PDF */
  href: z.string(),
});

export const ZEmergencyNumber = z.object({
  label: requiredText({ max: 80 }),
  phone: requiredText({ max: 40 }),
});
export type EmergencyNumber = z.infer<typeof ZEmergencyNumber>;
/** PUT /emergency-numbers: the whole list, in order. */
export const ZEmergencyNumbers = z.object({ items: z.array(ZEmergencyNumber).max(20, 'error.tooLong') });
export type EmergencyNumbers = z.infer<typeof ZEmergencyNumbers>;

/** GET /users-vorgaenge/{id}: the journey for the phone. */
export const ZTripDetail = ZTripSummary.extend({
  subtitle: z.string().nullable(),
  days: z.array(
    z.object({ dayNo: z.number().int(), date: z.string(), title: z.string(), text: z.string().nullable() }),
  ),
  hotels: z.array(
    z.object({
      name: z.string(),
      street: z.string().nullable(),
      zip: z.string().nullable(),
      city: z.string().nullable(),
      country: z.string().nullable(),
      stars: z.number().nullable(),
    }),
  ),
  participants: z.array(ZTripParticipant),
  /** the first participant's outward stop: the "Ihre Abfahrt" card */
  departure: ZTripStop.nullable(),
  documents: z.array(ZTripDocument),
  emergencyNumbers: z.array(ZEmergencyNumber),
  /** the system setting QR_TICKETS: the app links to /appuser/tickets/{id} */
  qrTickets: z.boolean(),
  /** how many share requests wait for the booker (0 for guests) */
  pendingShareRequests: z.number().int(),
});
export type TripDetail = z.infer<typeof ZTripDetail>;

/** A positive id in a path that an integer column can hold (larger is a 400, not a database error). */
const pathId = () =>
  z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid');

export const ZTripIdParams = z.object({ id: pathId() });
export const ZShareRequestParams = z.object({ id: pathId(), userId: pathId() });
export const ZInvoiceDocumentParams = z.object({ id: pathId(), invoiceId: pathId() });
export const ZProcessNrParams = z.object({ nr: pathId() });

/** A guest's request to see the booker's trip. */
export const ZShareRequest = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  requestedAt: z.string(),
});
export type ShareRequest = z.infer<typeof ZShareRequest>;
