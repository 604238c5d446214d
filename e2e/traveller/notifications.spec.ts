import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { seriousViolations, type Finding } from '../support/axe.ts';
import { LOOKS } from '../support/looks.ts';
import { phoneContext } from '../support/phone.ts';
import { apiToken, loginAs } from '../support/session.ts';

/**
 * The traveller's push messages in the app (issue #16, docs/adr/0023): the demo traveller's inbox holds the demo
 * welcome message (seed/demo-push-notifications.ts); opening it marks it read and the bell's count drops; a topic is followed
 * with its switch; the demo driver writes to the coach on the road and the traveller reads it in the bus thread.
 * The real push subscription is not tested here (Chromium cannot reach a push service offline).
 */

const SHOTS = join(import.meta.dirname, '..', '.tmp', 'screenshots', 'notifications');
const TRAVELLER = 'traveller@example.com';
const DRIVER = 'driver@example.com';
const WELCOME = 'Willkommen in Ihrer Reise-App';

async function unread(page: Page): Promise<number> {
  const headers = { authorization: `Bearer ${await apiToken(page.request, TRAVELLER)}` };
  return (
    (await (await page.request.get('/api/v1/app/usernotifications/unread-count', { headers })).json()) as {
      unread: number;
    }
  ).unread;
}

/** The coach on the road today that the demo traveller sits in (seed/demo-road.ts), driven by the demo driver. */
async function travellersCoach(page: Page): Promise<number> {
  const headers = { authorization: `Bearer ${await apiToken(page.request, TRAVELLER)}` };
  const trips = (await (
    await page.request.get('/api/v1/users-vorgaenge-app?show_active=1', { headers })
  ).json()) as Array<{ id: number }>;
  const driver = { authorization: `Bearer ${await apiToken(page.request, DRIVER)}` };
  const driven = (await (await page.request.get('/api/v1/driver/transports', { headers: driver })).json()) as Array<{
    id: number;
  }>;
  for (const trip of trips) {
    const answer = await page.request.get(`/api/v1/users-vorgaenge/${trip.id}/bus-location`, { headers });
    if (answer.status() !== 200) continue;
    const view = (await answer.json()) as { coach: { transportId: number } | null };
    if (view.coach && driven.some((coach) => coach.id === view.coach!.transportId)) return view.coach.transportId;
  }
  throw new Error('the demo traveller sits in none of the demo driver’s coaches');
}

const bell = (page: Page) => page.getByRole('link', { name: /^Benachrichtigungen, \d+ ungelesen$/ });

test.describe('notifications in the app', () => {
  let context: BrowserContext;
  let second: BrowserContext | undefined;

  test.afterEach(async () => {
    await context?.close();
    await second?.close();
    second = undefined;
  });

  test('the inbox shows the welcome message; opening it marks it read and the bell’s count drops', async ({
    browser,
  }) => {
    context = await phoneContext(browser);
    const page = await context.newPage();
    await loginAs(page, TRAVELLER);
    const before = await unread(page);
    expect(before).toBeGreaterThan(0);
    await expect(bell(page)).toHaveAccessibleName(`Benachrichtigungen, ${before} ungelesen`);
    await bell(page).click();
    await expect(page).toHaveURL(/\/appuser\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Benachrichtigungen', level: 1 })).toBeVisible();
    const entry = page.getByRole('link', { name: new RegExp(WELCOME) });
    await expect(entry).toBeVisible();
    await entry.click();
    await expect(page.getByRole('heading', { name: WELCOME, level: 1 })).toBeVisible();
    await expect(page.getByText('Schön, dass Sie dabei sind!', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Link öffnen' })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName(`Benachrichtigungen, ${before - 1} ungelesen`);
    expect(await unread(page)).toBe(before - 1);

    // back in the inbox: mark it unread again, then everything read
    await page.getByRole('link', { name: 'Zu den Benachrichtigungen' }).click();
    await page.getByRole('button', { name: `„${WELCOME}“ als ungelesen markieren` }).click();
    await expect(bell(page)).toHaveAccessibleName(`Benachrichtigungen, ${before} ungelesen`);
    await page.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen, 0 ungelesen');
    await expect(page.getByTestId('bell-count')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Alle als gelesen markieren' })).toHaveCount(0);

    // the link leads within the app
    await entry.click();
    await page.getByRole('button', { name: 'Link öffnen' }).click();
    await expect(page).toHaveURL(/\/appuser\/aktJourneys$/);
  });

  test('a topic is followed with its switch and stays followed', async ({ browser }) => {
    context = await phoneContext(browser);
    const page = await context.newPage();
    await loginAs(page, TRAVELLER);
    await page.goto('/appuser/notifications');
    await page.getByRole('link', { name: 'Themen' }).click();
    const hiking = page.getByRole('switch', { name: 'Wanderreisen' });
    await expect(hiking).not.toBeChecked();
    await hiking.click();
    await expect(hiking).toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Wanderreisen' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Gruppenreisen' })).not.toBeChecked();
    const headers = { authorization: `Bearer ${await apiToken(page.request, TRAVELLER)}` };
    const topics = (await (await page.request.get('/api/v1/app/my-topics', { headers })).json()) as Array<{
      title: string;
      following: boolean;
    }>;
    expect(topics.filter((topic) => topic.following).map((topic) => topic.title)).toEqual(['Wanderreisen']);
  });

  test('the driver writes to their coach and the traveller reads it in the bus thread', async ({ browser }) => {
    context = await phoneContext(browser);
    const driver = await context.newPage();
    await loginAs(driver, DRIVER);
    const coach = await travellersCoach(driver);
    await driver.goto(`/driver/transports/${coach}`);
    await driver.getByRole('link', { name: 'Nachricht an den Bus' }).click();
    await expect(driver).toHaveURL(new RegExp(`/appuser/notifications/create\\?transport=${coach}$`));
    const text = `Wir halten in 15 Minuten an der Raststätte (${Date.now()}).`;
    await driver.getByLabel('Nachricht', { exact: true }).fill(text);
    await driver.getByRole('button', { name: 'Senden' }).click();
    await expect(driver.getByRole('status')).toContainText(/Gesendet an [1-9]\d* Reisende/);
    await expect(driver.getByText(text)).toBeVisible();

    second = await phoneContext(browser);
    const traveller = await second.newPage();
    await loginAs(traveller, TRAVELLER);
    await expect(bell(traveller)).not.toHaveAccessibleName('Benachrichtigungen, 0 ungelesen');
    await traveller.goto('/appuser/BusChat');
    await expect(traveller.getByRole('heading', { name: 'Nachrichten an den Bus' })).toBeVisible();
    const bubble = traveller.getByRole('listitem').filter({ hasText: text });
    await expect(bubble).toBeVisible();
    await expect(bubble).toContainText('An den Bus');
  });

  test('screens at 390 px in German and English, light and dark: axe finds nothing serious; screenshots', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    const findings: Finding[] = [];
    for (const [language, theme] of LOOKS) {
      const look = `${language}-${theme}`;
      const shoot = async (page: Page, screen: string) => {
        findings.push(...(await seriousViolations(page, `${look} ${screen}`)));
        await page.screenshot({ path: join(SHOTS, `${look}-${screen}.png`), fullPage: true });
      };
      context = await phoneContext(browser, { language, theme });
      const page = await context.newPage();
      await loginAs(page, TRAVELLER);
      // one unread message, to show how it stands out
      const headers = { authorization: `Bearer ${await apiToken(page.request, TRAVELLER)}` };
      const inbox = (await (await page.request.get('/api/v1/app/usernotifications-lit', { headers })).json()) as {
        data: Array<{ id: number; title: string }>;
      };
      const welcome = inbox.data.find((entry) => entry.title === WELCOME)!;
      await page.request.patch(`/api/v1/app/usernotifications/${welcome.id}`, { headers, data: { read: false } });
      await page.goto('/appuser/notifications');
      await expect(page.getByRole('link', { name: new RegExp(WELCOME) })).toBeVisible();
      await expect(page.getByTestId('bell-count')).toHaveText('1');
      await shoot(page, 'inbox');
      await page.getByRole('link', { name: new RegExp(WELCOME) }).click();
      await expect(page.getByRole('heading', { name: WELCOME, level: 1 })).toBeVisible();
      await shoot(page, 'message');
      await page.goto('/appuser/notifications/topics');
      await expect(page.getByRole('switch').first()).toBeVisible();
      await shoot(page, 'topics');
      await page.goto('/appuser/BusChat');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, 'bus');
      await context.close();

      context = await phoneContext(browser, { language, theme });
      const driver = await context.newPage();
      await loginAs(driver, DRIVER);
      await driver.goto('/appuser/notifications/create');
      await expect(driver.getByRole('button', { name: /Senden|Send/ })).toBeVisible();
      await shoot(driver, 'driver');
      await context.close();
    }
    expect(findings).toEqual([]);
  });
});
