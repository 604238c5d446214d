import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { callApi, getJourney } from '../support/journeys.ts';
import { loginAs } from '../support/session.ts';

type JourneyList = { data: Array<{ id: number; title: string }> };

const visible = (page: Page, label: RegExp, index = 0) => page.getByLabel(label).filter({ visible: true }).nth(index);

test('office gives a trip its own cancellation and payment terms', async ({ page, request }) => {
  const { data } = await callApi<JourneyList>(request, 'admin@example.com', 'GET', '/journey-lit?$limit=1');
  const journey = data[0]!;
  await loginAs(page, 'office@example.com');
  await page.goto(`/internet/journeys/${journey.id}`);
  await page.getByRole('tab', { name: 'Cancellation & payment' }).click();
  await expect(page.getByText('Empty: the cancellation terms of the settings apply.')).toBeVisible();

  const add = page.locator('.ra-input-cancellation_terms').getByRole('button', { name: 'Add' }).last();
  await add.click();
  await visible(page, /^from days before departure/, 0).fill('60');
  await visible(page, /^Fee in %/, 0).fill('5');
  await add.click();
  await visible(page, /^from days before departure/, 1).fill('0');
  await visible(page, /^Fee in %/, 1).fill('80');
  await visible(page, /^Deposit in %/).fill('30');
  await visible(page, /^Deposit due after days/).fill('7');
  await visible(page, /^Balance days before departure/).fill('21');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Trip ${journey.title} saved`)).toBeVisible();

  const saved = await getJourney(request, journey.id);
  expect(saved.cancellation_terms).toEqual([
    { daysBefore: 60, percent: 5 },
    { daysBefore: 0, percent: 80 },
  ]);
  expect(saved.payment_terms).toEqual({ depositPercent: 30, depositDays: 7, balanceDaysBefore: 21 });
});

test.describe('screenshots', () => {
  for (const language of ['de', 'en'] as const) {
    test(`journey terms tab, ${language}, dark, phone width`, async ({ page, context, request }) => {
      const { data } = await callApi<JourneyList>(request, 'admin@example.com', 'GET', '/journey-lit?$limit=1');
      await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
      await loginAs(page, 'office@example.com');
      await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/internet/journeys/${data[0]!.id}`);
      await page.getByRole('tab', { name: language === 'de' ? 'Storno & Zahlung' : 'Cancellation & payment' }).click();
      await expect(page.getByRole('heading', { name: /Stornobedingungen|Cancellation terms/ })).toBeVisible();
      await page.screenshot({ path: `/tmp/h-cancel-journey-terms-${language}.png`, fullPage: true });
      expect(await seriousViolations(page, `journey terms ${language}`)).toEqual([]);
    });
  }
});
