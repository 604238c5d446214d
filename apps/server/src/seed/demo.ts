import type { FastifyBaseLogger } from 'fastify';
import { createBrand } from '../features/brands/brands.service.ts';
import { createOrganization } from '../features/organizations/organizations.service.ts';
import { createRole, findRoleId, roleIdByName } from '../features/roles/roles.service.ts';
import { seedDefaultSettings } from '../features/settings/settings.service.ts';
import type { DbContext } from '../types.ts';
import { isWeakPassword } from '../lib/passwords.ts';
import {
  createCustomerFixture,
  createDriverFixture,
  createRoleFixture,
  createUserFixture,
  DEMO_PASSWORD,
  DEMO_ROLES,
  SYSTEM_ACTOR,
} from './factories.ts';
import { seedCatalogueReferences } from './catalogue-factories.ts';
import { seedDemoBookings } from './demo-bookings.ts';
import { seedDemoTravelMenu } from './demo-travel-menu.ts';
import { seedDemoNewsletterTemplates } from './demo-newsletter-templates.ts';
import { seedDemoNewsletterAnalysis } from './demo-newsletter-analysis.ts';
import { seedDemoNewsletterCampaigns } from './demo-newsletter-campaigns.ts';
import { seedDemoNewsletterContacts } from './demo-newsletter-contacts.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { seedDemoSuitcase } from './demo-suitcase.ts';
import { seedDemoRoad } from './demo-road.ts';
import { seedDemoJourneys } from './demo-journeys.ts';
import { seedDemoDepartures } from './demo-departures.ts';
import { seedDemoDriverApp } from './demo-driver-app.ts';
import { seedDemoTravellerTrips } from './demo-traveller-trips.ts';
import { seedDemoWebMenus } from './demo-web-menus.ts';
import { seedDemoWebContent } from './demo-web-content.ts';
import { seedDemoPushNotifications } from './demo-push-notifications.ts';
import { seedDemoSurveys } from './demo-surveys.ts';
import { seededRandom } from './german-data.ts';
import { hasAnyAccount } from './seed.repository.ts';
import { findUserByEmail } from './demo-driver-app.repository.ts';
import { seedDemoSurveyAnswers } from './demo-survey-answers.ts';
import { seedDemoDocuments } from './demo-documents.ts';
import { seedDemoCalendar } from './demo-calendar.ts';
import { seedDemoChat } from './demo-chat.ts';
import { seedDemoTodos } from './demo-todos.ts';

export const DEMO_AGENCIES = [
  {
    name: 'Reisebüro Sonnenschein GmbH',
    address: 'Marktplatz 4',
    zip: '87435',
    city: 'Kempten',
    country: 'Deutschland',
    phones: [{ key: 'phone-business' as const, value: '+49 831 5551230' }],
    emails: [{ key: 'email-business' as const, value: 'buchung@sonnenschein-reisen.example' }],
  },
  {
    name: 'Reiseland Nord Touristik',
    address: 'Holstenstraße 88',
    zip: '24103',
    city: 'Kiel',
    country: 'Deutschland',
    phones: [{ key: 'phone-business' as const, value: '+49 431 5558800' }],
    emails: [{ key: 'email-business' as const, value: 'info@reiseland-nord.example' }],
  },
] as const;

/** Roles the product's own flows rely on (registrations, drivers, agencies); created when missing. */
const SYSTEM_ROLES = ['superadmin', 'admin', 'agency', 'traveller', 'driver'] as const;

/** What every installation needs, demo or not: the settings of spec §9 and the system roles. */
export async function seedDefaults(ctx: DbContext): Promise<void> {
  await seedDefaultSettings(ctx);
  for (const name of SYSTEM_ROLES) {
    if ((await findRoleId(ctx, name)) === undefined)
      await createRole(ctx, { role: name, ...DEMO_ROLES[name]! }, SYSTEM_ACTOR);
  }
}

const isEmpty = async (ctx: DbContext) => !(await hasAnyAccount(ctx.db));

const roleId = (ctx: DbContext, name: string) => roleIdByName(ctx, name);

/** Customers in the demo: about 300, some of them the agencies' own. */
export const DEMO_CUSTOMER_COUNT = 300;

/**
 * Demo data for a browsable first start: two brands, the six demo accounts of the README (password
 * `Demo1234!`) plus a second agency user, two agencies, about 300 customers and three drivers.
 * Runs only on an empty database.
 */
export async function seedDemoData(ctx: DbContext, log?: FastifyBaseLogger): Promise<boolean> {
  await seedDefaults(ctx);
  if (!(await isEmpty(ctx))) return false;

  await createBrand(ctx, {
    host: 'localhost',
    isDevelopment: true,
    name: 'Tourdesk',
    company: 'Alpenblick Busreisen GmbH',
    street: 'Bahnhofstraße 12',
    zip: '87527',
    city: 'Sonthofen',
    tel: '+49 8321 123450',
    fax: '+49 8321 123459',
    email: 'info@alpenblick-reisen.example',
    web: 'https://alpenblick-reisen.example',
    court: 'Amtsgericht Kempten',
    RegistrationNumber: 'HRB 12345',
    companyId: 'DE123456789',
    pushChannel: 'alpenblick',
    primaryColor: '#004a69',
    legalLinks: {
      imprint: 'https://alpenblick-reisen.example/impressum',
      privacy: 'https://alpenblick-reisen.example/datenschutz',
      terms: 'https://alpenblick-reisen.example/agb',
    },
  });
  await createBrand(ctx, {
    host: '127.0.0.1',
    name: 'Nordlicht Reisen',
    company: 'Nordlicht Reisen KG',
    street: 'Am Hafen 3',
    zip: '24103',
    city: 'Kiel',
    tel: '+49 431 987650',
    email: 'service@nordlicht-reisen.example',
    web: 'https://nordlicht-reisen.example',
    court: 'Amtsgericht Kiel',
    RegistrationNumber: 'HRA 4711',
    companyId: 'DE987654321',
    pushChannel: 'nordlicht',
    primaryColor: '#7a2e0e',
    legalLinks: {
      imprint: 'https://nordlicht-reisen.example/impressum',
      privacy: 'https://nordlicht-reisen.example/datenschutz',
      terms: 'https://nordlicht-reisen.example/agb',
    },
  });
  await createRoleFixture(ctx, 'office');

  const agencyIds: number[] = [];
  for (const agency of DEMO_AGENCIES) {
    agencyIds.push(
      (await createOrganization(ctx, { ...agency, phones: [...agency.phones], emails: [...agency.emails] })).id,
    );
  }

  const staff = [
    { email: 'superadmin@example.com', firstname: 'Stefan', lastname: 'Hartmann', role: 'superadmin' },
    { email: 'admin@example.com', firstname: 'Andrea', lastname: 'Köhler', role: 'admin' },
    { email: 'office@example.com', firstname: 'Jürgen', lastname: 'Weiß', role: 'office' },
    { email: 'agency@example.com', firstname: 'Petra', lastname: 'Schäfer', role: 'agency', agencyId: agencyIds[0]! },
    { email: 'agency2@example.com', firstname: 'Sören', lastname: 'Brandt', role: 'agency', agencyId: agencyIds[1]! },
  ];
  for (const [index, account] of staff.entries()) {
    await createUserFixture(ctx, 'staff', {
      ...account,
      role: await roleId(ctx, account.role),
      password: DEMO_PASSWORD,
      city: 'Sonthofen',
      zip: '87527',
      phones: [{ key: 'phone-business', value: `+49 8321 12345${index + 1}` }],
      emails: [{ key: 'email-business', value: account.email }],
    });
  }
  await createUserFixture(ctx, 'app', {
    email: 'traveller@example.com',
    firstname: 'Thomas',
    lastname: 'Müller',
    role: await roleId(ctx, 'traveller'),
    password: DEMO_PASSWORD,
    ratio_id: '100234',
    city: 'Füssen',
    zip: '87629',
  });

  // Customers: most belong to the operator, some to each agency.
  for (let n = 1; n <= DEMO_CUSTOMER_COUNT; n++) {
    const agencyId = n % 10 === 3 ? agencyIds[0] : n % 10 === 7 ? agencyIds[1] : null;
    await createCustomerFixture(ctx, n, { agencyId, ratio_id: String(200000 + n) });
  }

  // Drivers: customers flagged as drivers with a driver login; the first is the demo account (its password
  // set, so it can log in). The others' invitation mails wait in the outbox (see /email/debug).
  const random = seededRandom(4711);
  const drivers = [
    { firstName: 'Dieter', surname: 'Bäumer', loginEmail: 'driver@example.com', password: DEMO_PASSWORD },
    { firstName: 'Günther', surname: 'Straßburger', loginEmail: 'g.strassburger@alpenblick-reisen.example' },
    { firstName: 'Mehmet', surname: 'Öztürk', loginEmail: 'm.oeztuerk@alpenblick-reisen.example' },
    { firstName: 'Sabine', surname: 'Wendt', loginEmail: 's.wendt@alpenblick-reisen.example' },
    { firstName: 'Jens', surname: 'Kröber', loginEmail: 'j.kroeber@alpenblick-reisen.example' },
  ];
  for (const [index, driver] of drivers.entries()) {
    await createDriverFixture(ctx, DEMO_CUSTOMER_COUNT + index + 1, { salutation: 0, ...driver }, random);
  }

  // The trip catalogue's reference data: boarding points in stop groups, destinations.
  await seedCatalogueReferences(ctx);
  // The trip catalogue's 25 journeys (after its reference data: they link destinations and boarding points by name).
  await seedDemoJourneys(ctx);
  // Seat plans, and the next six months' dates planned with coaches, travel stops and pools. The demo driver drives
  // today's demo coaches below (driver app, coach on the road), so the other drivers share the planned dates.
  const demoDriver = await findUserByEmail(ctx.db, 'driver@example.com');
  await seedDemoDepartures(ctx, { exceptDrivers: demoDriver?.id_vc_card ? [demoDriver.id_vc_card] : [] });
  // Bookings on the planned demo dates (after the departures: they need coaches, pools and stops).
  await seedDemoBookings(ctx);
  await seedDemoPayments(ctx);
  // The demo traveller's trips in the app (after the bookings: the coming trip joins the departures' stops).
  await seedDemoTravellerTrips(ctx);
  // Travel-bag templates (the traveller already has journeys to pack for).
  await seedDemoSuitcase(ctx);
  // Today's day trip of the demo driver, with travellers and QR tickets (the driver app, issue #13).
  await seedDemoDriverApp(ctx);
  // A coach on the road today with its position, driven by the demo driver, the demo traveller on board.
  await seedDemoRoad(ctx);
  // On-board menus for every journey and a few lines of consumption on the demo traveller's booking.
  await seedDemoTravelMenu(ctx);
  // Newsletter contacts and the lists Stammkunden (certified) and Website-Interessenten (issue #14).
  await seedDemoNewsletterContacts(ctx);
  // Newsletter templates (issue #14): the campaigns' demo data finds them by name.
  await seedDemoNewsletterTemplates(ctx);
  // A sent, a scheduled and a draft campaign to the demo list with the spring template.
  await seedDemoNewsletterCampaigns(ctx);
  // Opens, clicks, bounces and unsubscribes for the sent newsletter campaigns (after the campaigns' seed).
  await seedDemoNewsletterAnalysis(ctx);
  // The website's menus, and the shop's product and article groups (issue #15).
  await seedDemoWebMenus(ctx);
  // The website's blog posts (one on the employee list) and a content category with two pages (issue #15).
  await seedDemoWebContent(ctx);
  // Topics, a message sent to every traveller and a draft to a coach (issue #16).
  await seedDemoPushNotifications(ctx);
  // The survey Feedback zur Reise with its questions, intro, completion and a dozen answers (issue #16).
  await seedDemoSurveys(ctx);
  // The feedback survey of the demo traveller's past trip at Lake Constance, answered in the app (issue #16).
  await seedDemoSurveyAnswers(ctx);
  // The documents query's registry over everything above: invoices, mailed files, manifests (issue #17).
  await seedDemoDocuments(ctx);
  // The shared calendar „Büro“ and the office clerk's own appointments around today (issue #17).
  await seedDemoCalendar(ctx);
  // The chat: a morning in the general channel and the demo driver's day trip (issue #17).
  await seedDemoChat(ctx);
  // The office's to-dos and a task board with cards in every column (issue #17).
  await seedDemoTodos(ctx);
  log?.info('demo data seeded');
  return true;
}

/**
 * A fresh installation without demo data needs someone to log in: with INITIAL_ADMIN_EMAIL and
 * INITIAL_ADMIN_PASSWORD set, the first start creates that superadmin (and later starts leave it alone). A weak
 * password stops that start with an error naming INITIAL_ADMIN_PASSWORD.
 */
export async function seedInitialAdmin(
  ctx: DbContext,
  email: string | undefined,
  password: string | undefined,
  log?: FastifyBaseLogger,
) {
  if (!email || !password || !(await isEmpty(ctx))) return false;
  if (isWeakPassword(password, [email])) {
    throw new Error(
      'INITIAL_ADMIN_PASSWORD is too easy to guess (a common word, name, date or pattern): choose a longer, less predictable one',
    );
  }
  await createUserFixture(ctx, 'staff', {
    email: email.toLowerCase(),
    password,
    passwordRepeat: password,
    firstname: 'System',
    lastname: 'Administrator',
    role: await roleId(ctx, 'superadmin'),
  });
  log?.info({ email }, 'initial superadmin created');
  return true;
}
