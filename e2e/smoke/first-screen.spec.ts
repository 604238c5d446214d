import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, loginAs, networkQuiet } from '../support/session.ts';

/** The JavaScript budget of the first screen (issue 8, 4.3), gzip-compressed as a server would send it. */
const LOGIN_JS_BUDGET_KB = 150;
/** The same budget for the traveller app's first screen on a phone (issue 13; docs/adr/0020). */
const TRAVELLER_JS_BUDGET_KB = 150;

/** Collects every JavaScript file the page loads, with its size after gzip. */
function collectScripts(page: Page): () => Promise<Array<{ file: string; gzip: number }>> {
  const pending: Array<Promise<{ file: string; gzip: number } | null>> = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    pending.push(
      response
        .body()
        .then((body) => ({ file: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  return async () => (await Promise.all(pending)).filter((entry) => entry !== null);
}

test('the login page loads at most 150 KB of gzip-compressed JavaScript', async ({ page }) => {
  const scripts = collectScripts(page);
  await page.goto('/auth/login');
  await expect(page.getByLabel(/e-mail/i)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = await scripts();
  const total = loaded.reduce((sum, script) => sum + script.gzip, 0) / 1024;
  console.log(`login page: ${total.toFixed(1)} KB of JavaScript (gzip) in ${loaded.length} files`);
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB);
});

/** Opens the traveller app's first screen on a phone, as a first visit with a session, and waits for the journey. */
async function openTravellerApp(page: Page, request: APIRequestContext): Promise<void> {
  // The token in the cookie the app reads (lib/auth-token.ts), nothing cached.
  const token = await apiToken(request, 'traveller@example.com');
  const base = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: 'tourdesk_token', value: token, url: base }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/appuser/aktJourneys');
  await expect(page.getByRole('link', { name: /Adventszauber in Südtirol/ })).toBeVisible();
}

test('the traveller app opened on a phone loads at most 150 KB of gzip-compressed JavaScript', async ({
  page,
  request,
}) => {
  const scripts = collectScripts(page);
  await openTravellerApp(page, request);
  await page.waitForLoadState('networkidle');
  const loaded = await scripts();
  const total = loaded.reduce((sum, script) => sum + script.gzip, 0) / 1024;
  console.log(
    `traveller app, /appuser/aktJourneys: ${total.toFixed(1)} KB of JavaScript (gzip) in ${loaded.length} files`,
  );
  expect(total).toBeLessThanOrEqual(TRAVELLER_JS_BUDGET_KB);
});

test("the traveller app's page names the scripts of its first screen, so they load in one round", async ({
  page,
  request,
}) => {
  const scripts = collectScripts(page);
  await openTravellerApp(page, request);
  const firstScreen = (await scripts()).map((script) => script.file);
  // The page the server sends for the address (apps/web/scripts/phone-app-files.ts).
  const html = await (await request.get('/appuser/aktJourneys')).text();
  const named = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => String(match[1])));
  // Only the messages wait for the code: their language is the reader's.
  const late = firstScreen.filter((file) => !named.has(file) && !/\/messages-\w+-/.test(file));
  expect(late).toEqual([]);
  // …and it names no script the first screen does not use.
  expect([...named].filter((file) => !firstScreen.includes(file))).toEqual([]);
  // The back office's addresses get the plain page, without the phone app's chunks.
  const backOffice = await (await request.get('/customers')).text();
  expect(backOffice).not.toContain('modulepreload" crossorigin href="/assets/phone-app-');
  expect(html).toContain('modulepreload" crossorigin href="/assets/phone-app-');
});

test('the back office registers no service worker: only the phone app works offline (docs/adr/0020)', async ({
  page,
}) => {
  await loginAs(page, 'office@example.com');
  await page.goto('/customers');
  await expect(page.locator('tr.RaDataTable-clickableRow').first()).toBeVisible();
  // The phone app registers its worker once the page has loaded (lib/service-worker.ts).
  await page.waitForLoadState('load');
  await networkQuiet(page);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});

test('time from navigation to the first row of the customers list (printed, not asserted)', async ({ page }) => {
  await loginAs(page, 'office@example.com');
  // Records when the first clickable row appears, on the clock of the document's own navigation.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('tr.RaDataTable-clickableRow')) {
        (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const figures: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    await page.goto('/customers');
    await expect(page.locator('tr.RaDataTable-clickableRow').first()).toBeVisible();
    figures.push(await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt));
  }
  const sorted = [...figures].sort((a, b) => a - b);
  console.log(
    `customers list, first row after navigation: median ${sorted[2]!.toFixed(0)} ms (runs: ${figures
      .map((ms) => ms.toFixed(0))
      .join(', ')} ms)`,
  );
  expect(figures).toHaveLength(5);
});
