import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Journey } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createJourneyFixture, nextSequence } from '../../seed/factories.ts';
import { cancellationTermsOfJourney } from './journeys.service.ts';

describe('journeys: own cancellation and payment terms (docs/adr/0017)', () => {
  let t: TestApp;
  let office = '';

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
  });
  afterAll(() => t.close());

  const patch = (id: number, payload: Record<string, unknown>) =>
    call(t.app, office, { method: 'PATCH', url: `/journey-lit/${id}`, payload });

  it('stores, answers, copies and clears the terms; without them the settings apply', async () => {
    const journey = await createJourneyFixture(t.ctx, nextSequence());
    const fresh = await call(t.app, office, { method: 'GET', url: `/journey-lit/${journey.id}` });
    expect(fresh.json<Journey>()).toMatchObject({ cancellation_terms: null, payment_terms: null });
    const defaults = await cancellationTermsOfJourney(t.ctx, journey.id);
    expect(defaults[0]).toEqual({ daysBefore: 45, percent: 10 });

    const terms = [
      { daysBefore: 60, percent: 5 },
      { daysBefore: 0, percent: 80 },
    ];
    const payment = { depositPercent: 30, depositDays: 7, balanceDaysBefore: 21 };
    const saved = await patch(journey.id, { cancellation_terms: terms, payment_terms: payment });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Journey>()).toMatchObject({ cancellation_terms: terms, payment_terms: payment });
    expect(await cancellationTermsOfJourney(t.ctx, journey.id)).toEqual(terms);

    const copy = await call(t.app, office, { method: 'POST', url: `/journey-lit/${journey.id}/copy`, payload: {} });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json<Journey>()).toMatchObject({ cancellation_terms: terms, payment_terms: payment });

    // another field alone keeps them; null or an empty list gives the settings back
    expect((await patch(journey.id, { subtitle: 'Neu' })).json<Journey>().cancellation_terms).toEqual(terms);
    const cleared = await patch(journey.id, { cancellation_terms: [], payment_terms: null });
    expect(cleared.json<Journey>()).toMatchObject({ cancellation_terms: null, payment_terms: null });
    expect(await cancellationTermsOfJourney(t.ctx, journey.id)).toEqual(defaults);
  });

  it('refuses bad terms with 400 at the field and stores nothing', async () => {
    const journey = await createJourneyFixture(t.ctx, nextSequence());
    const keys = async (payload: Record<string, unknown>) => {
      const response = await patch(journey.id, payload);
      expect(response.statusCode).toBe(400);
      return response.json().errors.map((error: { field: string; key: string }) => `${error.field} ${error.key}`);
    };
    expect(await keys({ cancellation_terms: [{ daysBefore: 30, percent: 120 }] })).toEqual([
      'cancellation_terms.0.percent error.invalid',
    ]);
    expect(
      await keys({
        cancellation_terms: [
          { daysBefore: 30, percent: 10 },
          { daysBefore: 30, percent: 20 },
        ],
      }),
    ).toEqual(['cancellation_terms.1.daysBefore error.invalid']);
    expect(await keys({ payment_terms: { depositPercent: -1, depositDays: 7, balanceDaysBefore: 21 } })).toEqual([
      'payment_terms.depositPercent error.number',
    ]);
    const stored = await call(t.app, office, { method: 'GET', url: `/journey-lit/${journey.id}` });
    expect(stored.json<Journey>()).toMatchObject({ cancellation_terms: null, payment_terms: null });
  });
});
