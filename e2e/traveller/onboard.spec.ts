import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { withAppDatabase } from '../support/app-database.ts';
import { seriousViolations, type Finding } from '../support/axe.ts';
import { callApi } from '../support/journeys.ts';
import { LOOKS } from '../support/looks.ts';
import { apiToken, loginAs } from '../support/session.ts';

/**
 * On board (issue #13 items 4 and 5), on a phone: the demo driver sells two drinks to a passenger of the coach
 * they drive, the passenger's traveller sees them on /appuser/Consumption, and writes a diary entry with a photo.
 */
const SHOTS = join(import.meta.dirname, '..', '.tmp', 'screens', 'onboard');
const PASSWORD = 'Anfang-2027!';
const PHONE = { width: 390, height: 844 };

type Setup = { transportId: number; bookingId: number; passenger: string; travellerEmail: string };

/**
 * A booking on a coach the demo driver drives, and a new traveller account linked to it. The link is written
 * into the test database directly: the booking-code flows that make it in the app are another part of issue #13.
 */
async function setUp(request: Parameters<typeof callApi>[0], tag: string): Promise<Setup> {
  const roles = await callApi<{ data: Array<{ id_roles: number }> }>(
    request,
    'admin@example.com',
    'GET',
    '/roles-lit?role=traveller',
  );
  const travellerEmail = `bordgast.${tag}@example.com`;
  const user = await callApi<{ id: number }>(request, 'admin@example.com', 'POST', '/users-app', {
    email: travellerEmail,
    firstname: 'Hanna',
    lastname: `Bordgast${tag}`,
    password: PASSWORD,
    passwordRepeat: PASSWORD,
    role: roles.data[0]!.id_roles,
    ratio_id: `9${tag}`,
  });
  return withAppDatabase((db) => {
    const row = db
      .prepare(
        `select transport.id as transportId, booking.id as bookingId, participant.name as passenger
           from transport
           join user_account on user_account.id_vc_card = transport.id_driver_card
           join booking on booking.id_jrn_date = transport.id_jrn_date
           join participant on participant.id_booking = booking.id
          where user_account.email = 'driver@example.com' and transport.direction = 'outbound'
            and booking.cancelled_at is null and participant.cancelled_at is null
            and booking.status in ('firm', 'option', 'processing')
          order by booking.id desc, participant.position limit 1`,
      )
      .get() as { transportId: number; bookingId: number; passenger: string } | undefined;
    if (!row) throw new Error('the demo data has no booking on a coach of driver@example.com');
    db.prepare(
      `insert into traveller_booking (id_user, id_booking, relation, status, confirmed_at)
       values (?, ?, 'booker', 'confirmed', ?)`,
    ).run(user.id, row.bookingId, new Date().toISOString());
    return { ...row, travellerEmail };
  });
}

/** A small photo, drawn by the browser (no binary in the repository). */
async function photo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d')!;
    const sky = context.createLinearGradient(0, 0, 0, 480);
    sky.addColorStop(0, '#4a90d9');
    sky.addColorStop(1, '#d8ecff');
    context.fillStyle = sky;
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#2e6b30';
    context.beginPath();
    context.moveTo(0, 480);
    context.lineTo(220, 200);
    context.lineTo(400, 380);
    context.lineTo(520, 260);
    context.lineTo(640, 480);
    context.fill();
    return canvas.toDataURL('image/jpeg', 0.85);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('.MuiCircularProgress-root, .MuiSkeleton-root')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

async function logout(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

test.describe('on board, on a phone', () => {
  test.use({ viewport: PHONE });

  test('a driver sells two drinks, the traveller sees them and keeps a diary with a photo', async ({
    page,
    request,
  }) => {
    const tag = String(Date.now()).slice(-6);
    const setup = await setUp(request, tag);
    const findings: Finding[] = [];
    const scan = async (label: string) => {
      await settle(page);
      findings.push(...(await seriousViolations(page, label)));
    };
    await page.context().addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);

    // The driver: the coach's passengers, search, two waters, book.
    await loginAs(page, 'driver@example.com');
    await page.goto(`/driver/sales/${setup.transportId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bordverkauf' })).toBeVisible();
    await scan('driver sales');
    await page.getByLabel('Name oder Platz suchen').fill(setup.passenger);
    const passengers = page.getByRole('list', { name: 'Fahrgäste dieses Busses' });
    await passengers.getByRole('button').first().click();
    const more = page.getByRole('button', { name: 'Ein Mineralwasser 0,5 l mehr' });
    await more.click();
    await more.click();
    await expect(page.getByLabel('2 × Mineralwasser 0,5 l gewählt')).toBeVisible();
    await scan('driver sales, items');
    await page.getByRole('button', { name: /^Buchen \(4,00\s€\)$/ }).click();
    await expect(page.getByRole('status')).toContainText('2 Artikel');
    const recent = page.getByRole('list', { name: 'Zuletzt gebucht' });
    await expect(recent.getByRole('listitem').first()).toContainText('2 × Mineralwasser 0,5 l');
    await expect(recent.getByRole('button', { name: 'Rückgängig' }).first()).toBeVisible();
    await logout(page);

    // The traveller: the bill shows the two waters, and the menu its drinks.
    await page.context().addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
    await loginAs(page, setup.travellerEmail, PASSWORD);
    await page.goto('/appuser/Consumption');
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Verzehr' })).toBeVisible();
    await expect(page.getByText('2 × Mineralwasser 0,5 l')).toBeVisible();
    await expect(page.getByTestId('consumption-total')).toContainText('€');
    await scan('traveller consumption');
    await page.goto('/appuser/TravelMenu');
    await expect(page.getByRole('heading', { level: 2, name: 'Getränke' })).toBeVisible();
    await expect(page.getByText('Mineralwasser 0,5 l')).toBeVisible();
    await scan('traveller menu');

    // The diary: the journey's days; an entry with a photo for the first day.
    await page.goto('/appuser/Diary');
    await expect(page).toHaveURL(new RegExp(`/appuser/Diary/${setup.bookingId}$`));
    await expect(page.getByRole('heading', { level: 2, name: /^Tag 1 · / })).toBeVisible();
    await scan('diary');
    await page
      .getByRole('button', { name: /^Eintrag für den .* hinzufügen$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Überschrift').fill('Abfahrt im Allgäu');
    await dialog.getByLabel('Was haben Sie erlebt?').fill('Pünktlich los, Kaffee an Bord, Blick auf die Berge.');
    await dialog.getByTestId('diary-photo-input').setInputFiles({
      name: 'berge.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(page),
    });
    await expect(dialog).toContainText('1 Foto(s) ausgewählt');
    findings.push(...(await seriousViolations(page, 'diary, new entry')));
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('status')).toContainText('Eintrag „Abfahrt im Allgäu“ gespeichert');
    await expect(page.getByRole('heading', { level: 3, name: 'Abfahrt im Allgäu' })).toBeVisible();
    const thumb = page.getByRole('button', { name: 'Foto 1 von „Abfahrt im Allgäu“ ansehen' });
    await expect(thumb.locator('img')).toHaveAttribute('src', /^blob:/);
    await thumb.click();
    const full = page.getByRole('img', { name: 'Foto zu „Abfahrt im Allgäu“' });
    await expect(full).toHaveAttribute('src', /^blob:/);
    // The src is set before the blob has decoded: wait for the picture itself.
    await expect.poll(() => full.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(640);
    findings.push(...(await seriousViolations(page, 'diary, photo')));
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'de-light-diary-photo.png') });
    await page.getByRole('button', { name: 'Schließen' }).click();
    await settle(page);
    await page.screenshot({ path: join(SHOTS, 'de-light-diary-entry.png'), fullPage: true });

    // Saved on the server with its photo.
    const token = await apiToken(request, setup.travellerEmail, PASSWORD);
    const answer = await request.get(`/api/v1/users-vorgaenge/${setup.bookingId}/diary`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const entries = (await answer.json()) as Array<{ title: string; photos: unknown[] }>;
    expect(entries.map((entry) => [entry.title, entry.photos.length])).toEqual([['Abfahrt im Allgäu', 1]]);

    expect(findings).toEqual([]);
  });

  for (const [language, theme] of LOOKS) {
    test(`screens in ${language}, ${theme}, at 390 px`, async ({ page, request }) => {
      const tag = `${String(Date.now()).slice(-5)}${language}${theme[0]}`;
      const setup = await setUp(request, tag);
      mkdirSync(SHOTS, { recursive: true });
      const variant = `${language}-${theme}`;
      const shoot = async (name: string) => {
        await settle(page);
        await page.screenshot({ path: join(SHOTS, `${variant}-${name}.png`), fullPage: true });
      };
      await page.emulateMedia({ colorScheme: theme });
      await page.context().addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
      await loginAs(page, 'driver@example.com');
      await page.goto(`/driver/sales/${setup.transportId}`);
      await page
        .getByRole('list', { name: /Fahrgäste dieses Busses|Passengers of this coach/ })
        .getByRole('button')
        .first()
        .click();
      await page.getByRole('button', { name: /Ein Kaffee mehr|One more Kaffee/ }).click();
      await shoot('driver-sales');
      await logout(page);
      await page.context().addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
      await loginAs(page, setup.travellerEmail, PASSWORD);
      for (const screen of ['TravelMenu', 'Consumption', `Diary/${setup.bookingId}`]) {
        await page.goto(`/appuser/${screen}`);
        await shoot(screen.split('/')[0]!.toLowerCase());
      }
    });
  }
});

test("office keeps a journey's on-board menu from the journey page", async ({ page, request }) => {
  const journeys = await callApi<{ data: Array<{ id: number; title: string }> }>(
    request,
    'admin@example.com',
    'GET',
    '/journey-lit?$limit=1',
  );
  const journey = journeys.data[0]!;
  await page.context().addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  await loginAs(page, 'office@example.com');
  await page.goto(`/internet/journeys/${journey.id}`);
  await page.getByRole('link', { name: 'Bordkarte' }).click();
  await expect(page).toHaveURL(new RegExp(`/internet/journeys/${journey.id}/travel-menu$`));
  const items = page.getByRole('table', { name: 'Artikel der Bordkarte' });
  await expect(items.getByRole('row', { name: /Kaffee/ })).toBeVisible();
  await page.getByRole('button', { name: 'Artikel hinzufügen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Bezeichnung').fill('Radler 0,5 l');
  await dialog.getByLabel('Preis (brutto)').fill('3,20');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(items.getByRole('row', { name: /Radler 0,5 l/ })).toContainText('3,20');
  await expect(
    page
      .getByRole('table', { name: 'Bordverkauf je Termin' })
      .or(page.getByText('Auf diesem Termin wurde noch nichts verkauft.')),
  ).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'de-light-staff.png'), fullPage: true });
  expect(await seriousViolations(page, 'staff travel menu')).toEqual([]);
  const menu = await callApi<{ items: Array<{ name: string; price: number }> }>(
    request,
    'admin@example.com',
    'GET',
    `/journey/travel-menu?journeyId=${journey.id}`,
  );
  expect(menu.items.find((item) => item.name === 'Radler 0,5 l')?.price).toBe(3.2);
});
