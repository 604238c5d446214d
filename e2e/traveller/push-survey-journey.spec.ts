import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { phoneWithPush, receivedPushes } from '../support/fake-push.ts';
import { coachOnTheRoad, ROAD_PASSWORD } from '../support/road.ts';
import { apiToken, loginAs, serviceWorkerInControl } from '../support/session.ts';

/**
 * Issue #16 from end to end: a traveller's phone subscribes to pushes; the office writes a message with a survey to
 * the travellers of that one coach and sends it; the push service receives it encrypted and the phone decrypts it;
 * the tap opens the message, the traveller answers its survey, and the office reads the answer in the results.
 * The push service is the local one of support/serve-with-smtp.ts (Chromium cannot reach Google's here).
 */
const PHONE = { width: 390, height: 844 };

async function adminApi<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: object) {
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin@example.com')}` };
  const response = await request.fetch(`/api/v1${path}`, { method, headers, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A one-question survey the office attaches to the message. */
async function surveyOf(request: APIRequestContext, tag: string) {
  const question = await adminApi<{ id: number }>(request, 'POST', '/survey/questions', {
    title: `Hat Ihnen die Pause gefallen? ${tag}`,
    type: 'yesno',
    positive_answer: 'Ja, sehr',
    negative_answer: 'Nein',
  });
  return adminApi<{ id: number; title: string }>(request, 'POST', '/survey/surveys', {
    title: `Pausenumfrage ${tag}`,
    steps: [question.id],
  });
}

async function pickCoach(page: Page, title: string) {
  await page.getByRole('combobox', { name: 'Search journey' }).fill(title);
  await page.getByRole('option', { name: title }).click();
  await page.getByRole('combobox', { name: 'Departure' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: 'Choose coach' }).click();
  await page.getByRole('option').first().click();
}

test('a message with a survey reaches the phones of one coach, and its answer reaches the results', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = `pj${Date.now() % 1_000_000}`;
  const coach = await coachOnTheRoad(request, tag);
  const survey = await surveyOf(request, tag);

  // The traveller switches notifications on in the app.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'de-DE' });
  await phone.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  const subscription = await phoneWithPush(phone);
  const traveller = await phone.newPage();
  await loginAs(traveller, coach.travellerEmail, ROAD_PASSWORD);
  await traveller.goto('/appuser/notifications');
  await serviceWorkerInControl(traveller);
  await traveller.getByRole('button', { name: 'Aktivieren' }).click();
  await expect(traveller.getByRole('heading', { name: 'Benachrichtigungen aktivieren' })).toHaveCount(0);

  // The office writes to the travellers of that coach, with the survey, and sees the phone counted.
  await loginAs(page, 'admin@example.com');
  await page.goto('/app/pushnotifications/create');
  const title = `Pause in Würzburg ${tag}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Short text' }).fill('30 Minuten, Abfahrt 14:30 Uhr');
  await page.getByRole('radio', { name: 'One coach' }).check();
  await pickCoach(page, coach.title);
  await page.getByRole('combobox', { name: 'Surveys' }).fill(survey.title);
  await page.getByRole('option', { name: survey.title }).click();
  // The chosen survey shows as a chip; the saved draft shows it again (a message saved without it has no link).
  const surveyChip = page.getByRole('button', { name: survey.title });
  await expect(surveyChip).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Reaches 1 traveller on 1 device' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/app\/pushnotifications\/\d+$/);
  await expect(surveyChip).toBeVisible();
  const messageId = Number(/(\d+)$/.exec(page.url())![1]);
  await page.getByRole('button', { name: 'Send now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Message sent')).toBeVisible();

  // The push service got it, VAPID-signed and encrypted for this phone, which decrypts it.
  let push: Awaited<ReturnType<typeof receivedPushes>>[number] | undefined;
  await expect
    .poll(
      async () => {
        push = (await receivedPushes()).find((row) => row.endpoint === subscription.endpoint);
        return push?.payload.title;
      },
      { timeout: 20_000 },
    )
    .toBe(title);
  expect(push!.payload.body).toBe('30 Minuten, Abfahrt 14:30 Uhr');
  expect(push!.payload.url).toMatch(/^\/appuser\/notifications\/\d+$/);

  // A tap on the notification opens the message (the service worker adds ?opened=1); it leads to the survey.
  await traveller.goto(`${push!.payload.url}?opened=1`);
  await expect(traveller.getByRole('heading', { name: title })).toBeVisible();
  await traveller.getByRole('link', { name: `Umfrage: ${survey.title}` }).click();
  await traveller.getByRole('button', { name: 'Umfrage starten' }).click();
  await traveller.getByRole('button', { name: 'Ja, sehr' }).click();
  await traveller.getByRole('button', { name: 'Absenden' }).click();
  await expect(traveller.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible();
  await phone.close();

  // The office reads the answer in the results and the message's figures.
  await page.goto(`/survey/surveys/${survey.id}/show`);
  await expect(page.getByText('Answers received')).toBeVisible();
  await expect(page.getByText('Ja, sehr').first()).toBeVisible();
  const sent = await adminApi<object>(request, 'GET', `/app/pushnotifications/${messageId}`);
  expect(sent).toMatchObject({ status: 'sent', receivers: 1, opened: 1, deliveries: { sent: 1 } });
});
