import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, type Finding } from '../support/axe.ts';
import { callApi } from '../support/journeys.ts';
import { LOOKS } from '../support/looks.ts';
import { phonePage } from '../support/phone.ts';
import { apiToken, loginAs, serviceWorkerInControl } from '../support/session.ts';

/**
 * The driver app (issue #13 items 8 and 9), on a phone: axe and screenshots of the demo driver's two screens and
 * the demo traveller's tickets (German light and English dark, 390 px). Checking travellers in while the office watches is
 * part of the coach's journey in coach-journey.spec.ts.
 */
const SHOTS = join(import.meta.dirname, '..', '.tmp', 'screens', 'driver');
const DRIVER = 'driver@example.com';

type Transport = { id: number; departureNr: number; journeyTitle: string; dateFrom: string; passengers: number };
type PassengerList = {
  stops: Array<{
    passengers: Array<{ participantId: number; name: string; bookingId: number; checkin: { status: string } | null }>;
  }>;
};

/** PUT a check-in as the demo driver (set-up and tidying up). */
async function checkIn(
  request: Parameters<typeof callApi>[0],
  transport: number,
  participant: number,
  status: string | null,
) {
  const response = await request.put(`/api/v1/driver/transports/${transport}/checkins/${participant}`, {
    headers: { authorization: `Bearer ${await apiToken(request, DRIVER)}` },
    data: { status },
  });
  expect(response.status()).toBe(200);
}

const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** Today's coach of the demo driver (seed/demo-driver-app.ts), its departure's journey and two of its passengers. */
async function todaysTrip(request: Parameters<typeof callApi>[0]) {
  const transports = await callApi<Transport[]>(request, DRIVER, 'GET', '/driver/transports');
  // by its title too: on some days another demo date of the demo driver leaves (Elsass on 3.12.2026)
  const transport = transports.find(
    (one) => one.dateFrom === today() && one.journeyTitle === 'Tagesfahrt in die Sächsische Schweiz',
  );
  if (!transport) throw new Error('the demo driver has no trip today');
  const list = await callApi<PassengerList>(request, DRIVER, 'GET', `/driver/transports/${transport.id}/passengers`);
  const [first, second] = list.stops.flatMap((group) => group.passengers);
  const departure = await callApi<{ id_jrn_journey: number }>(
    request,
    'admin@example.com',
    'GET',
    `/departures/${transport.departureNr}`,
  );
  return { transport, journeyId: departure.id_jrn_journey, first: first!, second: second! };
}

/** The demo traveller's booking on today's trip (the link the booking-code flow makes; read from the database). */
function travellerBooking(nr: number): number {
  const db = new DatabaseSync(join(import.meta.dirname, '..', '.tmp', 'e2e.db'));
  try {
    const row = db
      .prepare(
        `select booking.id as id from traveller_booking
           join user_account on user_account.id = traveller_booking.id_user
           join booking on booking.id = traveller_booking.id_booking
          where user_account.email = 'traveller@example.com' and booking.id_jrn_date = ?`,
      )
      .get(nr) as { id: number } | undefined;
    if (!row) throw new Error('the demo traveller has no booking on today’s trip');
    return row.id;
  } finally {
    db.close();
  }
}

const settled = async (page: Page) => {
  // The shell first loads the user and the messages; on a busy machine that can take a while.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('.MuiCircularProgress-root')).toHaveCount(0, { timeout: 30_000 });
};

for (const [language, theme] of LOOKS) {
  test(`driver screens and tickets pass axe and are photographed (${language}, ${theme})`, async ({
    browser,
    request,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const { transport, first } = await todaysTrip(request);
    // One traveller boarded, so the list shows both kinds of card.
    await checkIn(request, transport.id, first.participantId, 'boarded');
    const name = `${language}-${theme}`;
    const findings: Finding[] = [];

    const driver = await phonePage(browser, { language, theme });
    await loginAs(driver, DRIVER);
    await driver.goto('/driver');
    await settled(driver);
    findings.push(...(await seriousViolations(driver, `${name} /driver`)));
    await driver.screenshot({ path: join(SHOTS, `${name}-home.png`), fullPage: true });
    await driver.goto(`/driver/transports/${transport.id}`);
    await settled(driver);
    findings.push(...(await seriousViolations(driver, `${name} /driver/transports`)));
    await driver.screenshot({ path: join(SHOTS, `${name}-passengers.png`), fullPage: true });
    await driver.context().close();

    const traveller = await phonePage(browser, { language, theme });
    await loginAs(traveller, 'traveller@example.com');
    await traveller.goto(`/appuser/tickets/${travellerBooking(transport.departureNr)}`);
    await settled(traveller);
    await expect(traveller.getByRole('img', { name: /QR/ }).first()).toBeVisible();
    findings.push(...(await seriousViolations(traveller, `${name} /appuser/tickets`)));
    await traveller.screenshot({ path: join(SHOTS, `${name}-tickets.png`), fullPage: false });
    await traveller.context().close();

    await checkIn(request, transport.id, first.participantId, null);
    expect(findings).toEqual([]);
  });
}

test('at a boarding point without reception the driver goes on checking in; it is sent once the phone is online', async ({
  browser,
  request,
}) => {
  const { transport } = await todaysTrip(request);
  const passengersPath = `/driver/transports/${transport.id}/passengers`;
  const everyone = async () =>
    (await callApi<PassengerList>(request, DRIVER, 'GET', passengersPath)).stops.flatMap((group) => group.passengers);
  // The last passenger: the other specs check the first ones in.
  const passenger = (await everyone()).at(-1)!;
  const serverStatus = async () =>
    (await everyone()).find((one) => one.participantId === passenger.participantId)?.checkin?.status ?? null;
  await checkIn(request, transport.id, passenger.participantId, null);

  const driver = await phonePage(browser);
  await loginAs(driver, DRIVER);
  await driver.goto(`/driver/transports/${transport.id}`);
  await settled(driver);
  await serviceWorkerInControl(driver);
  // Read once more through the worker, which keeps the list for the way.
  await driver.reload();
  await settled(driver);

  await driver.context().setOffline(true);
  await driver.reload();
  await settled(driver);
  const card = driver.getByRole('article', { name: passenger.name });
  await card.getByRole('button', { name: 'Eingestiegen' }).click();
  await expect(card).toContainText('noch nicht gesendet');
  // The line appears once the attempt to send has failed: the server has not heard of the check-in.
  await expect(driver.getByRole('alert').filter({ hasText: '1 Änderung noch nicht gesendet' })).toBeVisible();
  expect(await serverStatus()).toBeNull();
  expect(await seriousViolations(driver, 'driver list offline')).toEqual([]);
  await driver.screenshot({ path: test.info().outputPath('driver-offline-queued.png'), fullPage: true });
  // Logging out now would throw the check-in away: the app asks first, and stays when told no.
  let question = '';
  driver.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.dismiss();
  });
  await driver.getByRole('button', { name: 'Menü' }).click();
  await driver.getByRole('link', { name: 'Abmelden' }).click();
  await expect.poll(() => question).toContain('Beim Abmelden gehen sie verloren');
  await expect(driver).toHaveURL(new RegExp(`/driver/transports/${transport.id}$`));
  await driver.keyboard.press('Escape');
  // The check-in outlives a reload without network.
  await driver.reload();
  await settled(driver);
  await expect(card).toContainText('noch nicht gesendet');

  await driver.context().setOffline(false);
  await expect(card).toContainText('Eingestiegen');
  await expect(driver.getByText('noch nicht gesendet')).toHaveCount(0);
  await expect(driver.getByRole('alert')).toHaveCount(0);
  expect(await serverStatus()).toBe('boarded');

  // Online, but the server fails once (or the weak signal does not get through): the undo waits and is tried again
  // without an `online` event.
  await driver.route('**/api/v1/driver/transports/*/checkins/*', (route) => route.fulfill({ status: 503 }), {
    times: 1,
  });
  await card.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(driver.getByRole('alert').filter({ hasText: '1 Änderung noch nicht gesendet' })).toBeVisible();
  expect(await serverStatus()).toBe('boarded');
  await expect(driver.getByRole('alert')).toHaveCount(0, { timeout: 25_000 });
  await expect(card.getByRole('button', { name: 'Eingestiegen' })).toBeVisible();
  expect(await serverStatus()).toBeNull();

  await driver.context().close();
  await checkIn(request, transport.id, passenger.participantId, null);
});
