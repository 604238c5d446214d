import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { callApi } from '../support/journeys.ts';
import { loginAs } from '../support/session.ts';
import { LOOKS } from '../support/looks.ts';
import { phonePage } from '../support/phone.ts';

const SHOTS = join(import.meta.dirname, '..', '.tmp', 'screenshots', 'images');

/** A landscape of its own colours, so each run uploads new bytes (the same bytes twice are refused). */
const landscape = (width: number, height: number, seed: number) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#${(seed * 2654435).toString(16).slice(-6).padStart(6, '0')}"/>
        <stop offset="1" stop-color="#f5f0e1"/></linearGradient></defs>
      <rect width="${width}" height="${height}" fill="url(#g)"/>
      <circle cx="${width / 3}" cy="${height / 3}" r="${height / 6}" fill="#ffd166"/>
    </svg>`),
  )
    .png()
    .toBuffer();

/** Drops files on the upload area as a browser does when they are dragged there from the desktop. */
async function dropFiles(page: Page, files: ReadonlyArray<{ name: string; type: string; bytes: Buffer }>) {
  const transfer = await page.evaluateHandle(
    (entries) => {
      const data = new DataTransfer();
      for (const entry of entries) {
        const bytes = Uint8Array.from(atob(entry.base64), (char) => char.charCodeAt(0));
        data.items.add(new File([bytes], entry.name, { type: entry.type }));
      }
      return data;
    },
    files.map((file) => ({ name: file.name, type: file.type, base64: file.bytes.toString('base64') })),
  );
  const zone = page.getByTestId('library-dropzone');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

test('admin uploads two images by drag and drop and the file chooser, trashes and restores one, and picks a library image for a trip', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now() % 10_000_000;
  const libraryName = `Testbilder ${stamp}`;
  await loginAs(page, 'admin@example.com');

  // The demo library is there; a new one is made in the dialog.
  await page.goto('/imagedb/library');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Reisebilder' })).toBeVisible();
  await page.getByRole('button', { name: 'New library' }).click();
  const dialog = page.getByRole('dialog', { name: 'New library' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(libraryName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/imagedb\/library\/\d+$/);
  const libraryId = Number(/\/imagedb\/library\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('main').getByRole('heading', { name: libraryName })).toBeVisible();

  // One image dragged onto the upload area, one chosen with the file chooser.
  const harbour = await landscape(900, 600, stamp);
  await dropFiles(page, [{ name: `hafen-${stamp}.png`, type: 'image/png', bytes: harbour }]);
  const grid = page.getByRole('list', { name: 'Images' });
  await expect(grid.getByText(`hafen-${stamp}`, { exact: true })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.locator('button', { hasText: 'Choose images' }).click();
  await (
    await chooser
  ).setFiles([{ name: `berge-${stamp}.png`, mimeType: 'image/png', buffer: await landscape(640, 640, stamp + 1) }]);
  await expect(grid.getByText(`berge-${stamp}`, { exact: true })).toBeVisible();
  await expect(grid.getByText('900 × 600 · 3:2')).toBeVisible();
  await expect(grid.getByText('640 × 640 · 1:1')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Images (2)' })).toBeVisible();

  // The same bytes again: refused with the spec's message; a text file: type not allowed.
  await dropFiles(page, [{ name: `nochmal-${stamp}.png`, type: 'image/png', bytes: harbour }]);
  await expect(page.getByText('This image already exists in the folder.')).toBeVisible();
  await dropFiles(page, [{ name: 'notiz.txt', type: 'text/plain', bytes: Buffer.from('hallo') }]);
  await expect(page.getByText(/This file type is not allowed\. Only these file types are accepted/)).toBeVisible();

  // Name and description are edited afterwards.
  await page.getByRole('button', { name: `Edit berge-${stamp}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit image' });
  await expect(edit.getByText(/640 × 640 px · ratio 1:1/)).toBeVisible();
  await edit.getByRole('textbox', { name: 'Description' }).fill('Berge im Morgenlicht');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Image saved')).toBeVisible();

  // Into the trash and back.
  await page.getByRole('button', { name: `Move hafen-${stamp} to the trash` }).click();
  await expect(page.getByText(`hafen-${stamp} moved to the trash`)).toBeVisible();
  await expect(grid.getByText(`hafen-${stamp}`, { exact: true })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Trash (1)' }).click();
  const trash = page.getByRole('list', { name: 'Images in the trash' });
  await expect(trash.getByText(`hafen-${stamp}`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Restore hafen-${stamp}` }).click();
  await expect(page.getByText(`hafen-${stamp} restored`)).toBeVisible();
  await page.getByRole('tab', { name: 'Images (2)' }).click();
  await expect(grid.getByText(`hafen-${stamp}`, { exact: true })).toBeVisible();

  // Picked for a trip: the trip's images tab opens the picker; the trip uses the same stored file.
  const journeys = await callApi<{ data: Array<{ id: number }> }>(
    request,
    'admin@example.com',
    'GET',
    '/journey-lit?$limit=1',
  );
  const journeyId = journeys.data[0]!.id;
  const items = await callApi<{ data: Array<{ id: number; name: string; id_stored_file: number }> }>(
    request,
    'admin@example.com',
    'GET',
    `/img/library-item?id_img_library=${libraryId}`,
  );
  const berge = items.data.find((item) => item.name === `berge-${stamp}`)!;
  await page.goto(`/internet/journeys/${journeyId}/images`);
  await page.getByRole('button', { name: 'From the image database' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose from the image database' });
  await picker.getByRole('combobox', { name: 'Library' }).click();
  await page.getByRole('option', { name: new RegExp(`^${libraryName}`) }).click();
  await picker.getByRole('searchbox', { name: 'Search' }).fill('morgenlicht');
  const tile = picker.getByRole('button', { name: new RegExp(`berge-${stamp}`) });
  await expect(tile).toHaveAttribute('aria-pressed', 'false');
  await tile.press('Space');
  await expect(tile).toHaveAttribute('aria-pressed', 'true');
  await picker.getByRole('button', { name: 'Use image' }).click();
  await expect(page.getByText('Image added from the image database')).toBeVisible();
  const images = await callApi<Array<{ url: string }>>(
    request,
    'admin@example.com',
    'GET',
    `/journey/files?journey=${journeyId}`,
  );
  expect(images.map((image) => image.url)).toContain(`/api/v1/files/${berge.id_stored_file}/web`);

  // The use is in the history; an image in use says where before it goes.
  await page.goto('/imagedb/history');
  await expect(page.getByRole('cell', { name: 'Used' }).first()).toBeVisible();
  await page.goto(`/imagedb/library/${libraryId}`);
  await page.getByRole('button', { name: `Move berge-${stamp} to the trash` }).click();
  const usage = page.getByRole('dialog', { name: 'This image is still used' });
  await expect(usage.getByText(/Trip \d+/)).toBeVisible();
  await usage.getByRole('button', { name: 'Cancel' }).click();
});

test('image database screens: axe and screenshots in German and English, light and dark, at phone width', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  for (const [language, theme] of LOOKS) {
    const page = await phonePage(browser, { language, theme, touch: false });
    await loginAs(page, 'admin@example.com');
    const label = `${language}-${theme}`;

    await page.goto('/imagedb/library');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Reisebilder' })).toBeVisible({
      timeout: 30_000,
    });
    await page.screenshot({ path: join(SHOTS, `${label}-libraries.png`), fullPage: true });
    expect(await seriousViolations(page, `libraries ${label}`)).toEqual([]);

    await page.getByRole('main').getByRole('heading', { name: 'Reisebilder' }).click();
    await expect(page.getByRole('main').getByRole('heading', { name: 'Reisebilder' })).toBeVisible();
    await expect(page).toHaveURL(/\/imagedb\/library\/\d+$/);
    await expect(page.locator('main img')).toHaveCount(6, { timeout: 30_000 });
    await page.screenshot({ path: join(SHOTS, `${label}-library.png`), fullPage: true });
    expect(await seriousViolations(page, `library ${label}`)).toEqual([]);

    await page.goto('/imagedb/history');
    await expect(page.getByRole('table')).toBeVisible();
    await page.screenshot({ path: join(SHOTS, `${label}-history.png`), fullPage: true });
    expect(await seriousViolations(page, `history ${label}`)).toEqual([]);

    await page.context().close();
  }
});

test('the image picker passes axe in a trip, in German and dark at phone width', async ({ browser, request }) => {
  mkdirSync(SHOTS, { recursive: true });
  const journeys = await callApi<{ data: Array<{ id: number }> }>(
    request,
    'admin@example.com',
    'GET',
    '/journey-lit?$limit=1',
  );
  for (const [language, theme] of [
    ['de', 'dark'],
    ['en', 'light'],
  ] as const) {
    const page = await phonePage(browser, { language, theme, touch: false });
    await loginAs(page, 'admin@example.com');
    await page.goto(`/internet/journeys/${journeys.data[0]!.id}/images`);
    await page
      .getByRole('button', { name: language === 'de' ? 'Aus der Bilddatenbank' : 'From the image database' })
      .click();
    const picker = page.getByRole('dialog');
    await expect(picker.locator('img').first()).toBeVisible({ timeout: 30_000 });
    await picker.getByRole('button', { pressed: false }).first().click();
    await page.screenshot({ path: join(SHOTS, `${language}-${theme}-picker.png`) });
    expect(await seriousViolations(page, `picker ${language} ${theme}`)).toEqual([]);
    await page.context().close();
  }
});
