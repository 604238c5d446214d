import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { createOfficeUser, loginAs } from '../support/session.ts';

const PASSWORD = 'Anfang-2027!';

async function staffPage(browser: Browser, email: string, language: 'de' | 'en' = 'en'): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
  const page = await context.newPage();
  await loginAs(page, email, PASSWORD);
  return page;
}

test('two colleagues chat: the other sees the message without reloading, and a mention rings the bell', async ({
  browser,
  request,
}) => {
  const tag = `${Date.now() % 1_000_000}`;
  const lena = { email: `lena.${tag}@alpenblick.example`, firstname: `Lena${tag}`, lastname: 'Hoffmann' };
  const max = { email: `max.${tag}@alpenblick.example`, firstname: `Max${tag}`, lastname: 'Vogel' };
  await createOfficeUser(request, lena);
  await createOfficeUser(request, max);

  const a = await staffPage(browser, lena.email);
  const b = await staffPage(browser, max.email);
  await a.goto('/chat/channel/general');
  await b.goto('/chat');
  await expect(a.getByRole('heading', { name: 'General', level: 2 })).toBeVisible();
  await expect(b.getByRole('heading', { name: 'General', level: 2 })).toBeVisible();
  // Other specs ring every office user's bell meanwhile (a new agency booking): the bell need not be empty here.
  await expect(b.getByRole('button', { name: /^Notifications/ })).toBeVisible();

  // Lena writes, mentioning Max picked from the list with the keyboard.
  const composer = a.getByTestId('chat-composer');
  await composer.fill(`Hallo @Max${tag}`);
  await expect(a.getByRole('option', { name: `@Max${tag} Vogel` })).toBeVisible();
  await composer.press('Enter');
  await expect(composer).toHaveValue(`Hallo @Max${tag} Vogel `);
  await composer.pressSequentially('kannst du den Bus für Wien prüfen?');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');

  // Max sees it without reloading, and his bell rings.
  const fromLena = b.getByTestId('chat-message').filter({ hasText: 'kannst du den Bus für Wien prüfen?' });
  await expect(fromLena).toContainText(`Lena${tag} Hoffmann`);
  await expect(fromLena.getByText(`@Max${tag} Vogel`)).toBeVisible();
  const bell = b.getByRole('button', { name: /^Notifications \(\d+\)$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const entry = b.getByRole('button', { name: /You were mentioned/ }).filter({ hasText: `Lena${tag} Hoffmann` });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(b).toHaveURL(/\/chat\/channel\/general$/);

  // Max answers; Lena sees it at once.
  await b.getByTestId('chat-composer').fill('Mache ich, gib mir zehn Minuten.');
  await b.getByTestId('chat-composer').press('Enter');
  await expect(a.getByTestId('chat-message').filter({ hasText: 'Mache ich, gib mir zehn Minuten.' })).toContainText(
    `Max${tag} Vogel`,
  );

  // Lena corrects her message; Max sees the new text.
  const mine = a.getByTestId('chat-message').filter({ hasText: 'kannst du den Bus für Wien prüfen?' });
  await mine.getByRole('button', { name: 'Edit message' }).click();
  await composer.fill(`Hallo @Max${tag} Vogel kannst du den Bus für Salzburg prüfen?`);
  await composer.press('Enter');
  await expect(b.getByTestId('chat-message').filter({ hasText: 'Bus für Salzburg' })).toContainText('edited');

  // The history search finds it.
  await b.getByRole('searchbox', { name: 'Search history' }).fill('salzburg');
  await b.getByRole('searchbox', { name: 'Search history' }).press('Enter');
  await expect(b.getByText('1 message with “salzburg”')).toBeVisible();
  await expect(b.getByTestId('chat-message')).toHaveCount(1);

  expect(await seriousViolations(a, 'chat')).toEqual([]);
  await a.screenshot({ path: test.info().outputPath('chat-en.png'), fullPage: true });
  await a.context().close();
  await b.context().close();
});

test('chat in German, dark, and on a phone one pane at a time', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  const page = await context.newPage();
  await loginAs(page, 'office@example.com');
  await page.getByRole('button', { name: /hell-\/dunkelmodus/i }).click();
  await page.goto('/chat');
  await expect(page.getByTestId('chat-message').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Tagesfahrt in die Sächsische Schweiz/ })).toBeVisible();
  // The bell speaks German too (its entries are other specs' and the demo's: the first test rings it itself).
  await page.getByRole('button', { name: /^Benachrichtigungen/ }).click();
  await expect(page.getByRole('heading', { name: 'Benachrichtigungen', level: 2 })).toBeVisible();
  await page.goto('/chat');
  await expect(page.getByTestId('chat-message').first()).toBeVisible();
  expect(await seriousViolations(page, 'chat de')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('chat-de-dark.png'), fullPage: true });

  // Writing to the travellers needs the push right (pushmessage-send): the clerk is not offered it, an admin is.
  await page.getByRole('link', { name: /Tagesfahrt in die Sächsische Schweiz/ }).click();
  await expect(page.getByText('Stau auf der A14')).toBeVisible();
  await expect(page.getByRole('button', { name: 'An Reisende schreiben' })).toHaveCount(0);
  const channelUrl = page.url();
  await loginAs(page, 'admin@example.com');
  await page.goto(channelUrl);
  await page.getByRole('button', { name: 'An Reisende schreiben' }).click();
  await expect(page.getByRole('dialog')).toContainText('Nur an den Bus');
  await page.screenshot({ path: test.info().outputPath('chat-de-travellers.png'), fullPage: true });
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/chat');
  await expect(page.getByRole('link', { name: /Allgemein/ })).toBeVisible();
  await expect(page.getByTestId('chat-composer')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('chat-phone-list.png'), fullPage: true });
  await page.getByRole('link', { name: /Allgemein/ }).click();
  await expect(page.getByTestId('chat-composer')).toBeVisible();
  await expect(page.getByRole('link', { name: /Tagesfahrt/ })).toHaveCount(0);
  expect(await seriousViolations(page, 'chat phone')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('chat-phone-thread.png'), fullPage: true });
  await page.getByRole('link', { name: 'Zurück zu den Kanälen' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await context.close();
});

test('the driver reads and answers his day trip’s channel on the phone, and the office sees it live', async ({
  browser,
}) => {
  const office = await staffPageAs(browser, 'office@example.com');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await phone.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  const driver = await phone.newPage();
  await loginAs(driver, 'driver@example.com');
  await driver.goto('/driver/chat');
  // The bar names the chat, not "Meine Fahrten" (/driver, a shorter prefix of this address).
  await expect(driver.locator('.m-bar-title')).toHaveText('Chat');
  await driver.getByRole('link', { name: /Tagesfahrt in die Sächsische Schweiz/ }).click();
  await expect(driver.getByText('Stau auf der A14')).toBeVisible();
  // The office's stream starts only after the driver has sent: the message falls between the office's first read
  // of the channel and its stream, and must show all the same (as on a busy server or after a reconnect).
  let startStream = () => {};
  const streamMayStart = new Promise<void>((resolve) => (startStream = resolve));
  await office.route('**/api/v1/chat/stream', async (route) => {
    await streamMayStart;
    await route.continue();
  });
  await office.goto('/chat');
  await office.getByRole('link', { name: /Tagesfahrt in die Sächsische Schweiz/ }).click();
  await expect(office.getByTestId('chat-message').filter({ hasText: 'Stau auf der A14' })).toBeVisible();
  await driver.getByRole('textbox', { name: 'Nachricht' }).fill('Sind an der Bastei angekommen, alle an Bord.');
  await driver.getByRole('button', { name: 'Senden' }).click();
  await expect(driver.getByText('Sind an der Bastei angekommen')).toBeVisible();
  startStream();
  await expect(office.getByTestId('chat-message').filter({ hasText: 'alle an Bord' })).toContainText('Dieter Bäumer');
  await office.getByTestId('chat-composer').fill('Danke, gute Weiterfahrt!');
  await office.getByTestId('chat-composer').press('Enter');
  await expect(driver.getByText('Danke, gute Weiterfahrt!')).toBeVisible();
  expect(await seriousViolations(driver, 'driver chat')).toEqual([]);
  await driver.screenshot({ path: test.info().outputPath('chat-driver-phone.png'), fullPage: true });
  await phone.close();
  await office.context().close();
});

async function staffPageAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  const page = await context.newPage();
  await loginAs(page, email);
  return page;
}
