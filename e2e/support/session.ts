import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';

export const DEMO_PASSWORD = 'Demo1234!';

/** Logs in through the login form and waits for the back office (for the tests of the form itself). */
export async function loginThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/^(password|passwort)/i).fill(password);
  await page.getByRole('button', { name: /log in|anmelden/i }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/**
 * Starts a session the way the login form leaves one — the token in the `tourdesk_token` cookie — and opens
 * the start page. The token comes from the API (and is reused within the worker), so a test pays for the
 * login form and a password hash only where the form is what it tests (`loginThroughForm`).
 */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const token = await apiToken(page.request, email, password);
  await page
    .context()
    .addCookies([{ name: 'tourdesk_token', value: encodeURIComponent(token), url: BASE_URL, sameSite: 'Lax' }]);
  trackRequests(page);
  await page.goto('/').catch((error: unknown) => {
    // A login page still open sees the new cookie and goes to the start page itself, aborting this navigation
    // (Chromium reports ERR_ABORTED, or Playwright that it was interrupted by that other navigation).
    if (!/ERR_ABORTED|interrupted by another navigation/.test(String(error))) throw error;
  });
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** The requests of a page still in flight, leaving out event streams (they stay open as long as the page). */
const inFlight = new WeakMap<Page, Set<Request>>();

const isEventStream = (request: Request) => request.headers()['accept']?.includes('text/event-stream') ?? false;

function trackRequests(page: Page): Set<Request> {
  let pending = inFlight.get(page);
  if (pending) return pending;
  const requests = new Set<Request>();
  page.on('request', (request) => {
    if (!isEventStream(request)) requests.add(request);
  });
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
  inFlight.set(page, requests);
  pending = requests;
  return pending;
}

/**
 * Waits until the page has sent and received everything for `quietMs`, as `waitForLoadState('networkidle')` would —
 * but leaves out event streams: the back office follows the bell's stream (and screens their own) all the time, so
 * the network itself is never idle. Tracks the page from `loginAs` on (or from the first call).
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 15_000): Promise<void> {
  const pending = trackRequests(page);
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > deadline)
      throw new Error(`requests still in flight: ${[...pending].map((r) => r.url()).join(', ')}`);
    await page.waitForTimeout(50);
  }
}

/**
 * Tokens already issued in this worker, by account and password: a login costs the server a password hash
 * (argon2id), and set-up steps ask for the same few accounts' tokens again and again. A token lives for hours,
 * and no test revokes a token it did not get itself (changing a password signs its own account out: such a test
 * logs in with its own account, and asks again with the new password).
 */
const tokens = new Map<string, Promise<string>>();

/** A bearer token for API set-up steps. */
export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const key = `${email}\n${password}`;
  let token = tokens.get(key);
  if (!token) {
    token = (async () => {
      const response = await request.post('/api/v1/authentication', { data: { strategy: 'local', email, password } });
      expect(response.status()).toBe(201);
      return (await response.json()).accessToken as string;
    })();
    tokens.set(key, token);
    token.catch(() => tokens.delete(key));
  }
  return token;
}

/** Creates a user through the API as the admin, with the given system role. */
async function createUser(
  request: APIRequestContext,
  role: 'office' | 'agency',
  data: { email: string; firstname: string; lastname: string; password: string; agencyId?: number },
): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin@example.com')}` };
  const roleId = (await (await request.get(`/api/v1/roles-lit?role=${role}`, { headers })).json()).data[0].id_roles;
  const created = await request.post('/api/v1/users-lit', {
    headers,
    data: { ...data, passwordRepeat: data.password, role: roleId },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** A back-office account of its own (office role, password `Anfang-2027!`), so tests keep the demo passwords. */
export async function createOfficeUser(
  request: APIRequestContext,
  person: { email: string; firstname: string; lastname: string },
): Promise<void> {
  await createUser(request, 'office', { ...person, password: 'Anfang-2027!' });
}

/**
 * A travel agency of its own with one agency user (the demo password), for tests whose assertions cover
 * everything an agency has — a statement, a collective invoice — so bookings that other spec files make for the
 * demo agencies at the same time cannot show up in them.
 */
export async function createAgencyWithUser(
  request: APIRequestContext,
  tag: string,
): Promise<{ agencyId: number; email: string }> {
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin@example.com')}` };
  const response = await request.post('/api/v1/organization', {
    headers,
    data: { name: `Reisebüro Eigen ${tag}`, type: 1, city: 'Kassel' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const agency = (await response.json()) as { id: number };
  const email = `agentur-${tag}@example.com`;
  await createUser(request, 'agency', {
    email,
    firstname: 'Anja',
    lastname: `Eigen ${tag}`,
    password: DEMO_PASSWORD,
    agencyId: agency.id,
  });
  return { agencyId: agency.id, email };
}

/** Opens every group of the navigation drawer and returns the targets of all its entries. */
export async function menuTargets(page: Page): Promise<string[]> {
  const drawer = await expandedMenu(page);
  const hrefs = await drawer
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.filter(Boolean).sort();
}

/** The main menu with all its groups open. */
async function expandedMenu(page: Page) {
  const drawer = page.getByRole('navigation', { name: /main menu|hauptmenü/i });
  await expect(drawer.getByRole('link').first()).toBeVisible();
  for (;;) {
    const collapsed = drawer.locator('[aria-expanded="false"]');
    if ((await collapsed.count()) === 0) break;
    await collapsed.first().click();
  }
  return drawer;
}

/**
 * Opens a menu entry (a path of `menuTargets`) by clicking it, as staff do: the app changes the screen without
 * loading the page again, which `page.goto` would (about a second for each screen on a quiet machine, against
 * 0.1–0.25 s, 5 Dec 2026).
 */
export async function openFromMenu(page: Page, target: string): Promise<void> {
  const drawer = await expandedMenu(page);
  const link = drawer.locator(`a[href="${target}"]`);
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname + url.search === target);
  // The entry is marked once the app has drawn the new location: the screen before is gone by then.
  await expect(link).toHaveAttribute('aria-current', 'page');
}

/**
 * Waits until the service worker controls the page. Installing it first precaches the phone app, which on a busy
 * two-core machine takes longer than an ordinary wait; until then `navigator.serviceWorker.ready` (push) and the
 * offline answers wait for it.
 */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
}
