import type { Survey, SurveyResults } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helpers.ts';

/** The demo survey (seed/demo-surveys.ts): its results screen is not empty and its CSV names the travellers. */
describe('demo survey', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('has five steps and a dozen answers', async () => {
    const list = await call(t.app, 'admin', { method: 'GET', url: '/survey/surveys?lit-search=Feedback' });
    const survey = list.json().data[0] as Survey;
    expect(survey).toMatchObject({ title: 'Feedback zur Reise', responses: 12, active: true });
    expect(survey.steps).toHaveLength(5);
    const results = (
      await call(t.app, 'admin', { method: 'GET', url: `/survey/surveys/${survey.id}/results` })
    ).json<SurveyResults>();
    expect(results.responses).toBe(12);
    expect(results.questions.map((q) => q.type)).toEqual(['scale', 'choice', 'multichoice', 'yesno', 'text']);
    expect(results.questions[0]!.histogram.reduce((sum, bar) => sum + bar.count, 0)).toBe(12);
    expect(results.questions[4]!.texts).toHaveLength(6);
    const csv = await call(t.app, 'admin', { method: 'GET', url: `/survey/surveys/${survey.id}/export.csv` });
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(13);
    expect(csv.body).toContain(';anonym;');
  });
});
