import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { createCustomer, getCustomer } from '../support/customers.ts';
import { loginAs, networkQuiet } from '../support/session.ts';

/**
 * The customer card's "Aus ratio importieren" (issue #18, docs/adr/0031): the e2e server talks to a fake ratio
 * (support/serve-with-smtp.ts) that has a record for every kennziffer E2E<digits>.
 */
// The shared machine can be slow: the card loads many chunks on first sight.
test.describe.configure({ timeout: 120_000 });
const LOADED = { timeout: 60_000 };
const quiet = (page: Parameters<typeof networkQuiet>[0]) => networkQuiet(page, 500, 60_000);

const tag = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;

test('office imports a customer card from ratio and sees ratio’s data', async ({ page, request }) => {
  const kennziffer = `E2E${tag()}`;
  const customer = await createCustomer(request, 'office@example.com', {
    firstName: 'Alt',
    surname: 'Vorher',
    ratio_id: kennziffer,
    phones: [{ key: 'phone-private', value: '0800 1' }],
  });
  await loginAs(page, 'office@example.com');
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByLabel('Surname')).toHaveValue('Vorher', LOADED);
  await quiet(page);
  await page.getByRole('button', { name: 'Import from ratio' }).click();
  await expect(page.getByText('Customer updated with the imported data')).toBeVisible();
  await expect(page.getByLabel('Surname')).toHaveValue('Importiert');
  await expect(page.getByLabel('First name')).toHaveValue('Erika');
  const imported = await getCustomer(request, customer.id);
  expect(imported.name).toBe('Importiert, Erika');
  // (the empty default e-mail row of a card made with a phone only stays beside ratio's address)
  expect(imported.emails.map((row) => row.value).filter(Boolean)).toEqual([
    `erika.${kennziffer.toLowerCase()}@example.net`,
  ]);
  expect(await seriousViolations(page, 'customer card with import button')).toEqual([]);
});

test('a customer without a ratio number has no import button', async ({ page, request }) => {
  const customer = await createCustomer(request, 'office@example.com', {
    firstName: 'Ohne',
    surname: `Nummer${tag()}`,
    phones: [{ key: 'phone-private', value: '0800 2' }],
  });
  await loginAs(page, 'office@example.com');
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByLabel('Surname')).toHaveValue(/^Nummer/, LOADED);
  await quiet(page);
  await expect(page.getByRole('button', { name: 'Import from ratio' })).toHaveCount(0);
});

test.describe('screenshots', () => {
  for (const language of ['de', 'en'] as const) {
    test(`customer card with the import button, ${language}`, async ({ page, context, request }) => {
      const kennziffer = `E2E${tag()}`;
      const customer = await createCustomer(request, 'office@example.com', {
        firstName: 'Bild',
        surname: 'Schirm',
        ratio_id: kennziffer,
        phones: [{ key: 'phone-private', value: '0800 3' }],
      });
      await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
      await loginAs(page, 'office@example.com');
      if (language === 'en') {
        await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
        await page.setViewportSize({ width: 390, height: 844 });
      }
      await page.goto(`/customers/${customer.id}`);
      await expect(page.getByLabel(language === 'de' ? 'Nachname' : 'Surname')).toHaveValue('Schirm', LOADED);
      await quiet(page);
      const button = page.getByRole('button', {
        name: language === 'de' ? 'Aus ratio importieren' : 'Import from ratio',
      });
      await expect(button).toBeVisible();
      await button.click();
      await expect(page.getByLabel(language === 'de' ? 'Nachname' : 'Surname')).toHaveValue('Importiert');
      await page.screenshot({ path: test.info().outputPath(`customer-import-${language}.png`), fullPage: true });
    });
  }
});
