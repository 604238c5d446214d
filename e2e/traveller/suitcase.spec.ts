import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { LOOKS } from '../support/looks.ts';
import { phoneContext } from '../support/phone.ts';
import { apiToken, serviceWorkerInControl } from '../support/session.ts';

/**
 * The traveller packs the suitcase of a journey on a phone, offline too (issue #13, docs/adr/0020): the list
 * starts from a template, changes made offline survive a reload (the service worker serves the app) and reach
 * the server when the phone is back online; a list changed on another phone meanwhile shows the sync conflict.
 */
const TRAVELLER = 'traveller@example.com';

type Suitcase = { version: number; items: Array<{ id: string; text: string; packed: boolean; category: string }> };

/** The demo traveller's journey: from the journeys list once that exists, else the booking the demo linked. */
async function travellerBooking(request: APIRequestContext, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const journeys = await request.get('/api/v1/users-vorgaenge-app?show_active=1', { headers });
  if (journeys.ok()) {
    const body = await journeys.json();
    const rows = (Array.isArray(body) ? body : (body.data ?? [])) as Array<Record<string, unknown>>;
    const id = Number(rows[0]?.bookingId ?? rows[0]?.id_vorgang ?? rows[0]?.id);
    if (id > 0) return id;
  }
  for (let id = 1; id <= 80; id++) {
    if ((await request.get(`/api/v1/users-vorgaenge/${id}/suitcase`, { headers })).ok()) return id;
  }
  throw new Error('the demo traveller sees no booking');
}

async function serverSuitcase(request: APIRequestContext, token: string, bookingId: number): Promise<Suitcase> {
  const response = await request.get(`/api/v1/users-vorgaenge/${bookingId}/suitcase`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Suitcase;
}

/**
 * Waits until the service worker controls the page and has kept the answers the app starts with.
 */
async function readyOffline(page: Page) {
  await serviceWorkerInControl(page);
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await caches.open('tourdesk-api')).keys()).map((request) => new URL(request.url).pathname),
      ),
    )
    .toEqual(expect.arrayContaining(['/api/v1/userdata', '/api/v1/brand']));
}

const item = (page: Page, text: string) => page.getByRole('checkbox', { name: text, exact: true });

test.describe('pack the suitcase', () => {
  // Each test waits for the service worker's first install (see readyOffline).
  test.describe.configure({ timeout: 90_000 });
  let token = '';
  let bookingId = 0;
  let context: BrowserContext;

  test.beforeAll(async ({ request }) => {
    token = await apiToken(request, TRAVELLER);
    bookingId = await travellerBooking(request, token);
  });
  test.afterEach(async () => {
    await context?.close();
  });

  test('starts from a template, packs offline, survives an offline reload and syncs when back online', async ({
    browser,
    request,
  }) => {
    // The demo traveller's list is not started yet on a fresh demo database.
    expect((await serverSuitcase(request, token, bookingId)).version).toBe(0);
    context = await phoneContext(browser, { token });
    const page = await context.newPage();
    await page.goto(`/appuser/PackSuitcase/${bookingId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Koffer packen' })).toBeVisible();
    await page.getByRole('button', { name: /Busreise Sommer/ }).click();
    await expect(page.getByText('0 von 19 gepackt')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Dokumente/ })).toBeVisible();
    await expect.poll(async () => (await serverSuitcase(request, token, bookingId)).version).toBe(1);
    await readyOffline(page);

    await context.setOffline(true);
    await item(page, 'Sonnencreme').click();
    await item(page, 'Personalausweis oder Reisepass').click();
    await page.getByLabel('Gegenstand', { exact: true }).fill('Wanderkarte Allgäu');
    await page.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(page.getByText('2 von 20 gepackt')).toBeVisible();
    await expect(page.getByRole('status')).toContainText('offline');

    // Offline, the service worker serves the app; the list and its unsent changes come from the phone.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Koffer packen' })).toBeVisible();
    await expect(page.getByText('2 von 20 gepackt')).toBeVisible();
    await expect(item(page, 'Sonnencreme')).toBeChecked();
    await expect(item(page, 'Wanderkarte Allgäu')).not.toBeChecked();
    expect((await serverSuitcase(request, token, bookingId)).version).toBe(1);

    await context.setOffline(false);
    await expect(page.getByRole('status')).toHaveCount(0);
    const after = await serverSuitcase(request, token, bookingId);
    expect(after.version).toBe(2);
    expect(after.items).toHaveLength(20);
    expect(
      after.items
        .filter((row) => row.packed)
        .map((row) => row.text)
        .sort(),
    ).toEqual(['Personalausweis oder Reisepass', 'Sonnencreme']);
    expect(after.items.find((row) => row.text === 'Wanderkarte Allgäu')).toMatchObject({ category: 'other' });

    expect(await seriousViolations(page, 'suitcase')).toEqual([]);
  });

  test('shows the server’s newer list after a change on another phone, and applies the own changes on request', async ({
    browser,
    request,
  }) => {
    // Two unpacked items of its own, whatever the list held before.
    const headers = { authorization: `Bearer ${token}` };
    const version = (await serverSuitcase(request, token, bookingId)).version;
    const mine = { id: `mine-${Date.now()}`, text: 'Fernglas', category: 'other', quantity: 1, packed: false };
    const theirs = { id: `theirs-${Date.now()}`, text: 'Regenponcho', category: 'clothes', quantity: 1, packed: false };
    const seeded = await request.post(`/api/v1/users-vorgaenge/${bookingId}/suitcase/sync`, {
      headers,
      data: {
        version,
        changes: [
          { op: 'add', item: mine },
          { op: 'add', item: theirs },
        ],
      },
    });
    expect(seeded.ok()).toBe(true);
    context = await phoneContext(browser, { token });
    const page = await context.newPage();
    await page.goto(`/appuser/PackSuitcase/${bookingId}`);
    await expect(item(page, 'Fernglas')).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    const start = await serverSuitcase(request, token, bookingId);

    await context.setOffline(true);
    await item(page, mine.text).click();
    // Meanwhile another phone packs something else.
    const other = await request.post(`/api/v1/users-vorgaenge/${bookingId}/suitcase/sync`, {
      headers,
      data: { version: start.version, changes: [{ op: 'pack', id: theirs.id, packed: true }] },
    });
    expect(other.ok()).toBe(true);
    await context.setOffline(false);

    await expect(page.getByRole('alert')).toContainText('Die Daten auf dem Server sind aktueller');
    await expect(page.getByRole('list', { name: 'Liste auf dem Server' })).toContainText(theirs.text);
    expect(await seriousViolations(page, 'suitcase conflict')).toEqual([]);
    await page.getByRole('button', { name: 'Meine Änderung übernehmen' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(item(page, mine.text)).toBeChecked();
    await expect(item(page, theirs.text)).toBeChecked();
    // The merged list shows at once; the own change is sent right after, and the pending notice goes when it landed.
    await expect(page.getByRole('status')).toHaveCount(0);
    const merged = await serverSuitcase(request, token, bookingId);
    expect(merged.version).toBe(start.version + 2);
    expect(merged.items.filter((row) => [mine.id, theirs.id].includes(row.id)).every((row) => row.packed)).toBe(true);
  });

  test('looks right on a phone in German and English, light and dark', async ({ browser }) => {
    for (const [language, theme] of LOOKS) {
      context = await phoneContext(browser, { token, language, theme });
      const page = await context.newPage();
      await page.goto(`/appuser/PackSuitcase/${bookingId}`);
      await expect(page.getByText(language === 'de' ? /von \d+ gepackt/ : /of \d+ packed/)).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`suitcase-${language}-${theme}.png`), fullPage: true });
      expect(await seriousViolations(page, `suitcase ${language} ${theme}`)).toEqual([]);
      await context.close();
    }
  });
});
