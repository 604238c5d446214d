import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { apiToken, loginAs } from '../support/session.ts';

const SHOTS = join(import.meta.dirname, '..', '.tmp', 'screens', 'newsletter');
mkdirSync(SHOTS, { recursive: true });

/** A real image (the server checks the bytes), made when the test runs. */
const landscape = () =>
  sharp({ create: { width: 900, height: 450, channels: 3, background: '#2e86c1' } })
    .png()
    .toBuffer();

const preview = (page: Page) => page.frameLocator('[data-testid="template-preview"]');
const settled = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('.MuiCircularProgress-root')).toHaveCount(0, { timeout: 30_000 });
};

test('office builds a template from a card: edits the MJML, sees the preview follow, phone width, inserts an uploaded image', async ({
  page,
  request,
}) => {
  await loginAs(page, 'office@example.com');
  await page.goto('/newsletter/templates/cards');
  await expect(page.getByRole('heading', { name: 'Reise-Teaser' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Schlichter Brief' })).toBeVisible();
  await page.getByRole('button', { name: 'Use this template: Reise-Teaser' }).click();

  await expect(page).toHaveURL(/\/newsletter\/templates\/create$/);
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue('Reise-Teaser');
  await name.fill('Gardasee-Teaser E2E');
  const source = page.getByRole('textbox', { name: 'MJML source' });
  await expect(source).toHaveValue(/Gardasee – Perle Italiens/);
  await expect(preview(page).getByText('Gardasee – Perle Italiens')).toBeVisible();
  // The sample contact is filled in.
  await expect(preview(page).getByText('Frau Dr. Beispiel,')).toBeVisible();

  // Editing the MJML changes the preview.
  const mjml = await source.inputValue();
  await source.fill(mjml.replace('Jetzt Plätze sichern', 'Gleich buchen'));
  await expect(preview(page).getByRole('link', { name: 'Gleich buchen' })).toBeVisible();

  // A broken tag: the compiler's problem is shown with its line, and a click jumps there.
  const broken = (await source.inputValue()).replace('<mj-text>{{salutation}}', '<mj-column><mj-text>{{salutation}}');
  await source.fill(broken);
  const problems = page.getByTestId('mjml-problems');
  await expect(problems).toContainText(/Line \d+/);
  await source.fill(mjml.replace('Jetzt Plätze sichern', 'Gleich buchen'));
  await expect(page.getByText('MJML is valid')).toBeVisible();

  // Phone width.
  const frame = page.getByTestId('template-preview');
  expect((await frame.boundingBox())!.width).toBeGreaterThan(590);
  // With the keyboard (the app bar slides in over the button while the page scrolls).
  await page.getByRole('button', { name: 'Phone (375 px)' }).press('Enter');
  await expect(frame).toHaveAttribute('data-width', '375');
  expect(Math.round((await frame.boundingBox())!.width)).toBeLessThan(380);

  // An uploaded image, inserted at the cursor (placed before the button).
  await source.evaluate((element: HTMLTextAreaElement) => {
    const at = element.value.lastIndexOf('<mj-button');
    element.focus();
    element.setSelectionRange(at, at);
  });
  await page.getByRole('button', { name: 'Insert image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert image' });
  await dialog
    .locator('#newsletter-image-upload')
    .setInputFiles({ name: 'seeblick-e2e.png', mimeType: 'image/png', buffer: await landscape() });
  await expect(page.getByText('Image seeblick-e2e.png uploaded')).toBeVisible();
  await dialog
    .getByRole('listitem')
    .filter({ hasText: 'seeblick-e2e.png' })
    .getByRole('button', { name: 'Insert' })
    .click();
  await expect(source).toHaveValue(
    new RegExp(`<mj-image src="${BASE_URL}/api/v1/files/\\d+/original" alt="seeblick-e2e" /><mj-button`),
  );
  const image = preview(page).locator('img[alt="seeblick-e2e"]');
  await expect(image).toHaveCount(1);
  // Mail programs load it without a login.
  const src = (await image.getAttribute('src'))!;
  const anonymous = await request.get(src);
  expect(anonymous.status()).toBe(200);
  expect(anonymous.headers()['content-type']).toBe('image/png');

  expect(await seriousViolations(page, 'template editor')).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template Gardasee-Teaser E2E saved')).toBeVisible();
  await expect(page).toHaveURL(/\/newsletter\/templates\/\d+$/);
  const id = /\/newsletter\/templates\/(\d+)$/.exec(page.url())![1];
  const token = await apiToken(request, 'office@example.com');
  const saved = await (
    await request.get(`/api/v1/newsletter/templates/${id}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(saved).toMatchObject({ name: 'Gardasee-Teaser E2E', type: 'marketing' });
  expect(saved.mjml).toContain('Gleich buchen');
  expect(saved.mjml).toContain(src);

  // The images page lists it with its thumbnail.
  await page.goto('/newsletter/templates/files');
  await settled(page);
  await expect(page.getByRole('img', { name: 'seeblick-e2e.png' })).toBeVisible();
  expect(await seriousViolations(page, 'template images')).toEqual([]);
  await page.screenshot({ path: join(SHOTS, 'template-files-en.png') });
  await page.goto('/newsletter/templates/cards');
  await settled(page);
  await expect(page.getByRole('heading', { name: 'Reise-Teaser' })).toBeVisible();
  expect(await seriousViolations(page, 'template cards')).toEqual([]);
  await page.screenshot({ path: join(SHOTS, 'template-cards-en.png'), fullPage: true });
});

async function open(browser: Browser, language: 'de' | 'en', dark: boolean, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 1000 },
    colorScheme: dark ? 'dark' : 'light',
    locale: language,
    ...(width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
  return context.newPage();
}

/** Each language and each theme once (support/looks.ts), on a desktop and on a phone. */
const VARIANTS = [
  { language: 'de', dark: false, width: 1440 },
  { language: 'en', dark: true, width: 1440 },
  { language: 'de', dark: false, width: 390 },
  { language: 'en', dark: true, width: 390 },
] as const;

for (const variant of VARIANTS) {
  const label = `${variant.language}-${variant.dark ? 'dark' : 'light'}-${variant.width}`;
  test(`the template editor of a demo template passes axe and is photographed (${label})`, async ({
    browser,
    request,
  }) => {
    const token = await apiToken(request, 'office@example.com');
    const list = await (
      await request.get('/api/v1/newsletter/templates?lit-search=reiseideen', {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    const id = list.data[0].id as number;
    const page = await open(browser, variant.language, variant.dark, variant.width);
    await loginAs(page, 'office@example.com');
    await page.goto(`/newsletter/templates/${id}`);
    await settled(page);
    if (variant.dark) {
      await page.getByRole('button', { name: /toggle light\/dark mode|Hell-\/Dunkelmodus umschalten/i }).click();
    }
    await expect(preview(page).getByText('Reiseideen Frühling')).toBeVisible();
    const valid = variant.language === 'de' ? 'MJML ist gültig' : 'MJML is valid';
    await expect(page.getByText(valid)).toBeVisible();
    if (variant.width < 600) {
      // On a phone the preview comes below the text.
      const text = await page.getByRole('textbox', { name: /MJML/ }).boundingBox();
      const frame = await page.getByTestId('template-preview').boundingBox();
      expect(frame!.y).toBeGreaterThan(text!.y + text!.height);
    }
    expect(await seriousViolations(page, label)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, `template-editor-${label}.png`) });
    if (variant.width < 600) {
      // The preview below the text, at phone width from the start.
      await expect(page.getByTestId('template-preview')).toHaveAttribute('data-width', '375');
      await page.getByTestId('template-preview').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `template-editor-${label}-preview.png`) });
    }
    await page.context().close();
  });
}
