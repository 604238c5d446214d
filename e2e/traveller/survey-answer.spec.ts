import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { phoneContext } from '../support/phone.ts';
import { apiToken } from '../support/session.ts';

/**
 * The traveller answers the feedback survey of a past trip on the phone (issue #16): from the past journey's
 * "Reise bewerten" through the intro and one question per step to the completion; opened again it says the
 * traveller already took part. The demo survey "Ihre Meinung zur Bodensee-Reise" belongs to the demo traveller's
 * past trip at Lake Constance (seed/demo-survey-answers.ts).
 */
const TRAVELLER = 'traveller@example.com';
const SURVEY_TITLE = 'Ihre Meinung zur Bodensee-Reise';
const SHOTS = '.tmp/screenshots/traveller';

type MySurvey = {
  id_survey_survey: number;
  title: string;
  answered: boolean;
  source: { kind: string; id_booking?: number };
};

async function demoSurvey(request: APIRequestContext, token: string) {
  const response = await request.get('/api/v1/app/my-surveys', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const survey = ((await response.json()) as MySurvey[]).find((row) => row.title === SURVEY_TITLE);
  expect(survey?.source.kind).toBe('trip');
  return { surveyId: survey!.id_survey_survey, bookingId: survey!.source.id_booking!, answered: survey!.answered };
}

/** Waits until transitions (a button turning "pressed") are over, so screenshots show the state at rest. */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

test.describe.configure({ mode: 'serial' });

test('the survey in English and dark, without answering: intro, questions, the required message', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request, TRAVELLER);
  const { surveyId, bookingId } = await demoSurvey(request, token);
  const context = await phoneContext(browser, { token, language: 'en', theme: 'dark' });
  const page = await context.newPage();
  await page.goto(`/appuser/survey/${surveyId}?booking=${bookingId}`);
  await expect(page.getByRole('heading', { name: 'Wie war Ihre Reise an den Bodensee?' })).toBeVisible();
  await expect(page.getByText('6 questions')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/survey-intro-en-dark.png`, fullPage: true });
  await page.getByRole('button', { name: 'Umfrage starten' }).click();
  await expect(page.getByText('Question 1 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please answer this question.');
  await page.screenshot({ path: `${SHOTS}/survey-required-en-dark.png`, fullPage: true });
  expect(await seriousViolations(page, 'survey question en dark')).toEqual([]);
  await page
    .locator('label')
    .filter({ hasText: /^5 stars$/ })
    .click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 2 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Ja, gern' }).click();
  await expect(page.getByRole('button', { name: 'Ja, gern' })).toHaveAttribute('aria-pressed', 'true');
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/survey-yesno-en-dark.png`, fullPage: true });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 5 of 6')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/survey-slider-en-dark.png`, fullPage: true });
  await context.close();
  expect((await demoSurvey(request, token)).answered).toBe(false);
});

test('the demo traveller rates the past trip, sees the completion, and opening it again says so', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request, TRAVELLER);
  const { surveyId, bookingId } = await demoSurvey(request, token);
  const context = await phoneContext(browser, { token });
  const page = await context.newPage();

  await page.goto(`/appuser/historyjourneys/${bookingId}`);
  const card = page.getByRole('region', { name: 'Reise bewerten' });
  await expect(card).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/survey-card-de.png`, fullPage: true });
  await card.getByRole('link', { name: 'Jetzt bewerten' }).click();
  await expect(page).toHaveURL(new RegExp(`/appuser/survey/${surveyId}\\?booking=${bookingId}$`));
  await expect(page.getByRole('heading', { name: 'Wie war Ihre Reise an den Bodensee?' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/survey-intro-de.png`, fullPage: true });
  await page.getByRole('button', { name: 'Umfrage starten' }).click();

  // 1: stars, required — "Weiter" says so first.
  await expect(page.getByText('Frage 1 von 6')).toBeVisible();
  await expect(
    page.getByRole('group', { name: /Wie hat Ihnen die Reise an den Bodensee insgesamt gefallen/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte beantworten Sie diese Frage.');
  await page.screenshot({ path: `${SHOTS}/survey-required-de.png`, fullPage: true });
  await page
    .locator('label')
    .filter({ hasText: /^4 Sterne$/ })
    .click();
  await expect(page.getByRole('radio', { name: '4 Sterne' })).toBeChecked();
  await page.getByRole('button', { name: 'Weiter' }).click();

  // 2: yes or no, two big buttons.
  await expect(page.getByText('Frage 2 von 6')).toBeVisible();
  await page.getByRole('button', { name: 'Ja, gern' }).click();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/survey-yesno-de.png`, fullPage: true });
  await page.getByRole('button', { name: 'Weiter' }).click();

  // 3: one choice; back and forth keeps the answers.
  await expect(page.getByText('Frage 3 von 6')).toBeVisible();
  await page.getByRole('radio', { name: 'Gut', exact: true }).check();
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page.getByRole('button', { name: 'Ja, gern' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('radio', { name: 'Gut', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Weiter' }).click();

  // 4: several choices.
  await expect(page.getByText('Frage 4 von 6')).toBeVisible();
  await expect(page.getByText('Mehrere Antworten möglich')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Blumeninsel Mainau' }).check();
  await page.getByRole('checkbox', { name: 'Die Busfahrt' }).check();
  await page.screenshot({ path: `${SHOTS}/survey-multichoice-de.png`, fullPage: true });
  await page.getByRole('button', { name: 'Weiter' }).click();

  // 5: a slider, with the keyboard.
  await expect(page.getByText('Frage 5 von 6')).toBeVisible();
  const slider = page.getByRole('slider', { name: /Wie bewerten Sie unseren Busfahrer/ });
  await slider.focus();
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '9');
  await page.screenshot({ path: `${SHOTS}/survey-slider-de.png`, fullPage: true });
  await page.getByRole('button', { name: 'Weiter' }).click();

  // 6: a paragraph, then send.
  await expect(page.getByText('Frage 6 von 6')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Möchten Sie uns noch etwas mitteilen?' })
    .fill('Alles wunderbar organisiert.');
  await page.getByRole('button', { name: 'Absenden' }).click();

  await expect(page.getByRole('heading', { name: 'Herzlichen Dank!' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/survey-completion-de.png`, fullPage: true });
  expect((await demoSurvey(request, token)).answered).toBe(true);

  await page.goto(`/appuser/survey/${surveyId}?booking=${bookingId}`);
  await expect(page.getByRole('heading', { name: 'Danke, Sie haben bereits teilgenommen' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/survey-already-de.png`, fullPage: true });
  await page.getByRole('link', { name: 'Fertig' }).click();
  await expect(page).toHaveURL(new RegExp(`/appuser/historyjourneys/${bookingId}$`));
  await expect(page.getByRole('heading', { name: 'Herbstfarben am Bodensee' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reise bewerten' })).toHaveCount(0);
  await context.close();
});
