import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MySurvey, SurveyToAnswer, TripSummary } from '@tourdesk/contracts';
import { seedCatalogueReferences } from '../src/seed/catalogue-factories.ts';
import { DEMO_ANSWER_SURVEY_TITLE, seedDemoSurveyAnswers } from '../src/seed/demo-survey-answers.ts';
import { seedDemoTravellerTrips } from '../src/seed/demo-traveller-trips.ts';
import { createUserFixture, DEMO_PASSWORD } from '../src/seed/factories.ts';
import { roleIdByName } from '../src/features/roles/roles.service.ts';
import { buildTestApp, call, type TestApp } from './helpers.ts';

/** The demo traveller's feedback survey (issue #16): open on the past trip at Lake Constance, not yet answered. */
describe('demo survey answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    await seedCatalogueReferences(t.ctx);
    await createUserFixture(t.ctx, 'app', {
      email: 'traveller@example.com',
      firstname: 'Thomas',
      lastname: 'Müller',
      role: await roleIdByName(t.ctx, 'traveller'),
      password: DEMO_PASSWORD,
    });
    await seedDemoTravellerTrips(t.ctx);
    await seedDemoSurveyAnswers(t.ctx);
  });
  afterAll(() => t.close());

  it('offers traveller@example.com the feedback survey of the past trip', async () => {
    const past = await call(t.app, 'traveller', { method: 'GET', url: '/users-vorgaenge-app?show_inactive=1' });
    const [trip] = past.json<TripSummary[]>();
    const mine = await call(t.app, 'traveller', { method: 'GET', url: '/app/my-surveys' });
    expect(mine.statusCode, mine.body).toBe(200);
    const survey = mine.json<MySurvey[]>().find((row) => row.title === DEMO_ANSWER_SURVEY_TITLE);
    expect(survey).toMatchObject({ answered: false, active: true, source: { kind: 'trip', id_booking: trip!.id } });
    const shown = await call(t.app, 'traveller', { method: 'GET', url: `/app/surveys/${survey!.id_survey_survey}` });
    const body = shown.json<SurveyToAnswer>();
    expect(body.steps.map((step) => step.question.type)).toEqual([
      'scale',
      'yesno',
      'choice',
      'multichoice',
      'scale',
      'text',
    ]);
    expect(body.intro).toMatchObject({ button_text: 'Umfrage starten' });
  });
});
