import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingStatus, MySurvey, SurveyToAnswer } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { insertTestBooking } from '../../../test/departure-bookings.ts';
import { createDepartureFixture } from '../../seed/departure-factories.ts';
import { nextSequence } from '../../seed/factories.ts';
import { createSurveyFixture, type SurveyQuestionFixture } from '../../seed/survey-fixtures.repository.ts';
import { berlinToday, linkTraveller } from '../traveller-trips/traveller-trips.service.ts';

/** The traveller answering surveys (issue #16, docs/adr/0023 "Surveys"). */

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const ALL_TYPES: SurveyQuestionFixture[] = [
  {
    title: 'Wie hat Ihnen die Reise gefallen?',
    type: 'scale',
    answer_format: 'stars',
    min_value: 1,
    max_value: 5,
    required: true,
  },
  {
    title: 'Würden Sie wieder mit uns reisen?',
    type: 'yesno',
    positive_answer: 'Gern',
    negative_answer: 'Eher nicht',
    required: true,
  },
  { title: 'Wie viele Personen reisten mit?', type: 'number', answer_format: 'integer', min_value: 0, max_value: 10 },
  { title: 'Wann möchten Sie wieder verreisen?', type: 'date', min_date: '2026-01-01', max_date: '2030-12-31' },
  {
    title: 'Wie sind Sie auf uns aufmerksam geworden?',
    type: 'choice',
    answer_format: 'radio',
    choices: [
      { text: 'Katalog', value: 'catalogue' },
      { text: 'Internet', value: 'web' },
    ],
  },
  {
    title: 'Was hat Ihnen gefallen?',
    type: 'multichoice',
    choices: [
      { text: 'Hotel', value: 'hotel' },
      { text: 'Bus', value: 'bus' },
      { text: 'Ausflüge', value: 'trips' },
    ],
  },
  { title: 'Ihre E-Mail für Rückfragen', type: 'text', answer_format: 'email' },
  { title: 'Was möchten Sie uns sagen?', type: 'text', answer_format: 'paragraph' },
  {
    title: 'Wie zufrieden waren Sie mit dem Fahrer?',
    type: 'scale',
    answer_format: 'slider',
    min_value: 0,
    max_value: 10,
    step: 2,
  },
];

describe('survey answers', () => {
  let t: TestApp;
  const as = { traveller: '', other: '', office: '', admin: '' };
  const ids = { traveller: 0, other: 0 };
  /** survey ids by how they reach the traveller */
  const survey = { inbox: 0, trip: 0, future: 0, cancelled: 0, foreign: 0, closed: 0, concurrent: 0 };
  let questions: number[] = [];
  let pastBooking = 0;
  let inboxId = 0;
  let pushId = 0;

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  /** A departure (its journey with `surveyId` as feedback survey) and a booking of the traveller on it. */
  const tripWith = async (surveyId: number, firstDate: string, status: BookingStatus, user: number) => {
    const departure = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate } });
    await t.ctx.db
      .updateTable('jrn_journey')
      .set({ id_survey_survey: surveyId })
      .where('id_jrn_journey', '=', departure.journey.id)
      .execute();
    const booking = await insertTestBooking(t.ctx, {
      nr: departure.nr,
      status,
      participants: [{ name: 'Kühn', name1: 'Jörg' }],
    });
    await linkTraveller(t.ctx, { userId: user, bookingId: booking.id, relation: 'booker', status: 'confirmed' });
    return booking.id;
  };

  /** A sent message with `surveyId` attached, in `user`'s inbox. */
  const inboxWith = async (surveyId: number, user: number) => {
    const message = await t.ctx.db
      .insertInto('push_notification')
      .values({ title: 'Ihre Meinung zählt', status: 'sent', sent_at: new Date().toISOString() })
      .returning('id_pushnotifications')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('push_notification_survey')
      .values({ id_pushnotifications: message.id_pushnotifications, id_survey_survey: surveyId })
      .execute();
    const row = await t.ctx.db
      .insertInto('user_notification')
      .values({ id_pushnotifications: message.id_pushnotifications, id_user: user })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { inboxId: row.id, pushId: message.id_pushnotifications };
  };

  const simple = (title: string, active = true) =>
    createSurveyFixture(t.ctx, {
      title,
      active,
      questions: [{ title: 'Wie war es?', type: 'scale', answer_format: 'stars', required: true }],
    });

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    as.traveller = await createLogin(t.ctx, 'traveller');
    as.other = await createLogin(t.ctx, 'traveller');
    as.office = await createLogin(t.ctx, 'office');
    as.admin = await createLogin(t.ctx, 'admin');
    ids.traveller = await userId(as.traveller);
    ids.other = await userId(as.other);
    const today = berlinToday();

    const full = await createSurveyFixture(t.ctx, {
      title: 'Rückblick Gardasee',
      description: 'Fünf Minuten für uns',
      intro: { title: 'Willkommen', text: 'Erzählen Sie uns von Ihrer Reise.', button_text: 'Los geht’s' },
      completion: { title: 'Vielen Dank', text: 'Ihre Antworten helfen uns.' },
      questions: ALL_TYPES,
    });
    survey.trip = full.id;
    questions = full.questionIds;
    survey.inbox = (await simple('Umfrage aus der Nachricht')).id;
    survey.future = (await simple('Noch nicht gereist')).id;
    survey.cancelled = (await simple('Storniert')).id;
    survey.foreign = (await simple('Nachricht an andere')).id;
    survey.closed = (await simple('Geschlossen', false)).id;
    survey.concurrent = (await simple('Gleichzeitig')).id;

    pastBooking = await tripWith(survey.trip, addDays(today, -30), 'firm', ids.traveller);
    await tripWith(survey.future, addDays(today, 20), 'firm', ids.traveller);
    await tripWith(survey.cancelled, addDays(today, -30), 'cancelled', ids.traveller);
    await tripWith(survey.closed, addDays(today, -30), 'option', ids.traveller);
    await tripWith(survey.concurrent, addDays(today, -30), 'processing', ids.traveller);
    ({ inboxId, pushId } = await inboxWith(survey.inbox, ids.traveller));
    await inboxWith(survey.foreign, ids.other);
  });
  afterAll(() => t.close());

  const get = (login: string, id: number) => call(t.app, login, { method: 'GET', url: `/app/surveys/${id}` });
  const post = (login: string, id: number, payload: object) =>
    call(t.app, login, { method: 'POST', url: `/app/surveys/${id}/responses`, payload });

  describe('who may answer', () => {
    it('shows the survey of a finished trip with its intro, steps in order and completion', async () => {
      const response = await get(as.traveller, survey.trip);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<SurveyToAnswer>();
      expect(body).toMatchObject({
        id_survey_survey: survey.trip,
        title: 'Rückblick Gardasee',
        description: 'Fünf Minuten für uns',
        active: true,
        intro: { title: 'Willkommen', text: 'Erzählen Sie uns von Ihrer Reise.', button_text: 'Los geht’s' },
        completion: { title: 'Vielen Dank', text: 'Ihre Antworten helfen uns.' },
        answered: false,
        submittedAt: null,
      });
      expect(body.steps.map((step) => step.question.id_survey_questions)).toEqual(questions);
      expect(body.steps[0]!.question).toMatchObject({
        type: 'scale',
        answer_format: 'stars',
        required: true,
        min_value: 1,
      });
      expect(body.steps[1]!.question).toMatchObject({ positive_answer: 'Gern', negative_answer: 'Eher nicht' });
      expect(body.steps[3]!.question).toMatchObject({
        min_date: '2026-01-01',
        max_date: '2030-12-31',
        required: false,
      });
      expect(body.steps[5]!.question.choices).toEqual([
        { text: 'Hotel', value: 'hotel' },
        { text: 'Bus', value: 'bus' },
        { text: 'Ausflüge', value: 'trips' },
      ]);
    });

    it('shows a survey attached to a message in the inbox', async () => {
      const response = await get(as.traveller, survey.inbox);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ title: 'Umfrage aus der Nachricht', intro: null, completion: null });
    });

    it('is 404 for a trip not yet over, a cancelled booking, somebody else’s inbox and an unknown survey', async () => {
      for (const id of [survey.future, survey.cancelled, survey.foreign, 999_999]) {
        expect((await get(as.traveller, id)).statusCode, String(id)).toBe(404);
        expect((await post(as.traveller, id, { answers: [] })).statusCode, String(id)).toBe(404);
      }
      expect((await get(as.other, survey.trip)).statusCode).toBe(404);
    });

    it('is 403 for staff without the traveller’s rights and 404 for an admin the survey did not reach', async () => {
      expect((await get(as.office, survey.trip)).statusCode).toBe(403);
      expect((await post(as.office, survey.trip, { answers: [] })).statusCode).toBe(403);
      expect((await call(t.app, as.office, { method: 'GET', url: '/app/my-surveys' })).statusCode).toBe(403);
      expect((await get(as.admin, survey.trip)).statusCode).toBe(404);
      expect((await call(t.app, null, { method: 'GET', url: '/app/my-surveys' })).statusCode).toBe(401);
    });

    it('lists the surveys that reached the traveller with where they come from', async () => {
      const response = await call(t.app, as.traveller, { method: 'GET', url: '/app/my-surveys' });
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json<MySurvey[]>();
      expect(rows.map((row) => row.id_survey_survey).sort()).toEqual(
        [survey.inbox, survey.trip, survey.closed, survey.concurrent].sort(),
      );
      expect(rows.find((row) => row.id_survey_survey === survey.inbox)).toMatchObject({
        answered: false,
        source: {
          kind: 'notification',
          id_notification: inboxId,
          id_pushnotifications: pushId,
          title: 'Ihre Meinung zählt',
        },
      });
      expect(rows.find((row) => row.id_survey_survey === survey.trip)).toMatchObject({
        title: 'Rückblick Gardasee',
        active: true,
        source: { kind: 'trip', id_booking: pastBooking },
      });
      expect(rows.find((row) => row.id_survey_survey === survey.closed)).toMatchObject({ active: false });
    });
  });

  describe('the rules', () => {
    const q = (i: number) => questions[i]!;
    const valid = () => [
      { id_survey_questions: q(0), value: 4 },
      { id_survey_questions: q(1), value: true },
      { id_survey_questions: q(2), value: 2 },
      { id_survey_questions: q(3), value: '2027-05-01' },
      { id_survey_questions: q(4), value: 'web' },
      { id_survey_questions: q(5), value: ['hotel', 'trips'] },
      { id_survey_questions: q(6), value: 'jörg@example.org' },
      { id_survey_questions: q(7), value: 'Alles bestens.' },
      { id_survey_questions: q(8), value: 8 },
    ];
    const errorsOf = async (answers: object[]) => {
      const response = await post(as.traveller, survey.trip, { answers });
      expect(response.statusCode, response.body).toBe(400);
      return Object.fromEntries(
        (response.json<{ errors: Array<{ field: string; key: string }> }>().errors ?? []).map((e) => [e.field, e.key]),
      );
    };

    it('reports every broken rule at once, on the question it belongs to', async () => {
      const errors = await errorsOf([
        { id_survey_questions: q(0), value: 6 },
        { id_survey_questions: q(2), value: 2.5 },
        { id_survey_questions: q(3), value: '2025-12-31' },
        { id_survey_questions: q(4), value: 'radio' },
        { id_survey_questions: q(5), value: ['hotel', 'hotel'] },
        { id_survey_questions: q(6), value: 'keine-mail' },
        { id_survey_questions: q(7), value: 'x'.repeat(4001) },
        { id_survey_questions: q(8), value: 3 },
      ]);
      expect(errors).toEqual({
        [`answers.${q(0)}`]: 'error.answerOutOfRange',
        [`answers.${q(1)}`]: 'error.answerRequired',
        [`answers.${q(2)}`]: 'error.number',
        [`answers.${q(3)}`]: 'error.answerOutOfRange',
        [`answers.${q(4)}`]: 'error.invalidSelect',
        [`answers.${q(5)}`]: 'error.invalid',
        [`answers.${q(6)}`]: 'error.email',
        [`answers.${q(7)}`]: 'error.tooLong',
        [`answers.${q(8)}`]: 'error.answerOutOfRange',
      });
    });

    it('checks types, ranges, choices and refuses questions of other surveys', async () => {
      const with_ = (i: number, value: unknown) =>
        valid().map((answer) => (answer.id_survey_questions === q(i) ? { ...answer, value } : answer));
      expect(await errorsOf(with_(1, 'ja'))).toEqual({ [`answers.${q(1)}`]: 'error.invalid' });
      expect(await errorsOf(with_(2, 11))).toEqual({ [`answers.${q(2)}`]: 'error.answerOutOfRange' });
      expect(await errorsOf(with_(3, '2026-02-30'))).toEqual({ [`answers.${q(3)}`]: 'error.invalid' });
      expect(await errorsOf(with_(5, ['hotel', 'spa']))).toEqual({ [`answers.${q(5)}`]: 'error.invalidSelect' });
      expect(await errorsOf(with_(0, 3.5))).toEqual({ [`answers.${q(0)}`]: 'error.number' });
      expect(await errorsOf([...valid(), { id_survey_questions: 999_999, value: 'x' }])).toEqual({
        'answers.999999': 'error.invalid',
      });
      expect(await errorsOf(valid().slice(1))).toEqual({ [`answers.${q(0)}`]: 'error.answerRequired' });
      const badBody = await post(as.traveller, survey.trip, { answers: [{ id_survey_questions: 'x', value: 1 }] });
      expect(badBody.statusCode).toBe(400);
      expect(badBody.json().errors[0]).toMatchObject({ field: 'answers.0.id_survey_questions' });
      const foreignBooking = await post(as.traveller, survey.trip, { answers: valid(), id_booking: 999_999 });
      expect(foreignBooking.json()).toMatchObject({ key: 'error.invalid', errors: [{ field: 'id_booking' }] });
      const foreignInbox = await post(as.traveller, survey.trip, { answers: valid(), id_notification: inboxId });
      expect(foreignInbox.json()).toMatchObject({ errors: [{ field: 'id_notification' }] });
      expect(await t.ctx.db.selectFrom('survey_response').selectAll().execute()).toEqual([]);
    });

    it('stores the answers typed with the trip, once', async () => {
      const response = await post(as.traveller, survey.trip, { answers: valid(), id_booking: pastBooking });
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json<{ id: number; submittedAt: string }>();
      const stored = await t.ctx.db
        .selectFrom('survey_response')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ id_user: ids.traveller, id_booking: pastBooking, id_pushnotifications: null });
      const answers = await t.ctx.db
        .selectFrom('survey_answer')
        .selectAll()
        .where('id_survey_response', '=', created.id)
        .orderBy('id_survey_questions')
        .execute();
      const byQuestion = new Map(
        answers.map((row) => [
          row.id_survey_questions,
          {
            text: row.value_text,
            number: row.value_number === null ? null : Number(row.value_number),
            date:
              row.value_date === null
                ? null
                : String(row.value_date instanceof Date ? row.value_date.toISOString() : row.value_date).slice(0, 10),
            choices: row.value_choices,
          },
        ]),
      );
      expect(byQuestion.get(q(0))).toEqual({ text: null, number: 4, date: null, choices: null });
      expect(byQuestion.get(q(1))).toEqual({ text: null, number: 1, date: null, choices: null });
      expect(byQuestion.get(q(2))).toMatchObject({ number: 2 });
      expect(byQuestion.get(q(3))).toEqual({ text: null, number: null, date: '2027-05-01', choices: null });
      expect(byQuestion.get(q(4))).toEqual({ text: 'web', number: null, date: null, choices: null });
      expect(byQuestion.get(q(5))).toEqual({ text: null, number: null, date: null, choices: '["hotel","trips"]' });
      expect(byQuestion.get(q(6))).toMatchObject({ text: 'jörg@example.org' });
      expect(byQuestion.get(q(7))).toMatchObject({ text: 'Alles bestens.' });
      expect(byQuestion.get(q(8))).toMatchObject({ number: 8 });

      const again = await post(as.traveller, survey.trip, { answers: valid() });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ key: 'error.surveyAlreadyAnswered' });
      const shown = (await get(as.traveller, survey.trip)).json<SurveyToAnswer>();
      expect(shown).toMatchObject({ answered: true, submittedAt: created.submittedAt });
      const mine = (await call(t.app, as.traveller, { method: 'GET', url: '/app/my-surveys' })).json<MySurvey[]>();
      expect(mine.find((row) => row.id_survey_survey === survey.trip)).toMatchObject({ answered: true });
    });

    it('leaves optional questions out and marks the inbox entry opened when answered from a message', async () => {
      const response = await post(as.traveller, survey.inbox, {
        answers: [
          {
            id_survey_questions: (await get(as.traveller, survey.inbox)).json<SurveyToAnswer>().steps[0]!.question
              .id_survey_questions,
            value: 5,
          },
        ],
        id_notification: inboxId,
      });
      expect(response.statusCode, response.body).toBe(201);
      const stored = await t.ctx.db
        .selectFrom('survey_response')
        .selectAll()
        .where('id_survey_survey', '=', survey.inbox)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ id_pushnotifications: pushId, id_booking: null });
      const inbox = await t.ctx.db
        .selectFrom('user_notification')
        .selectAll()
        .where('id', '=', inboxId)
        .executeTakeFirstOrThrow();
      expect(inbox.opened_at).not.toBeNull();
      expect(inbox.read_at).not.toBeNull();
    });

    it('refuses answers to a closed survey (409) but shows it as closed', async () => {
      const shown = await get(as.traveller, survey.closed);
      expect(shown.json()).toMatchObject({ active: false, answered: false });
      const response = await post(as.traveller, survey.closed, { answers: [] });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ key: 'error.surveyClosed' });
    });

    it('stores one of two parallel responses and answers the other 409, nothing half-written', async () => {
      const question = (await get(as.traveller, survey.concurrent)).json<SurveyToAnswer>().steps[0]!.question;
      const payload = { answers: [{ id_survey_questions: question.id_survey_questions, value: 3 }] };
      const results = await Promise.all([
        post(as.traveller, survey.concurrent, payload),
        post(as.traveller, survey.concurrent, payload),
        post(as.traveller, survey.concurrent, payload),
      ]);
      const codes = results.map((response) => response.statusCode).sort();
      expect(codes, results.map((response) => response.body).join('\n')).toEqual([201, 409, 409]);
      for (const response of results.filter((r) => r.statusCode === 409)) {
        expect(response.json()).toMatchObject({ key: 'error.surveyAlreadyAnswered' });
      }
      const responses = await t.ctx.db
        .selectFrom('survey_response')
        .select('id')
        .where('id_survey_survey', '=', survey.concurrent)
        .execute();
      expect(responses).toHaveLength(1);
      const answers = await t.ctx.db
        .selectFrom('survey_answer')
        .select('id_survey_response')
        .where('id_survey_questions', '=', question.id_survey_questions)
        .execute();
      expect(answers).toEqual([{ id_survey_response: responses[0]!.id }]);
    });
  });
});
