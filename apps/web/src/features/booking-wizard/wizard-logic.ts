import {
  DOCUMENT_LANGUAGES,
  type CreateBookingBody,
  type DocumentLanguage,
  type ParticipantInput,
} from '@tourdesk/contracts/bookings.schema';
import type { Customer } from '@tourdesk/contracts/customers.schema';
import type { Departure, SeatMap } from '@tourdesk/contracts/departures.schema';
import type { InsuranceOffer } from '@tourdesk/contracts/insurances.schema';
import type { Journey, JourneyDate } from '@tourdesk/contracts/journeys.schema';
import { TIME_ZONE, toApiDate } from '@tourdesk/contracts/format';

/** The wizard's steps, in order (i18n keys under `bookingWizard.steps.`). */
export const WIZARD_STEPS = ['customer', 'journey', 'date', 'participants', 'services', 'seats', 'summary'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** What the clerk saves the booking as, and the booking type the server maps to that status (spec §4). */
export const SAVE_AS = ['draft', 'request', 'option', 'waitlist', 'firm'] as const;
export type SaveAs = (typeof SAVE_AS)[number];
export const TYPE_OF: Record<SaveAs, string> = {
  draft: 'entwurf',
  request: 'anfrage',
  option: 'option',
  waitlist: 'waitlist',
  firm: 'regular',
};

/** The participant's salutations as RATIO stores them (at most five letters). */
export const ANREDEN = ['Herr', 'Frau'] as const;
/** vc_person.salutation of a customer: Herr 0, Frau 1, Divers 2. */
const ANREDE_OF_SALUTATION: Record<number, string> = { 0: 'Herr', 1: 'Frau' };

/** A participant in the form: the booking body's fields (so the server's field errors land on them). */
export type WizardParticipant = {
  anrede: string | null;
  titel: string | null;
  name1: string | null;
  name: string;
  geburtstag: string | null;
  nation: string | null;
  telefon: string | null;
  email: string | null;
  price_id: number | null;
  insurance: string | null;
  zustieghin: number | null;
  zustiegrueck: number | null;
  sitzhin: string | null;
  sitzrueck: string | null;
  bushin: number | null;
  busrueck: number | null;
};

/** The booker: an existing customer (id_vc_card) or a new one made on the spot (the other fields). */
export type WizardBooker = {
  id_vc_card: number | null;
  /** shown for a chosen customer */
  label: string | null;
  salutation: number | null;
  firstName: string | null;
  surname: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  /** kept for the booker's participant row only (a booker body has no birthday) */
  birthday: string | null;
};

export type WizardValues = {
  buchender: WizardBooker;
  /** true: the clerk types a new customer instead of searching */
  newBooker: boolean;
  id_jrn_journey: number | null;
  termin: number | null;
  teilnehmer: WizardParticipant[];
  /** units per journey extra, in the order of `journey.extras` */
  extraUnits: number[];
  saveAs: SaveAs;
  /** the option's last day (yyyy-MM-DD) */
  option_until: string | null;
  comment: string | null;
  /** the language of the booking's documents and mails */
  language: DocumentLanguage;
};

export const emptyParticipant = (): WizardParticipant => ({
  anrede: null,
  titel: null,
  name1: null,
  name: '',
  geburtstag: null,
  nation: null,
  telefon: null,
  email: null,
  price_id: null,
  insurance: null,
  zustieghin: null,
  zustiegrueck: null,
  sitzhin: null,
  sitzrueck: null,
  bushin: null,
  busrueck: null,
});

export const emptyBooker = (): WizardBooker => ({
  id_vc_card: null,
  label: null,
  salutation: null,
  firstName: null,
  surname: null,
  street: null,
  zip: null,
  city: null,
  phone: null,
  email: null,
  birthday: null,
});

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
/** The day in Berlin (the office's day, not UTC's) as YYYY-MM-DD. */
const isoDay = (date: Date) => toApiDate(date)!;

/**
 * 23:59 of a day (YYYY-MM-DD) in Berlin as an ISO timestamp: the end of the day an option is held to. The
 * offset is Berlin's at 23:59 UTC of that day, which is on the same side of a daylight-saving switch (01:00 UTC).
 */
export function endOfBerlinDay(day: string): string {
  const guess = new Date(`${day}T23:59:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(guess)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return new Date(guess.getTime() - (wall - guess.getTime())).toISOString();
}

/** The documents' language at first: the clerk's, when documents are written in it, else German. */
export const documentLanguageOf = (locale: string): DocumentLanguage =>
  (DOCUMENT_LANGUAGES as readonly string[]).includes(locale) ? (locale as DocumentLanguage) : 'de';

export function initialValues(now: Date, optionDays = 7, locale = 'de'): WizardValues {
  return {
    buchender: emptyBooker(),
    newBooker: false,
    id_jrn_journey: null,
    termin: null,
    teilnehmer: [],
    extraUnits: [],
    saveAs: 'firm',
    option_until: isoDay(addDays(now, optionDays)),
    comment: null,
    language: documentLanguageOf(locale),
  };
}

/** A found customer as the booker. */
export const bookerOf = (customer: Customer): WizardBooker => ({
  id_vc_card: customer.id_vc_card,
  label: [customer.name, customer.city].filter(Boolean).join(', '),
  salutation: customer.salutation,
  firstName: customer.firstName,
  surname: customer.surname,
  street: customer.address,
  zip: customer.zip,
  city: customer.city,
  phone: customer.phone,
  email: customer.email,
  birthday: customer.birthday,
});

/** The booker as first participant: name, birthday, phone and e-mail taken from the customer. */
export function participantFromCustomer(customer: Customer | WizardBooker): WizardParticipant {
  const salutation = customer.salutation;
  return {
    ...emptyParticipant(),
    anrede: salutation != null ? (ANREDE_OF_SALUTATION[salutation] ?? null) : null,
    name1: customer.firstName ?? null,
    name: customer.surname ?? '',
    geburtstag: customer.birthday ?? null,
    telefon: customer.phone ?? null,
    email: customer.email ?? null,
  };
}

const blank = (value: string | null | undefined) => (value == null || value.trim() === '' ? undefined : value.trim());

/** The form's values → the body of POST /ratio_vorgang. */
export function toBookingBody(values: WizardValues, journey: Pick<Journey, 'extras'> | null): CreateBookingBody {
  const booker = values.buchender;
  const buchender = booker.id_vc_card
    ? { id_vc_card: booker.id_vc_card }
    : {
        salutation: booker.salutation ?? undefined,
        firstName: blank(booker.firstName),
        surname: blank(booker.surname),
        street: blank(booker.street),
        zip: blank(booker.zip),
        city: blank(booker.city),
        phone: blank(booker.phone),
        email: blank(booker.email),
      };
  const teilnehmer: ParticipantInput[] = values.teilnehmer.map((participant) => ({
    anrede: blank(participant.anrede),
    titel: blank(participant.titel),
    name1: blank(participant.name1),
    name: participant.name.trim(),
    geburtstag: participant.geburtstag || undefined,
    nation: blank(participant.nation),
    telefon: blank(participant.telefon),
    email: blank(participant.email),
    price_id: participant.price_id ?? undefined,
    insurance: participant.insurance || undefined,
    zustieghin: participant.zustieghin ?? undefined,
    zustiegrueck: participant.zustiegrueck ?? undefined,
    sitzhin: participant.sitzhin ?? undefined,
    sitzrueck: participant.sitzrueck ?? undefined,
    bushin: participant.sitzhin ? (participant.bushin ?? 1) : undefined,
    busrueck: participant.sitzrueck ? (participant.busrueck ?? 1) : undefined,
  }));
  const extras = (journey?.extras ?? []).flatMap((extra, index) => {
    const units = values.extraUnits[index] ?? 0;
    return units > 0 ? [{ id_jrn_extra: extra.id, units }] : [];
  });
  return {
    termin: values.termin ?? 0,
    type: TYPE_OF[values.saveAs],
    // The option holds to the end of the chosen day, Berlin time (shown as that day, 23:59).
    option_until: values.saveAs === 'option' && values.option_until ? endOfBerlinDay(values.option_until) : undefined,
    comment: blank(values.comment),
    language: values.language,
    buchender,
    teilnehmer,
    rooms: [],
    extras,
  };
}

/** A participant's display name: first name and surname. */
export const fullName = (participant: Pick<WizardParticipant, 'name1' | 'name'>) =>
  [participant.name1, participant.name].filter((part) => part && part.trim()).join(' ');

/** The date's default price for a participant without a category: the first adult price without a room kind. */
export function defaultPrice(date: Pick<JourneyDate, 'prices'>) {
  const adult = date.prices.filter((price) => price.category === 'adult');
  return adult.find((price) => price.room_kind == null) ?? adult[0] ?? null;
}

export type PreviewLine = {
  kind: 'base' | 'stop' | 'extra' | 'insurance';
  description: string;
  /** cents */
  amount_cents: number;
  participant: number | null;
  /** a stop's line: the direction it is for */
  direction?: 'outbound' | 'return';
};

const cents = (euro: number) => Math.round(euro * 100);

/** Nights between two `yyyy-MM-DD` dates. */
export function nightsBetween(from: string, till: string): number {
  const days = Math.round((Date.parse(`${till}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/**
 * The price lines the server will write (its booking-prices.ts, DOMAIN.md invariant 5), computed ahead of saving:
 * base price per participant (chosen category or the date's first adult price), each stop's surcharge per
 * participant and direction, extras (once, per person, per night) and the chosen insurance premium.
 */
export function previewLines(input: {
  values: Pick<WizardValues, 'teilnehmer' | 'extraUnits'>;
  date: Pick<JourneyDate, 'prices' | 'date_from' | 'date_till'>;
  extras: Journey['extras'];
  stops: Pick<Departure['travelStops'][number], 'direction' | 'knotenhaltnr' | 'name' | 'surcharge'>[];
  insurances: readonly InsuranceOffer[];
}): PreviewLine[] {
  const { values, date, extras, stops, insurances } = input;
  const lines: PreviewLine[] = [];
  const fallback = defaultPrice(date);
  values.teilnehmer.forEach((participant, index) => {
    const name = fullName(participant) || `#${index + 1}`;
    const price = date.prices.find((candidate) => candidate.id === participant.price_id) ?? fallback;
    if (price)
      lines.push({
        kind: 'base',
        description: `${price.description} – ${name}`,
        amount_cents: cents(price.amount),
        participant: index,
      });
    for (const [direction, nr] of [
      ['outbound', participant.zustieghin],
      ['return', participant.zustiegrueck],
    ] as const) {
      const stop = stops.find((candidate) => candidate.direction === direction && candidate.knotenhaltnr === nr);
      if (stop && stop.surcharge !== 0)
        lines.push({
          kind: 'stop',
          description: `${stop.name} – ${name}`,
          amount_cents: cents(stop.surcharge),
          participant: index,
          direction,
        });
    }
    const offer = participant.insurance
      ? insurances.find((candidate) => candidate.code === participant.insurance)
      : undefined;
    const premium = offer?.premiums[index]?.premium;
    if (offer && premium !== undefined)
      lines.push({
        kind: 'insurance',
        description: `${offer.name} – ${name}`,
        amount_cents: cents(premium),
        participant: index,
      });
  });
  const nights = nightsBetween(date.date_from, date.date_till);
  extras.forEach((extra, index) => {
    const units = values.extraUnits[index] ?? 0;
    if (units <= 0) return;
    const factor =
      extra.price_due === 'per_person' ? values.teilnehmer.length : extra.price_due === 'per_night' ? nights : 1;
    const amount = cents(extra.price) * units * factor;
    if (amount !== 0)
      lines.push({ kind: 'extra', description: `${units} × ${extra.value}`, amount_cents: amount, participant: null });
  });
  return lines;
}

export const totalCents = (lines: readonly { amount_cents: number }[]) =>
  lines.reduce((sum, line) => sum + line.amount_cents, 0);

/** `traveller=` values of GET /insurances/ergo: each participant's trip price, with the birthday when known. */
export function insuranceTravellers(
  values: Pick<WizardValues, 'teilnehmer'>,
  date: Pick<JourneyDate, 'prices'>,
): string[] {
  const fallback = defaultPrice(date);
  return values.teilnehmer.map((participant) => {
    const price = date.prices.find((candidate) => candidate.id === participant.price_id) ?? fallback;
    const amount = (price?.amount ?? 0).toFixed(2);
    return participant.geburtstag ? `${amount}|${participant.geburtstag}` : amount;
  });
}

/** The step that shows a field of the booking body (where the server's field error is to be seen). */
export function stepOfField(field: string): WizardStep {
  if (field.startsWith('buchender')) return 'customer';
  if (field === 'termin') return 'date';
  if (field.startsWith('extras')) return 'services';
  const participantField = /^teilnehmer\.\d+\.(\w+)/.exec(field)?.[1];
  if (participantField === undefined) return field.startsWith('teilnehmer') ? 'participants' : 'summary';
  if (participantField === 'price_id' || participantField === 'insurance') return 'services';
  if (/^(zustieg|sitz|bus)/.test(participantField)) return 'seats';
  return 'participants';
}

/** Statuses that take seats at once: a seat already taken makes the save fail, the others only wish a seat. */
export const HOLDING_SAVE: readonly SaveAs[] = ['option', 'firm'];

/** Free seats of the date's seat pools (sum over the coaches of one direction, the smaller direction counts). */
export function freeSeats(departure: Pick<Departure, 'quotas' | 'transports'>): number | null {
  const seatQuotas = departure.quotas.filter((quota) => quota.kind === 'seat');
  if (seatQuotas.length === 0) return null;
  const byDirection = new Map<string, number>();
  for (const transport of departure.transports) {
    const quota = seatQuotas.find((candidate) => candidate.ref === transport.id);
    if (!quota) continue;
    byDirection.set(transport.direction, (byDirection.get(transport.direction) ?? 0) + quota.free);
  }
  if (byDirection.size === 0) return seatQuotas.reduce((sum, quota) => sum + quota.free, 0);
  return Math.min(...byDirection.values());
}

/**
 * Gives up the seats chosen in the wizard that another booking holds by now (after a refused save): the
 * participants without them, and the seat labels lost.
 */
export function dropTakenSeats(
  participants: readonly WizardParticipant[],
  seatMap: Pick<SeatMap, 'transports'>,
): { participants: WizardParticipant[]; lost: string[] } {
  const lost: string[] = [];
  const taken = (direction: 'outbound' | 'return', bus: number | null, seat: string | null) =>
    seat !== null &&
    seatMap.transports.some(
      (transport) =>
        transport.direction === direction &&
        transport.position === (bus ?? 1) &&
        transport.occupants.some((occupant) => occupant.seat === seat),
    );
  const kept = participants.map((participant) => {
    let next = participant;
    if (taken('outbound', participant.bushin, participant.sitzhin)) {
      lost.push(participant.sitzhin!);
      next = { ...next, sitzhin: null, bushin: null };
    }
    if (taken('return', participant.busrueck, participant.sitzrueck)) {
      lost.push(participant.sitzrueck!);
      next = { ...next, sitzrueck: null, busrueck: null };
    }
    return next;
  });
  return { participants: kept, lost };
}
