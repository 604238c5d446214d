import { expect, test, type Page } from '@playwright/test';
import { createOfficeUser, loginAs } from '../support/session.ts';

/** Counts the page's navigations, same-document ones (history.pushState/replaceState) included. */
function countNavigations(page: Page): () => number {
  let count = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

/** A token the server would refuse, with the given `exp`: the browser sees it as a session that ran out. */
const fakeToken = (exp: number) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify({ sub: '1', exp })]
    .map((part) => Buffer.from(part).toString('base64url'))
    .concat('c2lnbmF0dXJl')
    .join('.');

test('a visitor without a token sees the login form at once, after a single redirect', async ({ page }) => {
  const navigations = countNavigations(page);
  await page.goto('/customers?filter=%7B%7D');
  await expect(page.getByLabel(/e-mail/i)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(navigations()).toBeLessThanOrEqual(3);
  await expect(page.getByText('Your session has expired')).toHaveCount(0);
});

for (const [name, exp] of [
  ['whose time is up', Math.floor(Date.now() / 1000) - 60],
  ['that the server refuses', Math.floor(Date.now() / 1000) + 3600],
] as const) {
  test(`a session ${name} says so and returns to the page after login`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'tourdesk_token', value: fakeToken(exp), url: baseURL! }]);
    const navigations = countNavigations(page);
    await page.goto('/users?page=1');
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
    expect(navigations()).toBeLessThanOrEqual(4);
    await page.getByLabel(/e-mail/i).fill('admin@example.com');
    await page.getByLabel(/password/i).fill('Demo1234!');
    await page.getByRole('button', { name: /log in/i }).click();
    await expect(page).toHaveURL(/\/users\?page=1$/);
    await expect(page.getByRole('cell', { name: 'superadmin@example.com' })).toBeVisible();
  });
}

test('an unauthenticated visit to /users lands on the login and returns to /users', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel(/e-mail/i).fill('admin@example.com');
  await page.getByLabel(/password/i).fill('Demo1234!');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('cell', { name: 'superadmin@example.com' })).toBeVisible();
});

test('a logged-in user who opens the login page goes home; logout removes the cookie', async ({ page, context }) => {
  await loginAs(page, 'office@example.com');
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth/logout');
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect((await context.cookies()).some((cookie) => cookie.name === 'tourdesk_token')).toBe(false);
});

test('a route without permission shows the 403 page with a way home', async ({ page }) => {
  await loginAs(page, 'office@example.com');
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Forbidden', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no permission to view this page.')).toBeVisible();
  await page.getByRole('link', { name: /back to home/i }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown route shows the 404 page', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  await page.goto('/this/does/not/exist');
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
});

test('the toolbar shows role, last login and the user menu', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  await expect(page.getByTestId('user-summary')).toContainText('admin');
  await expect(page.getByTestId('user-summary')).toContainText(
    /Last login: (\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}|first login)/,
  );
  await page.getByRole('button', { name: /Andrea/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Debug' })).toHaveCount(0);
});

test('a new colleague’s bell is empty: no badge, and it says so', async ({ page, request }) => {
  // A fresh user: the demo's option ending tomorrow rings the demo staff's bells (docs/adr/0029).
  const email = `leer-${Date.now()}@example.org`;
  await createOfficeUser(request, { email, firstname: 'Lena', lastname: 'Leer' });
  await loginAs(page, email, 'Anfang-2027!');
  // Nothing to count yet: the bell has no badge (not a "0"), and its name is what it shows.
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.locator('.MuiBadge-badge')).toHaveCount(0);
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText('No recent notifications')).toBeVisible();
});

test('the dark theme survives a reload', async ({ page }) => {
  await loginAs(page, 'office@example.com');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByRole('button', { name: /toggle light\/dark mode/i }).click();
  await expect.poll(background).not.toBe(light);
  const dark = await background();
  await page.reload();
  await expect(page.getByTestId('user-summary')).toBeVisible();
  expect(await background()).toBe(dark);
});

test('who asks the system for less motion sees changes without transitions; others see them', async ({ page }) => {
  // The tests run with reducedMotion 'reduce' (playwright.config.ts).
  await loginAs(page, 'office@example.com');
  const themeButton = page.getByRole('button', { name: /toggle light\/dark mode/i });
  const transition = () => themeButton.evaluate((button) => getComputedStyle(button).transitionDuration);
  expect(await transition()).toBe('0s');

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(transition).not.toBe('0s');
});

test('for who asks for less motion, a progress indicator still turns: it says "still working"', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  // The image libraries are held back, so their progress bar stays.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/img/library/all', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/imagedb/library');
  const progress = page.getByRole('progressbar', { name: 'Loading libraries' });
  await expect(progress).toBeVisible();
  const turning = await progress.evaluate((indicator) =>
    [indicator, ...indicator.querySelectorAll('*')].some((element) => {
      const style = getComputedStyle(element);
      return style.animationIterationCount === 'infinite' && style.animationDuration !== '0s';
    }),
  );
  release();
  expect(turning).toBe(true);
  await expect(progress).toBeHidden();
});

test('switching to German sets the i18n_redirected cookie and shows German after a reload', async ({
  page,
  context,
}) => {
  await loginAs(page, 'admin@example.com');
  await expect(page.getByRole('heading', { name: /Good (morning|afternoon|evening), Andrea!/ })).toBeVisible();
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { name: /Guten (Morgen|Tag|Abend), Andrea!/ })).toBeVisible();
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'i18n_redirected');
  expect(cookie?.value).toBe('de');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sprache: Deutsch' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Benachrichtigungen' })).toBeVisible();
  await expect(page.getByText('Was Sie öffnen können')).toBeVisible();
  await page.goto('/nicht-da');
  await expect(page.getByText('Diese Seite konnte nicht gefunden werden')).toBeVisible();
});
