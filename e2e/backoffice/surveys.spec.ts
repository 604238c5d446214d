import { expect, test, type APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { apiToken, loginAs } from '../support/session.ts';

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await apiToken(request, 'admin@example.com');
  const response = await request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

type Row = { id: number; title: string; type?: string; steps?: number[]; choices?: unknown[] };

test('admin creates a choice question with a preview and a survey with it', async ({ page, request }) => {
  const tag = `s${Date.now() % 1_000_000}`;
  await loginAs(page, 'admin@example.com');
  await page.goto('/survey/questions/create');
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill(`Wie war das Hotel ${tag}?`);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Single choice' }).click();
  // Only the inputs of the chosen type are shown.
  await expect(page.getByRole('spinbutton', { name: 'Minimum' })).toHaveCount(0);
  for (const [text, value] of [
    ['Sehr gut', 'good'],
    ['Schlecht', 'bad'],
  ] as const) {
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('textbox', { name: 'Text', exact: true }).last().fill(text);
    await page.getByRole('textbox', { name: 'Value', exact: true }).last().fill(value);
  }
  const preview = page.getByRole('region', { name: 'Preview in the app' });
  await expect(preview.getByRole('radio', { name: 'Sehr gut' })).toBeVisible();
  await expect(preview.getByText(`Wie war das Hotel ${tag}? *`)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Question Wie war das Hotel ${tag}? saved`)).toBeVisible();
  const questions = await api<{ data: Row[] }>(request, `/survey/questions?lit-search=${tag}`);
  expect(questions.data).toEqual([
    expect.objectContaining({
      type: 'choice',
      choices: [
        { text: 'Sehr gut', value: 'good' },
        { text: 'Schlecht', value: 'bad' },
      ],
    }),
  ]);
  const question = questions.data[0]!;

  await page.goto('/survey/surveys/create');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Hotelumfrage ${tag}`);
  await page.getByRole('combobox', { name: 'Question to add' }).click();
  await page.getByRole('option', { name: 'Wie zufrieden waren Sie mit der Reise insgesamt?' }).click();
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('combobox', { name: 'Question to add' }).click();
  await page.getByRole('option', { name: `Wie war das Hotel ${tag}?` }).click();
  await page.getByRole('button', { name: 'Add question' }).click();
  // Reorder with the keyboard buttons: the new question first.
  await page.getByRole('button', { name: `Move Wie war das Hotel ${tag}? up` }).click();
  await expect(page.getByTestId('survey-steps').getByRole('listitem').first()).toContainText(
    `Wie war das Hotel ${tag}?`,
  );
  expect(await seriousViolations(page, 'survey form')).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Survey Hotelumfrage ${tag} saved`)).toBeVisible();
  const surveys = await api<{ data: Row[] }>(request, `/survey/surveys?lit-search=${tag}`);
  expect(surveys.data[0]!.steps![0]).toBe(question.id);
  expect(surveys.data[0]!.steps).toHaveLength(2);
});

test('the demo survey shows its results with charts and exports them', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  await page.goto('/survey/surveys');
  const row = page.locator('tbody tr').filter({ hasText: 'Feedback zur Reise' });
  await row.getByRole('link', { name: 'Results' }).click();
  await expect(page.getByRole('heading', { name: 'Results: Feedback zur Reise', level: 1 })).toBeVisible();
  await expect(page.getByText('Answers received')).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'Chart of the answers to Wie zufrieden waren Sie mit der Reise insgesamt?' }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'Chart of the answers to Wie war der Busfahrer?' }).locator('svg').first(),
  ).toBeVisible();
  await expect(page.getByText('Das Hotel war hervorragend, gerne wieder!')).toBeVisible();
  expect(await seriousViolations(page, 'survey results')).toEqual([]);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^survey-\d+\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString('utf8');
  expect(csv).toContain('Submitted at;Traveller;Booking number;Wie zufrieden waren Sie mit der Reise insgesamt?');
  expect(csv.trimEnd().split('\r\n')).toHaveLength(13);
});

test.describe('screenshots', () => {
  for (const language of ['de', 'en'] as const) {
    test(`survey screens, ${language}, dark`, async ({ page, context }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
      await loginAs(page, 'admin@example.com');
      await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
      await page.goto('/survey/surveys');
      await expect(page.getByText('Feedback zur Reise').first()).toBeVisible();
      await page.screenshot({ path: `/tmp/h-survey-surveys-${language}.png`, fullPage: true });
      await page.getByText('Feedback zur Reise').first().click();
      await expect(page.getByTestId('survey-steps').getByRole('listitem')).toHaveCount(5);
      expect(await seriousViolations(page, 'survey edit')).toEqual([]);
      await page.screenshot({ path: `/tmp/h-survey-survey-edit-${language}.png`, fullPage: true });
      await page.getByRole('link', { name: /Results|Ergebnisse/ }).click();
      await expect(page.getByTestId('survey-chart').first()).toBeVisible();
      await page.screenshot({ path: `/tmp/h-survey-results-${language}.png`, fullPage: true });
      const resultsUrl = page.url();
      await page.goto('/survey/questions');
      await page.getByText('Wie zufrieden waren Sie mit der Reise insgesamt?').first().click();
      await expect(page.getByRole('slider').or(page.getByRole('radio')).first()).toBeVisible();
      expect(await seriousViolations(page, 'question edit')).toEqual([]);
      await page.screenshot({ path: `/tmp/h-survey-question-${language}.png`, fullPage: true });
      await page.goto('/survey/intros');
      await page.getByText('Willkommen zur Reisebewertung').first().click();
      await expect(page.getByText('2 Minuten')).toBeVisible();
      await page.screenshot({ path: `/tmp/h-survey-intro-${language}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(resultsUrl);
      await expect(page.getByTestId('survey-chart').first()).toBeVisible();
      expect(await seriousViolations(page, 'survey results phone')).toEqual([]);
      await page.screenshot({ path: `/tmp/h-survey-results-phone-${language}.png`, fullPage: true });
    });
  }
});
