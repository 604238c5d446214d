import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Journey } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createJourneyFixture, nextSequence } from '../../seed/factories.ts';
import { createSurveyFixture } from '../../seed/survey-fixtures.repository.ts';

describe('journeys: the feedback survey (issue #16)', () => {
  let t: TestApp;
  let office = '';

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
  });
  afterAll(() => t.close());

  const patch = (id: number, payload: Record<string, unknown>) =>
    call(t.app, office, { method: 'PATCH', url: `/journey-lit/${id}`, payload });

  it('stores, answers, copies and clears the feedback survey; an unknown survey is 400 at the field', async () => {
    const journey = await createJourneyFixture(t.ctx, nextSequence());
    const survey = await createSurveyFixture(t.ctx, { title: 'Feedback Testreise', questions: [] });
    const fresh = await call(t.app, office, { method: 'GET', url: `/journey-lit/${journey.id}` });
    expect(fresh.json<Journey>()).toMatchObject({ id_survey_survey: null });

    const saved = await patch(journey.id, { id_survey_survey: survey.id });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Journey>()).toMatchObject({ id_survey_survey: survey.id });
    const read = await call(t.app, office, { method: 'GET', url: `/journey-lit/${journey.id}` });
    expect(read.json<Journey>()).toMatchObject({ id_survey_survey: survey.id });

    const copy = await call(t.app, office, { method: 'POST', url: `/journey-lit/${journey.id}/copy`, payload: {} });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json<Journey>()).toMatchObject({ id_survey_survey: survey.id });

    const unknown = await patch(journey.id, { id_survey_survey: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: [{ field: 'id_survey_survey', key: 'error.invalid' }] });
    const wrongType = await patch(journey.id, { id_survey_survey: 'x' });
    expect(wrongType.json()).toMatchObject({ errors: [{ field: 'id_survey_survey', key: 'error.invalid' }] });

    const cleared = await patch(journey.id, { id_survey_survey: null });
    expect(cleared.json<Journey>()).toMatchObject({ id_survey_survey: null });
    const created = await call(t.app, office, {
      method: 'POST',
      url: '/journey-lit',
      payload: { title: 'Neue Reise mit Umfrage', id_survey_survey: survey.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Journey>()).toMatchObject({ id_survey_survey: survey.id });
  });
});
