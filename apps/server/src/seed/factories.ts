import type {
  Access,
  CreateCustomerBody,
  CreateJourneyBody,
  CreateOrganizationBody,
  CreateUserBody,
  RegisterDriverBody,
} from '@tourdesk/contracts';
import { hashPassword } from '../lib/passwords.ts';
import type { AccountTtl, RequestOrigin } from '../lib/origin.ts';
import { brandForHost } from '../features/brands/brands.service.ts';
import { registerDriver } from '../features/drivers/drivers.service.ts';
import type { AuthUser, DbContext } from '../types.ts';
import { createCustomer } from '../features/customers/customers.service.ts';
import { createJourney } from '../features/journeys/journeys.service.ts';
import { createOrganization } from '../features/organizations/organizations.service.ts';
import { createRole } from '../features/roles/roles.service.ts';
import { createUser, updateAccountAccess } from '../features/users/users.service.ts';
import type { UserKind } from '../features/users/users.table.ts';
import {
  FIRST_NAMES_FEMALE,
  FIRST_NAMES_MALE,
  MAIL_DOMAINS,
  PLACES,
  STREETS,
  SURNAMES,
  mailName,
  pick,
  seededRandom,
} from './german-data.ts';

/**
 * Factories shared by the demo data and the tests, so both exercise the same service rules.
 */
export const DEMO_PASSWORD = 'Demo1234!';

/** Acts for the system itself (seeding), with every right. */
export const SYSTEM_ACTOR: AuthUser = {
  id: 0,
  kind: 'staff',
  email: 'system',
  admin: true,
  role: 'superadmin',
  access: {},
  agencyId: null,
};

let sequence = 0;
export const nextSequence = () => ++sequence;

const crud = { read: true, update: true, create: true, delete: true };
const ruc = { read: true, update: true, create: true };

/** The demo roles of the README, by name. */
export const DEMO_ROLES: Record<string, { admin: boolean; access: Access }> = {
  superadmin: { admin: true, access: {} },
  admin: { admin: true, access: {} },
  office: {
    admin: false,
    access: {
      customers: ruc,
      vorgang: ruc,
      process: ruc,
      newsletter: ruc,
      internet: ruc,
      calendar: ruc,
      todo: ruc,
      chat: ruc,
      email: { read: true, sort: true, send: true },
      'email-folder': { read: true },
      documents: ruc,
      myprofile: { read: true, update: true },
    },
  },
  agency: {
    admin: false,
    access: { agencydata: ruc, myprofile: { read: true, update: true } },
  },
  traveller: {
    admin: false,
    access: {
      myprofile: { read: true, update: true },
      myJourneys: { read: true },
      historyJourneys: { read: true },
      'app-process': { read: true },
      PackSuitcase: crud,
      Buslocation: { read: true },
      Diary: crud,
      TravelMenu: { read: true, create: true },
      pushmessage: { read: true, update: true },
    },
  },
  driver: {
    admin: false,
    access: {
      myprofile: { read: true, update: true },
      Buslocation: { read: true, update: true },
      pushmessage: { read: true, send: true },
    },
  },
};

export async function createRoleFixture(
  ctx: DbContext,
  name: string,
  overrides: { admin?: boolean; access?: Access } = {},
) {
  const preset = DEMO_ROLES[name] ?? { admin: false, access: {} };
  return createRole(
    ctx,
    { role: name, admin: overrides.admin ?? preset.admin, access: overrides.access ?? preset.access },
    SYSTEM_ACTOR,
  );
}

export function makeUserBody(overrides: Partial<CreateUserBody> & { role: number }): CreateUserBody {
  const n = nextSequence();
  return {
    email: `user${n}@example.org`,
    password: DEMO_PASSWORD,
    passwordRepeat: DEMO_PASSWORD,
    firstname: 'Erika',
    lastname: `Mustermann${n}`,
    phones: [],
    emails: [],
    ...overrides,
    ...(overrides.password && !overrides.passwordRepeat ? { passwordRepeat: overrides.password } : {}),
  };
}

export async function createUserFixture(
  ctx: DbContext,
  kind: UserKind,
  overrides: Partial<CreateUserBody> & { role: number },
) {
  const body = makeUserBody(overrides);
  return createUser(ctx, kind, body, { actor: SYSTEM_ACTOR, skipRatioRule: true });
}

/**
 * A realistic customer: German name (umlauts included), address, one or two phones and an e-mail.
 * `n` makes the e-mail unique; `random` makes the rest reproducible.
 */
export function makeCustomerBody(
  n: number,
  random: () => number = seededRandom(n),
  overrides: Partial<CreateCustomerBody> = {},
): CreateCustomerBody {
  const female = random() < 0.5;
  // Drawn either way, so that overriding a name leaves the rest of the record as it was.
  const drawnFirstName = pick(random, female ? FIRST_NAMES_FEMALE : FIRST_NAMES_MALE);
  const drawnSurname = pick(random, SURNAMES);
  // The e-mail address follows the name the customer ends up with, never another person's.
  const firstName = overrides.firstName ?? drawnFirstName;
  const surname = overrides.surname ?? drawnSurname;
  const place = pick(random, PLACES);
  const mobile = `+49 1${60 + Math.floor(random() * 20)} ${String(1000000 + Math.floor(random() * 8999999))}`;
  const landline = `0${2 + Math.floor(random() * 8)}${String(Math.floor(random() * 900) + 100)} ${String(Math.floor(random() * 900000) + 100000)}`;
  return {
    salutation: female ? 1 : 0,
    firstName,
    surname,
    birthday: `19${40 + Math.floor(random() * 60)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
    address: `${pick(random, STREETS)} ${1 + Math.floor(random() * 120)}`,
    zip: place.zip,
    city: place.city,
    state: place.state,
    country: 'Deutschland',
    customerType: random() < 0.6 ? 'regular' : 'new',
    phones: [
      { key: 'phone-mobile', value: mobile },
      ...(random() < 0.5 ? [{ key: 'phone-private' as const, value: landline }] : []),
    ],
    emails: [
      {
        key: random() < 0.8 ? 'email-private' : 'email-business',
        value: `${mailName(firstName)}.${mailName(surname)}.${n}@${pick(random, MAIL_DOMAINS)}`,
      },
    ],
    ...overrides,
  };
}

export async function createCustomerFixture(ctx: DbContext, n: number, overrides: Partial<CreateCustomerBody> = {}) {
  return createCustomer(ctx, makeCustomerBody(n, seededRandom(n), overrides), { kind: 'all' });
}

/** Where seeded and test actions "come from": the development host's brand, links to localhost. */
export async function systemOrigin(ctx: DbContext): Promise<RequestOrigin> {
  return { brand: await brandForHost(ctx, 'localhost'), origin: 'http://localhost:3000', ip: 'seed' };
}

export const SYSTEM_TTL: AccountTtl = { actionCodeTtlHours: 24, inviteCodeTtlHours: 7 * 24 };

/**
 * A driver: a customer flagged as driver with an invited traveller-app login (no password yet unless
 * `password` is given). The login e-mail defaults to one made from the name.
 */
export async function createDriverFixture(
  ctx: DbContext,
  n: number,
  overrides: Partial<RegisterDriverBody> & { password?: string } = {},
  random: () => number = seededRandom(n),
) {
  const { password, loginEmail, ...customer } = overrides;
  const body = makeCustomerBody(n, random, customer);
  const email = loginEmail ?? `${mailName(body.firstName)}.${mailName(body.surname)}.${n}@fahrer.example`;
  const registered = await registerDriver(ctx, { ...body, loginEmail: email }, await systemOrigin(ctx), SYSTEM_TTL);
  if (password) await updateAccountAccess(ctx, registered.userId, { passwordHash: await hashPassword(password) });
  return { ...registered, loginEmail: email };
}

/** A travel agency (an organization of type 1) in a German town, with a phone and an e-mail. */
export async function createAgencyFixture(ctx: DbContext, n: number, overrides: Partial<CreateOrganizationBody> = {}) {
  const random = seededRandom(n);
  const place = pick(random, PLACES);
  return createOrganization(ctx, {
    name: `Reisebüro ${place.city} ${n}`,
    type: 1,
    address: `${pick(random, STREETS)} ${1 + Math.floor(random() * 120)}`,
    zip: place.zip,
    city: place.city,
    country: 'Deutschland',
    phones: [{ key: 'phone-business', value: `+49 ${800 + n} 555${String(n).padStart(4, '0')}` }],
    emails: [{ key: 'email-business', value: `buchung.${n}@reisebuero.example` }],
    ...overrides,
  });
}

/** `YYYY-MM-DD` plus whole days. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A small but complete journey: texts, two itinerary days, a hotel with double and single rooms, an extra and
 * two dates (from `firstDate`, a week apart) with a double-room price, a single supplement and a child price.
 * `n` makes the title, code and slug unique.
 */
export function makeJourneyBody(
  n: number,
  overrides: Partial<CreateJourneyBody> & { firstDate?: string } = {},
): CreateJourneyBody {
  const { firstDate = '2027-05-03', ...rest } = overrides;
  const prices = [
    {
      category: 'adult' as const,
      room_kind: 'double' as const,
      description: 'pro Person im Doppelzimmer',
      amount: 649,
    },
    { category: 'supplement' as const, room_kind: 'single' as const, description: 'Einzelzimmerzuschlag', amount: 120 },
    { category: 'child' as const, room_kind: null, description: 'Kind bis 11 Jahre', amount: 399.5 },
  ];
  return {
    title: `Frühling am Gardasee ${n}`,
    subtitle: 'Zitronen, Oliven und Seeblick',
    code: `GAR-${n}`,
    catalog_state: 1,
    bookable: 0,
    online: false,
    mindestteilnehmer: 20,
    detail: {
      title: 'Gardasee',
      introduction: '<p>Fünf Tage am größten See Italiens.</p>',
      services: '<ul><li>Fahrt im modernen Reisebus</li><li>4 Übernachtungen mit Halbpension</li></ul>',
    },
    days: [
      { day_no: 1, daytitle: 'Anreise', daytext: '<p>Fahrt über den Brenner an den Gardasee.</p>' },
      { day_no: 2, daytitle: 'Sirmione', daytext: '<p>Bootsfahrt nach Sirmione.</p>' },
    ],
    accommodations: [
      {
        name: 'Hotel Bella Riva',
        city: 'Riva del Garda',
        country: 'Italien',
        stars: 4,
        roomTypes: [
          { kind: 'double', name: 'Doppelzimmer Seeblick', rooms: 18 },
          { kind: 'single', name: 'Einzelzimmer', rooms: 6 },
        ],
      },
    ],
    extras: [{ type: 'Ausflug', value: 'Weinprobe in Bardolino', price: 29, price_due: 'per_person' }],
    dates: [0, 7].map((offset, index) => ({
      termincode: `GAR${n}-${index + 1}`,
      date_from: addDays(firstDate, offset),
      date_till: addDays(firstDate, offset + 4),
      prices,
    })),
    meta_title: `Gardasee-Reise ${n}`,
    slug: `gardasee-${n}`,
    ...rest,
  };
}

export async function createJourneyFixture(
  ctx: DbContext,
  n: number,
  overrides: Partial<CreateJourneyBody> & { firstDate?: string } = {},
) {
  return createJourney(ctx, makeJourneyBody(n, overrides));
}
