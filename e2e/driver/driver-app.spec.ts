import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations, type Finding } from '../support/axe.ts';
import { LOOKS } from '../support/looks.ts';
import { phonePage } from '../support/phone.ts';
import { coachOnTheRoad, passengersOf, ROAD_PASSWORD, type CoachOnTheRoad } from '../support/road.ts';
import { apiToken, loginAs, serviceWorkerInControl } from '../support/session.ts';

/**
 * The driver app (issue #13 items 8 and 9), on a phone: axe and screenshots of a driver's two screens and a
 * traveller's tickets (German light and English dark, 390 px). Checking travellers in while the office watches is
 * part of the coach's journey in coach-journey.spec.ts.
 */
const SHOTS = join(import.meta.dirname, '..', '.tmp', 'screens', 'driver');

/** PUT a check-in as the coach's driver (set-up and tidying up). */
async function checkIn(request: APIRequestContext, coach: CoachOnTheRoad, participant: number, status: string | null) {
  const response = await request.put(`/api/v1/driver/transports/${coach.transportId}/checkins/${participant}`, {
    headers: { authorization: `Bearer ${await apiToken(request, coach.driverEmail, ROAD_PASSWORD)}` },
    data: { status },
  });
  expect(response.status()).toBe(200);
}

/**
 * A coach leaving today with a driver and two travellers of its own (support/road.ts), made when the test starts:
 * the demo driver's day trip is dated on the day the demo data was made, which a run across midnight leaves behind.
 */
const todaysCoach = (request: APIRequestContext) => coachOnTheRoad(request, String(Date.now()).slice(-7));

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
    const coach = await todaysCoach(request);
    // One traveller boarded, so the list shows both kinds of card.
    await checkIn(request, coach, coach.passengers[0]!.participantId, 'boarded');
    const name = `${language}-${theme}`;
    const findings: Finding[] = [];

    const driver = await phonePage(browser, { language, theme });
    await loginAs(driver, coach.driverEmail, ROAD_PASSWORD);
    await driver.goto('/driver');
    await settled(driver);
    findings.push(...(await seriousViolations(driver, `${name} /driver`)));
    await driver.screenshot({ path: join(SHOTS, `${name}-home.png`), fullPage: true });
    await driver.goto(`/driver/transports/${coach.transportId}`);
    await settled(driver);
    findings.push(...(await seriousViolations(driver, `${name} /driver/transports`)));
    await driver.screenshot({ path: join(SHOTS, `${name}-passengers.png`), fullPage: true });
    await driver.context().close();

    const traveller = await phonePage(browser, { language, theme });
    await loginAs(traveller, coach.travellerEmail, ROAD_PASSWORD);
    await traveller.goto(`/appuser/tickets/${coach.bookingId}`);
    await settled(traveller);
    await expect(traveller.getByRole('img', { name: /QR/ }).first()).toBeVisible();
    findings.push(...(await seriousViolations(traveller, `${name} /appuser/tickets`)));
    await traveller.screenshot({ path: join(SHOTS, `${name}-tickets.png`), fullPage: false });
    await traveller.context().close();

    expect(findings).toEqual([]);
  });
}

test('at a boarding point without reception the driver goes on checking in; it is sent once the phone is online', async ({
  browser,
  request,
}) => {
  const coach = await todaysCoach(request);
  const passenger = coach.passengers[0]!;
  const serverStatus = async () =>
    (await passengersOf(request, coach.driverEmail, coach.transportId)).find(
      (one) => one.participantId === passenger.participantId,
    )?.status ?? null;

  const driver = await phonePage(browser);
  await loginAs(driver, coach.driverEmail, ROAD_PASSWORD);
  await driver.goto(`/driver/transports/${coach.transportId}`);
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
  await expect(driver).toHaveURL(new RegExp(`/driver/transports/${coach.transportId}$`));
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
});
