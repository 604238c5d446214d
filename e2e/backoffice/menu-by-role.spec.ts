import { expect, test } from '@playwright/test';
import { loginAs, menuTargets } from '../support/session.ts';

const SUPERADMIN_ONLY = [
  '/system/settings',
  '/system/brands',
  '/system/cronjobs',
  '/system/import',
  '/defaultcomponent',
];

/** The trip catalogue's screens (internet-read). */
const CATALOGUE = ['/internet/categories', '/internet/destinations', '/zustiege', '/zustiege/gruppen', '/seat-plans'];

/** The website's blog, content pages and menus (internet-read) and the shop's groups (shop-read). */
const WEBSITE = ['/internet/blog', '/internet/content', '/internet/menu'];
const SHOP = ['/products/productgroups', '/products/articlegroups'];

/** The bookings screens (vorgang-read, process-read). */
const BOOKINGS = ['/vorgang', '/process', '/maps'];
/** The image database's screens (issue #15): admin only (spec "Menu entries"). */
const IMAGES = ['/imagedb/library', '/imagedb/history'];

/** The newsletter screens (newsletter-read). */
const NEWSLETTER = [
  '/newsletter/campaigns',
  '/newsletter/templates',
  '/newsletter/contactslist',
  '/newsletter/contacts',
  '/newsletter/analysis',
  '/mailjet',
  '/mailjet/debug',
];

/** The stock images, offered because support/serve-with-smtp.ts configures the (fake) Adobe Stock. */
const STOCK_IMAGES = ['/imagedb/stock', '/imagedb/customer'];

/** The survey screens (appusurvey-read, issue #16). */
const SURVEYS = ['/survey/categories', '/survey/intros', '/survey/questions', '/survey/completions', '/survey/surveys'];

/** Every screen this installation has, for a user with every right but without an agency. */
/** Communication and time (issue #17): chat, documents, calendar, to-dos, the task board and the task list. */
const OFFICE_TOOLS = ['/chat', '/documents', '/time/calendar', '/time/todo', '/board', '/task'];

const EVERYTHING = [
  '/',
  ...OFFICE_TOOLS,
  ...BOOKINGS,
  '/agencies',
  '/customers',
  '/customers/drivers',
  '/app/users',
  '/app/travelbag',
  '/app/emergencycall',
  '/app/pushnotifications',
  '/app/topics',
  '/users-disabled',
  '/appuser/myProfile',
  '/users',
  '/roles',
  '/email/debug',
  '/basedata/thirdparty',
  '/email',
  '/email/accounts',
  '/internet/journeys',
  ...CATALOGUE,
  ...WEBSITE,
  ...SHOP,
  ...NEWSLETTER,
  ...IMAGES,
  ...STOCK_IMAGES,
  ...SURVEYS,
  ...SUPERADMIN_ONLY,
];

/**
 * What each demo role's permissions allow (spec §2 menu table, §6 rule), among the screens that exist: no
 * entry leads to a placeholder, and the agency portal shows only to users linked to an agency.
 */
const EXPECTED: Record<string, string[]> = {
  'superadmin@example.com': EVERYTHING,
  'admin@example.com': EVERYTHING.filter((target) => !SUPERADMIN_ONLY.includes(target)),
  'office@example.com': [
    '/',
    '/customers',
    '/internet/journeys',
    '/appuser/myProfile',
    '/email',
    ...OFFICE_TOOLS,
    ...CATALOGUE,
    ...WEBSITE,
    ...BOOKINGS,
    ...NEWSLETTER,
  ],
  'agency@example.com': [
    '/',
    '/agencies/myProfile',
    '/agencies/provision',
    '/agencies/customers',
    '/agencies/vorgang',
    '/agencies/booking',
    '/agencies/booking/index2',
    '/appuser/myProfile',
  ],
};

test('traveller@example.com lands in the phone app, whose drawer offers the journeys, bus location, history and processes', async ({
  page,
}) => {
  await loginAs(page, 'traveller@example.com');
  await expect(page).toHaveURL(/\/appuser\/aktJourneys$/);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(menu|menü)$/i })
    .click();
  const drawer = page.getByRole('navigation', { name: /^(menu|menü)$/i });
  await expect(drawer.getByRole('link').first()).toBeVisible();
  const hrefs = await drawer.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  for (const target of [
    '/appuser/aktJourneys',
    '/appuser/Buslocation',
    '/appuser/historyjourneys',
    '/appuser/process',
  ]) {
    expect(hrefs).toContain(target);
  }
});

for (const [email, expected] of Object.entries(EXPECTED)) {
  test(`${email} sees exactly the menu entries its permissions allow`, async ({ page }) => {
    await loginAs(page, email);
    expect(await menuTargets(page)).toEqual([...expected].sort());
  });
}

test('driver@example.com lands in the driver app, whose menu offers the trips, the messages and the profile', async ({
  page,
}) => {
  await loginAs(page, 'driver@example.com');
  await expect(page).toHaveURL(/\/driver$/);
  await page.getByRole('button', { name: /^(menu|menü)$/i }).click();
  const drawer = page.getByRole('navigation', { name: /^(menu|menü)$/i });
  await expect(drawer.getByRole('link').first()).toBeVisible();
  const hrefs = await drawer.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  // the driver reads the travellers' messages too (pushmessage-read, issue #16)
  expect(hrefs.sort()).toEqual([
    '/appuser/BusChat',
    '/appuser/myProfile',
    '/appuser/notifications',
    '/auth/logout',
    '/driver',
    '/driver/chat',
  ]);
});

test('the dashboard offers a tile for each screen the user can use, and nothing else', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  await expect(page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ })).toBeVisible();
  const tiles = page.locator('section a[href]');
  await expect(tiles.first()).toBeVisible();
  const hrefs = await tiles.evaluateAll((links) =>
    links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
  );
  // The task list has no tile of its own: the board's tile leads to the tasks.
  expect(hrefs.sort()).toEqual(
    EXPECTED['admin@example.com']!.filter((target) => target !== '/' && target !== '/task').sort(),
  );
});

test('a driver typing an address gets 403 without the permission and 404 where no screen exists', async ({ page }) => {
  await loginAs(page, 'driver@example.com');
  for (const path of [
    '/users',
    '/email/debug',
    '/debug',
    '/agencies/myProfile',
    '/internet/journeys',
    '/internet/blog',
    '/appuser/aktJourneys',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Forbidden', level: 1 })).toBeVisible();
  }
  for (const path of ['/internet/no-such-screen']) {
    await page.goto(path);
    await expect(page.getByText('This page could not be found')).toBeVisible();
  }
});
