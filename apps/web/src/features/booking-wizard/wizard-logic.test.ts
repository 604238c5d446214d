import { describe, expect, it } from 'vitest';
import type { Customer } from '@tourdesk/contracts/customers.schema';
import type { Journey, JourneyDate } from '@tourdesk/contracts/journeys.schema';
import {
  bookerOf,
  dropTakenSeats,
  emptyParticipant,
  endOfBerlinDay,
  freeSeats,
  initialValues,
  insuranceTravellers,
  participantFromCustomer,
  previewLines,
  stepOfField,
  toBookingBody,
  totalCents,
  type WizardParticipant,
  type WizardValues,
} from './wizard-logic.ts';

const date: JourneyDate = {
  nr: 7,
  termincode: 'OS-1',
  date_from: '2027-08-02',
  date_till: '2027-08-06',
  bookable: 0,
  prices: [
    { id: 1, category: 'adult', room_kind: 'single', description: 'EZ', amount: 599, additional_price: 0 },
    { id: 2, category: 'adult', room_kind: null, description: 'Erwachsener', amount: 499.5, additional_price: 0 },
    { id: 3, category: 'child', room_kind: null, description: 'Kind', amount: 299, additional_price: 0 },
  ],
};
const extras: Journey['extras'] = [
  {
    id: 11,
    type: 'Ausflug',
    value: 'Stadtführung',
    price: 25,
    price_due: 'per_person',
    required: false,
    choice_group: null,
    min_age: null,
    max_age: null,
    units: null,
  },
  {
    id: 12,
    type: 'Hotel',
    value: 'Kurtaxe',
    price: 2.5,
    price_due: 'per_night',
    required: true,
    choice_group: null,
    min_age: null,
    max_age: null,
    units: null,
  },
  {
    id: 13,
    type: 'Service',
    value: 'Reiseführer',
    price: 9.9,
    price_due: 'once',
    required: false,
    choice_group: null,
    min_age: null,
    max_age: null,
    units: null,
  },
];
const stops = [
  { direction: 'outbound' as const, knotenhaltnr: 1, name: 'Leipzig', surcharge: 0 },
  { direction: 'outbound' as const, knotenhaltnr: 2, name: 'Dresden', surcharge: 15 },
  { direction: 'return' as const, knotenhaltnr: 1, name: 'Dresden', surcharge: 12.5 },
];
const person = (first: string, more: Partial<WizardParticipant> = {}): WizardParticipant => ({
  ...emptyParticipant(),
  name1: first,
  name: 'Sommer',
  ...more,
});

describe('previewLines', () => {
  it('prices each participant by category or the first adult price without room kind, stops per direction, extras and insurance', () => {
    const lines = previewLines({
      values: {
        teilnehmer: [
          person('Petra', { zustieghin: 2, zustiegrueck: 1, insurance: 'RRV' }),
          person('Lena', { price_id: 3, zustieghin: 1 }),
        ],
        extraUnits: [1, 1, 2],
      },
      date,
      extras,
      stops,
      insurances: [
        {
          code: 'RRV',
          name: 'Reiserücktritt',
          insurer: 'ERGO',
          premiums: [
            { teilnehmerNr: null, price: 499.5, age: 43, premium: 31 },
            { teilnehmerNr: null, price: 299, age: 13, premium: 19 },
          ],
          total: 50,
        },
      ],
    });
    expect(lines.map((line) => [line.kind, line.description, line.amount_cents])).toEqual([
      ['base', 'Erwachsener – Petra Sommer', 49_950],
      ['stop', 'Dresden – Petra Sommer', 1_500],
      ['stop', 'Dresden – Petra Sommer', 1_250],
      ['insurance', 'Reiserücktritt – Petra Sommer', 3_100],
      ['base', 'Kind – Lena Sommer', 29_900],
      // Leipzig costs nothing: no line.
      ['extra', '1 × Stadtführung', 5_000],
      ['extra', '1 × Kurtaxe', 1_000],
      ['extra', '2 × Reiseführer', 1_980],
    ]);
    expect(lines.filter((line) => line.kind === 'stop').map((line) => line.direction)).toEqual(['outbound', 'return']);
    expect(totalCents(lines)).toBe(49_950 + 1_500 + 1_250 + 3_100 + 29_900 + 5_000 + 1_000 + 1_980);
  });

  it('leaves out extras with no units and an insurance the offers do not know', () => {
    const lines = previewLines({
      values: { teilnehmer: [person('Max', { insurance: 'GONE' })], extraUnits: [0] },
      date,
      extras,
      stops: [],
      insurances: [],
    });
    expect(lines.map((line) => line.kind)).toEqual(['base']);
  });
});

describe('toBookingBody', () => {
  const values = (more: Partial<WizardValues>): WizardValues => ({
    ...initialValues(new Date('2026-11-23T10:00:00Z')),
    termin: 7,
    ...more,
  });

  it('books a found customer by card, maps the status to its booking type and keeps the option day', () => {
    const body = toBookingBody(
      values({
        buchender: { ...bookerOf({ id_vc_card: 42, name: 'Sommer, Petra' } as Customer), firstName: 'Petra' },
        teilnehmer: [person(' Petra ', { titel: '', sitzhin: '5', zustieghin: 2, geburtstag: '1984-03-17' })],
        extraUnits: [0, 1],
        saveAs: 'option',
        option_until: '2026-11-30',
      }),
      { extras },
    );
    expect(body).toMatchObject({
      termin: 7,
      type: 'option',
      option_until: '2026-11-30T22:59:00.000Z',
      buchender: { id_vc_card: 42 },
      extras: [{ id_jrn_extra: 12, units: 1 }],
    });
    expect(Object.keys(body.buchender!)).toEqual(['id_vc_card']);
    expect(body.language).toBe('de');
    expect(body.teilnehmer[0]).toMatchObject({
      name1: 'Petra',
      name: 'Sommer',
      titel: undefined,
      sitzhin: '5',
      bushin: 1,
      sitzrueck: undefined,
      busrueck: undefined,
      zustieghin: 2,
      geburtstag: '1984-03-17',
    });
  });

  it.each([
    ['draft', 'entwurf'],
    ['request', 'anfrage'],
    ['waitlist', 'waitlist'],
    ['firm', 'regular'],
  ] as const)('saves %s as type %s without an option end', (saveAs, type) => {
    const body = toBookingBody(values({ saveAs, teilnehmer: [person('A')] }), null);
    expect(body.type).toBe(type);
    expect(body.option_until).toBeUndefined();
  });

  it('sends a new customer with the fields typed, blanks left out', () => {
    const body = toBookingBody(
      values({
        newBooker: true,
        buchender: { ...bookerOf({} as Customer), id_vc_card: null, surname: 'Neu', firstName: ' ', city: 'Leipzig' },
      }),
      null,
    );
    expect(body.buchender).toMatchObject({ surname: 'Neu', city: 'Leipzig', firstName: undefined });
  });
});

describe('helpers', () => {
  it('holds an option to 23:59 of the chosen day in Berlin, in winter and in summer time', () => {
    expect(endOfBerlinDay('2026-11-30')).toBe('2026-11-30T22:59:00.000Z');
    expect(endOfBerlinDay('2027-07-15')).toBe('2027-07-15T21:59:00.000Z');
    // the days of the switches: 29 March 2026 is in summer time by its evening, 25 October 2026 in winter time
    expect(endOfBerlinDay('2026-03-29')).toBe('2026-03-29T21:59:00.000Z');
    expect(endOfBerlinDay('2026-10-25')).toBe('2026-10-25T22:59:00.000Z');
  });

  it("starts the option day from Berlin's day, not UTC's", () => {
    // 23:30 UTC on 30 November is already 1 December in Berlin.
    expect(initialValues(new Date('2026-11-30T23:30:00Z'), 7).option_until).toBe('2026-12-08');
  });

  it("writes documents in the clerk's language when there are documents in it, else in German", () => {
    expect(initialValues(new Date(), 7, 'en').language).toBe('en');
    expect(initialValues(new Date(), 7, 'ru').language).toBe('ru');
    expect(initialValues(new Date(), 7, 'fr').language).toBe('de');
  });

  it('takes the customer as the first participant', () => {
    const customer = {
      salutation: 1,
      firstName: 'Petra',
      surname: 'Sommer',
      birthday: '1984-03-17',
      phone: '0341 1',
      email: 'p@example.com',
    } as Customer;
    expect(participantFromCustomer(customer)).toMatchObject({
      anrede: 'Frau',
      name1: 'Petra',
      name: 'Sommer',
      geburtstag: '1984-03-17',
      telefon: '0341 1',
      email: 'p@example.com',
    });
    expect(participantFromCustomer({ ...customer, salutation: 2 }).anrede).toBeNull();
  });

  it('asks the insurance for each traveller with price and birthday', () => {
    expect(
      insuranceTravellers({ teilnehmer: [person('A'), person('B', { price_id: 3, geburtstag: '2014-06-14' })] }, date),
    ).toEqual(['499.50', '299.00|2014-06-14']);
  });

  it.each([
    ['buchender.surname', 'customer'],
    ['termin', 'date'],
    ['teilnehmer', 'participants'],
    ['teilnehmer.2.name', 'participants'],
    ['teilnehmer.0.price_id', 'services'],
    ['teilnehmer.1.insurance', 'services'],
    ['teilnehmer.3.sitzrueck', 'seats'],
    ['teilnehmer.3.zustieghin', 'seats'],
    ['extras.0.units', 'services'],
    ['option_until', 'summary'],
  ])('shows the error of %s on step %s', (field, step) => {
    expect(stepOfField(field)).toBe(step);
  });

  it('gives up the seats another booking holds by now, per direction and coach', () => {
    const transport = (direction: 'outbound' | 'return', position: number, seats: string[]) => ({
      id: position,
      direction,
      position,
      name: '',
      layout: { decks: [] },
      blocked_seats: [],
      occupants: seats.map((seat) => ({ seat, id_participant: 1, id_booking: 1, name: 'X', status: 'firm' })),
    });
    const { participants, lost } = dropTakenSeats(
      [
        person('A', { sitzhin: '5', bushin: 1, sitzrueck: '5', busrueck: 1 }),
        person('B', { sitzhin: '6', bushin: 2, sitzrueck: '6' }),
      ],
      { transports: [transport('outbound', 1, ['5']), transport('outbound', 2, []), transport('return', 1, ['6'])] },
    );
    expect(lost).toEqual(['5', '6']);
    expect(participants.map((p) => [p.sitzhin, p.bushin, p.sitzrueck, p.busrueck])).toEqual([
      [null, null, '5', 1],
      ['6', 2, null, null],
    ]);
  });

  it('counts free seats in the tighter direction', () => {
    const quota = (id: number, ref: number, free: number) => ({
      id,
      kind: 'seat' as const,
      ref,
      name: '',
      capacity: 16,
      held: 16 - free,
      free,
    });
    const transport = (id: number, direction: 'outbound' | 'return') =>
      ({ id, direction }) as Parameters<typeof freeSeats>[0]['transports'][number];
    expect(
      freeSeats({
        quotas: [quota(1, 10, 3), quota(2, 11, 4), quota(3, 12, 5)],
        transports: [transport(10, 'outbound'), transport(11, 'outbound'), transport(12, 'return')],
      }),
    ).toBe(5);
    expect(freeSeats({ quotas: [], transports: [] })).toBeNull();
  });
});
