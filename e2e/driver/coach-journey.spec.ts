import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { serveMapTiles } from '../support/map-tiles.ts';
import { phoneContext } from '../support/phone.ts';
import { coachOnTheRoad, ROAD_PASSWORD } from '../support/road.ts';
import { loginAs } from '../support/session.ts';

/**
 * Issue #13's journey on phones: a driver (geolocation set by Playwright, moving along the route) shares the
 * coach's position while the traveller who follows that coach watches it come and the expected time at their
 * stop fall; at the stop the driver checks the traveller's party of two in (one first marked as not shown by
 * mistake and put right), and the office's check-in tab of the departure shows each change without reloading.
 * The coach, its departure, its driver and the traveller are the test's own (support/road.ts).
 */
const SHOTS = join(import.meta.dirname, '..', '.tmp', 'screens', 'journey');

/** Minutes from now (Europe/Berlin) to the `HH:mm` in a text: an expected arrival is never in the past. */
const minutesOf = (text: string) => {
  const match = /(\d{2}):(\d{2})/.exec(text)!;
  const [hour, minute] = new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':')
    .map(Number) as [number, number];
  const ahead = Number(match[1]) * 60 + Number(match[2]) - (hour * 60 + minute);
  return (ahead + 1440 + 5) % 1440;
};

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

test('the driver shares the moving coach and checks two travellers in; the traveller sees it come, the office the check-ins', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const trip = await coachOnTheRoad(request, String(Date.now()).slice(-7));
  const [a, b, mine] = trip.stops as [(typeof trip.stops)[0], (typeof trip.stops)[0], (typeof trip.stops)[0]];
  const [first, second] = trip.passengers as [(typeof trip.passengers)[0], (typeof trip.passengers)[0]];
  // Far behind the first stop (the coach is late), then along the route towards the traveller's stop.
  const steps = [
    { lat: b.lat + 1.8 * (a.lat - b.lat), lon: b.lon + 1.8 * (a.lon - b.lon) },
    { lat: b.lat + 1.4 * (a.lat - b.lat), lon: b.lon + 1.4 * (a.lon - b.lon) },
    { lat: a.lat, lon: a.lon },
    { lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2 },
  ];

  // The driver's phone: the trip from the driver's home, then sharing the position from far behind the route.
  const driverContext = await phoneContext(browser, { geolocation: true });
  contexts.push(driverContext);
  await driverContext.setGeolocation({ latitude: steps[0]!.lat, longitude: steps[0]!.lon, accuracy: 10 });
  const driver = await driverContext.newPage();
  await serveMapTiles(driver);
  await loginAs(driver, trip.driverEmail, ROAD_PASSWORD);
  await expect(driver).toHaveURL(/\/driver$/);
  await expect(driver.getByText(trip.title).first()).toBeVisible();
  await driver.goto(`/driver/drive/${trip.transportId}`);
  await expect(driver.getByRole('heading', { name: 'Standort teilen' })).toBeVisible({ timeout: 30_000 });
  await driver.getByRole('button', { name: 'Standort teilen' }).click();
  await expect(driver.getByTestId('sharing-state')).toContainText('zuletzt gesendet');
  await expect(driver.getByRole('button', { name: 'Teilen beenden' })).toHaveAttribute('aria-pressed', 'true');

  // The traveller's phone: the coach they follow, late, and the expected time at their stop.
  const travellerContext = await phoneContext(browser);
  contexts.push(travellerContext);
  const traveller = await travellerContext.newPage();
  await serveMapTiles(traveller);
  await loginAs(traveller, trip.travellerEmail, ROAD_PASSWORD);
  await traveller.goto(`/appuser/Buslocation/${trip.bookingId}`);
  const arrival = traveller.getByTestId('my-arrival');
  // The first screen of the app and the map's code load first; on a busy machine that can take a while.
  await expect(arrival).toContainText(`Erwartet an Ihrer Zustiegsstelle ${mine.name}`, { timeout: 30_000 });
  await expect(arrival).toContainText(/\+\d+ Min\./);
  const marker = traveller.locator('.coach-marker');
  await expect(marker).toBeVisible();
  const stopTime = async () => minutesOf((await traveller.getByTestId('my-stop-time').textContent())!);
  const firstTime = await stopTime();
  const firstBox = (await marker.boundingBox())!;
  await expect(traveller.getByTestId('last-update')).toContainText('Zuletzt aktualisiert vor');

  // The coach moves: the server accepts each new position the driver's phone sends, it reaches the traveller's
  // screen (the marker moves), and the expected time does not rise; over the route it falls (near the stop it may
  // rest on the timetable, which the model never beats). A coach that stands still gets later as time passes
  // (arrival-times.ts), so a reading may be later by the whole minutes that passed since the previous one (on a
  // busy machine a step can take a minute), and one more for the clock's minute turning.
  let previous = firstTime;
  let previousAt = Date.now();
  for (const step of steps.slice(1)) {
    const before = await marker.boundingBox();
    const accepted = driver.waitForResponse((response) =>
      response.url().endsWith(`/driver/transports/${trip.transportId}/position`),
    );
    await driverContext.setGeolocation({ latitude: step.lat, longitude: step.lon, accuracy: 10 });
    expect(((await (await accepted).json()) as { accepted: boolean }).accepted).toBe(true);
    await expect.poll(async () => JSON.stringify(await marker.boundingBox())).not.toBe(JSON.stringify(before));
    const allowance = Math.floor((Date.now() - previousAt) / 60_000) + 1;
    await expect.poll(stopTime).toBeLessThanOrEqual(previous + allowance);
    previous = await stopTime();
    previousAt = Date.now();
  }
  expect(previous).toBeLessThan(firstTime);
  expect(await marker.boundingBox()).not.toEqual(firstBox);
  await expect(driver.getByTestId('next-stop')).toHaveText(b.name);
  expect(await seriousViolations(driver, 'driver: share location')).toEqual([]);
  expect(await seriousViolations(traveller, 'traveller: bus location')).toEqual([]);
  await driver.screenshot({ path: join(SHOTS, 'driver-sharing-de.png'), fullPage: true });
  await traveller.screenshot({ path: join(SHOTS, 'traveller-bus-location-de.png'), fullPage: true });
  await driver.getByRole('button', { name: 'Teilen beenden' }).click();
  await expect(driver.getByRole('button', { name: 'Standort teilen' })).toHaveAttribute('aria-pressed', 'false');

  // The office clerk: the departure's check-in tab, on a desktop.
  const officeContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  contexts.push(officeContext);
  await officeContext.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  const office = await officeContext.newPage();
  await loginAs(office, 'office@example.com');
  await office.goto(`/internet/journeys/${trip.journeyId}/dates/${trip.nr}/checkins`);
  const row = (participant: number) => office.getByTestId(`checkin-${trip.transportId}-${participant}`);
  const counts = office.getByTestId(`checkin-counts-${trip.transportId}`);
  // The back office's first screen and the departure's page load first; on a busy machine that can take a while.
  await expect(row(first.participantId)).toContainText('offen', { timeout: 30_000 });
  await expect(counts).toContainText('0 von 2 eingestiegen');

  // At the traveller's stop the driver checks the party in from the pick-up list.
  await driver.goto('/driver');
  await driver
    .getByRole('link', { name: new RegExp(trip.title) })
    .first()
    .click();
  await expect(driver).toHaveURL(new RegExp(`/driver/transports/${trip.transportId}$`));
  await expect(driver.getByText('0 von 2 eingestiegen')).toBeVisible();
  const card = (name: string) => driver.getByRole('article', { name, exact: true });
  await card(first.name).getByRole('button', { name: 'Eingestiegen' }).click();
  await expect(card(first.name).getByRole('button', { name: 'Rückgängig' })).toBeVisible();
  await expect(driver.getByText('1 von 2 eingestiegen')).toBeVisible();
  await expect(row(first.participantId)).toContainText('eingestiegen');
  await expect(counts).toContainText('1 von 2 eingestiegen');

  // A tap on the wrong button is put right: not shown, undone, then boarded.
  await card(second.name).getByRole('button', { name: 'Nicht erschienen' }).click();
  await expect(row(second.participantId)).toContainText('nicht erschienen');
  await card(second.name).getByRole('button', { name: 'Rückgängig' }).click();
  await expect(row(second.participantId)).toContainText('offen');
  // The search finds a traveller by first name.
  await driver.getByLabel('Nach Name oder Sitzplatz suchen').fill(second.name.split(' ')[0]!);
  await expect(card(second.name)).toBeVisible();
  await expect(card(first.name)).toHaveCount(0);
  await card(second.name).getByRole('button', { name: 'Eingestiegen' }).click();
  await expect(row(second.participantId)).toContainText('eingestiegen');
  await expect(counts).toContainText('2 von 2 eingestiegen');
  await driver.getByLabel('Nach Name oder Sitzplatz suchen').fill('');
  await expect(driver.getByText('2 von 2 eingestiegen')).toBeVisible();
  expect(await seriousViolations(driver, 'driver: pick-up list')).toEqual([]);
  await driver.screenshot({ path: join(SHOTS, 'driver-checked-in-de.png'), fullPage: true });
  await office.screenshot({ path: join(SHOTS, 'office-checkins-de.png'), fullPage: true });
});
