import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { WebJourney } from '@tourdesk/contracts/journeys.schema';
import { callApi, createStopGroup, getJourney, type JourneyAnswer } from '../support/journeys.ts';
import { loginAs } from '../support/session.ts';

/** A real (tiny) PNG: the server checks the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The visible one of the fields with this label, required (`Title *`) or not: every tab of the editor is
 * rendered, the others hidden.
 */
const field = (page: Page, label: string, index = 0): Locator =>
  page
    .getByLabel(new RegExp(`^${escaped(label)}(\\s*\\*)?$`))
    .filter({ visible: true })
    .nth(index);

const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });

/** The "Add" button of the form iterator `source` (e.g. `dates`, `dates.1.prices`): after those of its rows. */
const addTo = (page: Page, source: string) =>
  page
    .locator(`.ra-input-${source.replaceAll('.', '\\.')}`)
    .getByRole('button', { name: 'Add' })
    .last();

async function pick(page: Page, label: string, option: string, index = 0): Promise<void> {
  await field(page, label, index).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function typeRichText(page: Page, index: number, text: string): Promise<void> {
  const editor = page.locator('.ProseMirror').filter({ visible: true }).nth(index);
  await editor.click();
  await page.keyboard.type(text);
}

const DATES = [
  { code: 'RUE-0501', from: '01.05.2027', till: '05.05.2027', price: '899,00' },
  { code: 'RUE-0612', from: '12.06.2027', till: '16.06.2027', price: '949.5' },
  { code: 'RUE-0904', from: '04.09.2027', till: '08.09.2027', price: '1.049,00' },
];

test('office builds a trip through all tabs, finds it in the list and copies it with shifted dates', async ({
  page,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  const group = await createStopGroup(request, tag, [
    { name: 'Leipzig Hbf Ostseite', city: 'Leipzig' },
    { name: 'Dresden Hbf Bayrische Straße', city: 'Dresden' },
  ]);
  const title = `Rügen – Kreidefelsen und Bäderarchitektur ${tag}`;

  await loginAs(page, 'office@example.com');
  await page.goto('/internet/journeys/create');

  // Basic data
  await field(page, 'Title').fill(title);
  await field(page, 'Subtitle').fill('5 Tage Ostsee mit Kap Arkona');
  await field(page, 'Trip code').fill(`RUE-${tag}`);
  await pick(page, 'Catalog state', 'In progress');

  // Travel texts: introduction and two itinerary days
  await tab(page, 'Travel texts').click();
  await typeRichText(page, 0, 'Kreidefelsen, Seebrücken und weiße Villen.');
  await addTo(page, 'days').click();
  await field(page, 'Day title', 0).fill('Anreise nach Binz');
  await addTo(page, 'days').click();
  await field(page, 'Day title', 1).fill('Kap Arkona und Vitt');

  // Accommodations: a hotel with two room types
  await tab(page, 'Accommodations').click();
  await addTo(page, 'accommodations').click();
  await field(page, 'Hotel name').fill('Hotel Meeresblick Binz');
  await field(page, 'City').fill('Binz');
  await addTo(page, 'accommodations.0.roomTypes').click();
  await field(page, 'Rooms held', 0).fill('20');
  await addTo(page, 'accommodations.0.roomTypes').click();
  await pick(page, 'Room kind', 'Single room', 1);
  await field(page, 'Rooms held', 1).fill('6');

  // Dates and prices: three dates, each with a price typed the German or the English way
  await tab(page, 'Dates/prices').click();
  for (const [index, date] of DATES.entries()) {
    await addTo(page, 'dates').click();
    await field(page, 'Date code', index).fill(date.code);
    await field(page, 'From', index).fill(date.from);
    await field(page, 'Until', index).fill(date.till);
    await addTo(page, `dates.${index}.prices`).click();
    await field(page, 'Description', index).fill('pro Person im Doppelzimmer');
    await field(page, 'Price', index).fill(date.price);
    await field(page, 'Price', index).blur();
  }
  await expect(field(page, 'Price', 2)).toHaveValue('1.049,00');
  await expect(field(page, 'Price', 1)).toHaveValue('949,50');

  // Extras: an excursion per person
  await tab(page, 'Extras').click();
  await addTo(page, 'extras').click();
  await field(page, 'Type').fill('Ausflug');
  await field(page, 'Value').fill('Schifffahrt zu den Kreidefelsen');
  await field(page, 'Price').fill('25,50');
  await pick(page, 'Due', 'Per person');

  // Boarding points: the stop group on the way out, with pick-up times
  await tab(page, 'Boarding points').click();
  await page.getByLabel('Stop group (Outbound)').fill(group.name);
  await page.getByRole('option', { name: group.name }).click();
  await page.getByRole('button', { name: 'Add group' }).first().click();
  await field(page, 'Pick-up time', 0).fill('06:15');
  await field(page, 'Pick-up time', 1).fill('07:45');

  // Meta tags: the slug comes from the title
  await tab(page, 'Meta tags').click();
  await field(page, 'Meta title').fill('Rügen-Rundreise mit Kap Arkona');
  await expect(page.getByText('30 characters; search engines show about 60')).toBeVisible();
  await field(page, 'Meta description').fill('Fünf Tage Rügen im Bus ab Leipzig und Dresden.');
  await page.getByRole('button', { name: 'Generate from title' }).click();
  await expect(field(page, 'URL slug')).toHaveValue(`ruegen-kreidefelsen-und-baederarchitektur-${tag}`);
  await field(page, 'Keywords').fill('Rügen, Ostsee, Busreise');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Trip ${title} saved`)).toBeVisible();
  await expect(page).toHaveURL(/\/internet\/journeys\/\d+$/);
  const id = Number(/\/internet\/journeys\/(\d+)$/.exec(page.url())![1]);
  // The saved trip opens in the editor, which has the images tab (a new trip has none).
  await expect(tab(page, 'Images')).toBeVisible();

  const saved = await getJourney(request, id);
  expect(saved.detail.introduction).toContain('Kreidefelsen, Seebrücken und weiße Villen.');
  expect(saved.days.map((day) => [day.day_no, day.daytitle])).toEqual([
    [1, 'Anreise nach Binz'],
    [2, 'Kap Arkona und Vitt'],
  ]);
  expect(saved.accommodations[0]!.roomTypes.map((room) => [room.kind, room.rooms])).toEqual([
    ['double', 20],
    ['single', 6],
  ]);
  expect(saved.dates.map((date) => [date.termincode, date.date_from, date.date_till, date.prices[0]!.amount])).toEqual([
    ['RUE-0501', '2027-05-01', '2027-05-05', 899],
    ['RUE-0612', '2027-06-12', '2027-06-16', 949.5],
    ['RUE-0904', '2027-09-04', '2027-09-08', 1049],
  ]);
  expect(saved.extras).toMatchObject([{ type: 'Ausflug', price: 25.5, price_due: 'per_person' }]);
  expect(saved.stops.map((stop) => [stop.id_zus_zustiege, stop.direction, stop.position, stop.time])).toEqual([
    [group.stopIds[0], 'outbound', 0, '06:15'],
    [group.stopIds[1], 'outbound', 1, '07:45'],
  ]);
  expect(saved.slug).toBe(`ruegen-kreidefelsen-und-baederarchitektur-${tag}`);

  // The editor shows the saved prices German.
  await tab(page, 'Dates/prices').click();
  await expect(field(page, 'Price', 2)).toHaveValue('1.049,00');

  // Images: uploaded to the saved trip, with a caption
  await tab(page, 'Images').click();
  await page
    .locator('input[type=file][multiple]')
    .setInputFiles([{ name: 'kap-arkona.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(page.getByRole('button', { name: 'View kap-arkona.png large' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Caption' }).fill('Kap Arkona im Morgenlicht');
  await page.getByRole('textbox', { name: 'Caption' }).blur();
  await expect(page.getByText('Image saved')).toBeVisible();

  // Put online, the trip is in the website's feed with its dates, prices and image (no login needed)
  await tab(page, 'Basic data').click();
  await page.getByLabel('Online').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Trip ${title} saved`)).toBeVisible();
  const feed = await request.get('/api/v1/journey-web-legacy');
  expect(feed.status()).toBe(200);
  const published = ((await feed.json()) as { data: WebJourney[] }).data.find((trip) => trip.id_jrn_journey === id);
  expect(published).toMatchObject({
    title,
    priceFrom: 899,
    images: [{ caption: 'Kap Arkona im Morgenlicht' }],
  });
  expect(published!.dates.map((date) => date.termincode)).toEqual(['RUE-0501', 'RUE-0612', 'RUE-0904']);

  // Found in the list by a word of the title, without its umlaut
  await page.goto('/internet/journeys');
  await page.getByPlaceholder('Search').fill(`baderarchitektur ${tag}`);
  const row = page.getByRole('row', { name: new RegExp(tag) });
  await expect(row).toHaveCount(1);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(row.getByText('01.05.2027')).toBeVisible();
  await expect(row.getByText('In progress')).toBeVisible();

  // The export of the search: labels instead of codes, German dates
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  const lines = (await readFile((await download.path())!))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]!.split(';')).toEqual(
    expect.arrayContaining(['Title', 'Trip code', 'Next date', 'Catalog state', 'Bookable status', 'Online']),
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${title};5 Tage Ostsee mit Kap Arkona;RUE-${tag}`);
  expect(lines[1]).toContain(';01.05.2027;3;In progress;Bookable;Online;');

  // Copied with every date a week later
  await row.getByRole('link', { name: 'Copy' }).click();
  await expect(page).toHaveURL(new RegExp(`/internet/journeys/copy/${id}$`));
  await field(page, 'Title of the copy').fill(`Rügen im Sommer ${tag}`);
  await field(page, 'Shift all dates by (days)').fill('7');
  await expect(page.getByTestId('shift-preview')).toContainText('RUE-0501: 01.05.2027 → 08.05.2027');
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText(`Copy Rügen im Sommer ${tag} created`)).toBeVisible();
  await expect(page).toHaveURL(/\/internet\/journeys\/\d+$/);
  const copyId = Number(/\/internet\/journeys\/(\d+)$/.exec(page.url())![1]);
  expect(copyId).not.toBe(id);
  const copy = await getJourney(request, copyId);
  expect(copy.title).toBe(`Rügen im Sommer ${tag}`);
  expect(copy.dates.map((date) => [date.date_from, date.date_till])).toEqual([
    ['2027-05-08', '2027-05-12'],
    ['2027-06-19', '2027-06-23'],
    ['2027-09-11', '2027-09-15'],
  ]);
  expect(copy.accommodations[0]!.roomTypes).toHaveLength(2);
  expect(copy.images.map((image) => image.caption)).toEqual(['Kap Arkona im Morgenlicht']);
  await expect(field(page, 'Title')).toHaveValue(`Rügen im Sommer ${tag}`);
});

test('errors of the contract and of the server show at their field, on their tab, which is marked', async ({
  page,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  const slug = `schon-vergeben-${tag}`;
  await callApi<JourneyAnswer>(request, 'admin@example.com', 'POST', '/journey-lit', { title: `Vorlage ${tag}`, slug });
  await loginAs(page, 'office@example.com');
  await page.goto('/internet/journeys/create');
  await field(page, 'Title').fill(`Salzburg zur Adventszeit ${tag}`);

  // A journey of more than 14 days is refused by the contract before anything is sent.
  await tab(page, 'Dates/prices').click();
  await addTo(page, 'dates').click();
  await field(page, 'Date code').fill('SBG-1');
  await field(page, 'From').fill('01.12.2027');
  await field(page, 'Until').fill('20.12.2027');
  await tab(page, 'Basic data').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await tab(page, /Dates\/prices \(has errors\)/).click();
  await expect(page.getByText('A journey lasts 1 to 14 days.')).toBeVisible();
  await field(page, 'Until').fill('04.12.2027');

  // A slug another journey has is refused by the server: the editor opens the meta tags with the message.
  await tab(page, 'Meta tags').click();
  await field(page, 'URL slug').fill(slug);
  await tab(page, 'Basic data').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await tab(page, /Meta tags \(has errors\)/).click();
  await expect(field(page, 'URL slug')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This URL slug is already used')).toBeVisible();
});

test('an admin deletes a trip after confirming', async ({ page, request }) => {
  const tag = String(Date.now()).slice(-6);
  const journey = await callApi<JourneyAnswer>(request, 'admin@example.com', 'POST', '/journey-lit', {
    title: `Zum Löschen ${tag}`,
  });
  await loginAs(page, 'admin@example.com');
  await page.goto(`/internet/journeys/${journey.id}`);
  await expect(field(page, 'Title')).toHaveValue(`Zum Löschen ${tag}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /yes|delete|ok/i })
    .click();
  await expect(page).toHaveURL(/\/internet\/journeys$/);
  await callApi(request, 'admin@example.com', 'GET', `/journey-lit/${journey.id}`, undefined, 404);
});

test('leaving the editor with unsaved changes asks first, and staying keeps them', async ({ page }) => {
  await loginAs(page, 'office@example.com');
  await page.goto('/internet/journeys/create');
  await field(page, 'Title').fill('Sächsische Schweiz');
  await tab(page, 'Meta tags').click();
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.dismiss();
  });
  await page
    .getByRole('navigation', { name: /main menu/i })
    .getByRole('link', { name: 'Trips' })
    .click();
  await expect.poll(() => question).toContain("changes weren't saved");
  await expect(page).toHaveURL(/\/internet\/journeys\/create\/meta$/);
  await tab(page, 'Basic data').click();
  await expect(field(page, 'Title')).toHaveValue('Sächsische Schweiz');
});
