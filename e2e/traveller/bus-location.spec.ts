import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { LOOKS } from '../support/looks.ts';
import { serveMapTiles } from '../support/map-tiles.ts';
import { phoneContext } from '../support/phone.ts';
import { apiToken, loginAs } from '../support/session.ts';

/**
 * The coach's live position (issue #13) around the demo coach on the road: the driver is told when the phone
 * refuses the location, the traveller's screen and the office's map are photographed and scanned. The journey of
 * a driver sharing a moving position while the traveller watches the expected time fall, and checking the
 * travellers in, is driver/coach-journey.spec.ts.
 */

type Stop = { travelStopId: number; name: string; lat: number; lon: number; passed: boolean };
type Coach = { transportId: number; departureId: number; position: { lat: number; lon: number } | null; stops: Stop[] };

const SHOTS = '.tmp/screens/bus-location';

/**
 * The demo coach on the road (seed/demo-road.ts): the coach with a position among the demo traveller's trips
 * (other tests put coaches of their own on the road, so the office's list of coaches is not asked).
 */
async function demoTrip(page: Page) {
  const traveller = { authorization: `Bearer ${await apiToken(page.request, 'traveller@example.com')}` };
  const trips = (await (
    await page.request.get('/api/v1/users-vorgaenge-app?show_active=1', { headers: traveller })
  ).json()) as Array<{ id: number }>;
  for (const trip of trips) {
    const answer = await page.request.get(`/api/v1/users-vorgaenge/${trip.id}/bus-location`, { headers: traveller });
    if (answer.status() !== 200) continue;
    const view = (await answer.json()) as { coach: Coach | null };
    if (view.coach?.position) return { coach: view.coach, bookingId: trip.id };
  }
  throw new Error('the demo traveller has no coach on the road');
}

test.describe('bus location', () => {
  let driverContext: BrowserContext;
  let travellerContext: BrowserContext;

  test.afterEach(async () => {
    await driverContext?.close();
    await travellerContext?.close();
  });

  test('the driver is told when the phone refuses the location', async ({ browser }) => {
    driverContext = await phoneContext(browser);
    const driver = await driverContext.newPage();
    const trip = await demoTrip(driver);
    await loginAs(driver, 'driver@example.com');
    await driver.goto(`/driver/drive/${trip.coach.transportId}`);
    await driver.getByRole('button', { name: 'Standort teilen' }).click();
    await expect(driver.getByTestId('geolocation-problem')).toContainText('Standortzugriff');
  });

  test('screens at 390 px in German and English, light and dark, and the office map at desktop width', async ({
    browser,
  }) => {
    for (const [language, theme] of LOOKS) {
      travellerContext = await phoneContext(browser, { language, theme });
      const page = await travellerContext.newPage();
      await serveMapTiles(page);
      const trip = await demoTrip(page);
      await loginAs(page, 'traveller@example.com');
      await page.goto(`/appuser/Buslocation/${trip.bookingId}`);
      // The shell loads the user and the messages, then the map's code: on a busy machine that can take a while.
      await expect(page.getByTestId('my-stop-time')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.coach-marker')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/traveller-${language}-${theme}.png`, fullPage: true });
      expect(await seriousViolations(page, `traveller ${language} ${theme}`)).toEqual([]);
      await travellerContext.close();
    }
    const office = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE' });
    await office.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
    const page = await office.newPage();
    await serveMapTiles(page);
    await loginAs(page, 'office@example.com');
    await page.goto('/maps');
    await expect(page.getByTestId('coach-table')).toBeVisible();
    // The demo coach (seed/demo-road.ts) by its name: other specs put coaches of their own on the road.
    await page.getByRole('button', { name: /Tagesfahrt Sächsische Schweiz/ }).click();
    await expect(page.getByTestId('coach-popup')).toContainText('Nächster Halt');
    await page.screenshot({ path: `${SHOTS}/office-map.png`, animations: 'disabled' });
    expect(await seriousViolations(page, 'office map')).toEqual([]);
    await office.close();
  });
});
