import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { findRoleId } from '../roles/roles.service.ts';
import { createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';

type Json = Record<string, unknown>;

describe('surveys for staff', () => {
  let t: TestApp;
  const as = { admin: '', office: '', traveller: '', agency: '', surveys: '', reader: '' };
  const staffWith = async (access: Record<string, Record<string, boolean>>) => {
    const role = await createRoleFixture(t.ctx, `role-${nextSequence()}`, { access });
    const email = `staff-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email, role: role.id_roles });
    return email;
  };
  const post = async (url: string, payload: Json, login = as.surveys) =>
    call(t.app, login, { method: 'POST', url, payload });
  const created = async (url: string, payload: Json) => {
    const response = await post(url, payload);
    expect(response.statusCode, JSON.stringify(response.json())).toBe(201);
    return response.json() as Json & { id: number };
  };
  const errorsOf = async (url: string, payload: Json, method: 'POST' | 'PATCH' = 'POST') => {
    const response = await call(t.app, as.surveys, { method, url, payload });
    expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
    return (response.json().errors as Array<{ field: string; key: string }>).map((e) => `${e.field} ${e.key}`);
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['admin', 'office', 'traveller', 'agency'] as const) as[role] = await createLogin(t.ctx, role);
    as.surveys = await staffWith({ appusurvey: { read: true, create: true, update: true, delete: true } });
    as.reader = await staffWith({ appusurvey: { read: true } });
  });
  afterAll(() => t.close());

  it('creates, lists, searches, updates and deletes categories, intros and completions', async () => {
    const category = await created('/survey/categories', { title: 'Reisebewertung' });
    expect(category).toMatchObject({ id_survey_categories: category.id, title: 'Reisebewertung' });
    await created('/survey/categories', { title: 'Hotel' });
    const search = await call(t.app, as.reader, { method: 'GET', url: '/survey/categories?lit-search=reisebew' });
    expect(search.json().data.map((row: Json) => row.title)).toEqual(['Reisebewertung']);

    for (const [kind, key] of [
      ['intros', 'id_survey_intros'],
      ['completions', 'id_survey_completions'],
    ] as const) {
      const page = await created(`/survey/${kind}`, {
        title: `Seite ${kind}`,
        id_survey_categories: category.id,
        text: '<p>Hallo <strong>Welt</strong><script>alert(1)</script></p>',
        button_text: 'Los',
      });
      expect(page).toMatchObject({ [key]: page.id, id_survey_categories: category.id, button_text: 'Los' });
      expect(page.text).toContain('<strong>Welt</strong>');
      expect(page.text).not.toContain('script');
      await created(`/survey/${kind}`, { title: `Andere ${kind}` });
      const byCategory = await call(t.app, as.reader, {
        method: 'GET',
        url: `/survey/${kind}/category/${category.id}`,
      });
      expect(byCategory.json().map((row: Json) => row.id)).toEqual([page.id]);
      const list = await call(t.app, as.reader, { method: 'GET', url: `/survey/${kind}?lit-search=seite` });
      expect(list.json().data.map((row: Json) => row.id)).toEqual([page.id]);
      expect((await call(t.app, as.reader, { method: 'GET', url: `/survey/${kind}/all` })).json()).toHaveLength(2);
      const patched = await call(t.app, as.surveys, {
        method: 'PATCH',
        url: `/survey/${kind}/${page.id}`,
        payload: { button_text: '', text: '<p>Neu</p>' },
      });
      expect(patched.json()).toMatchObject({ button_text: null, text: '<p>Neu</p>', title: `Seite ${kind}` });
      expect(await errorsOf(`/survey/${kind}`, { title: 'X', id_survey_categories: 999999 })).toEqual([
        'id_survey_categories error.invalid',
      ]);
      expect(await errorsOf(`/survey/${kind}`, { title: '' })).toEqual(['title error.empty']);
    }

    // Deleting the category leaves its intros without a category.
    expect(
      (await call(t.app, as.surveys, { method: 'DELETE', url: `/survey/categories/${category.id}` })).statusCode,
    ).toBe(200);
    const intros = await call(t.app, as.reader, { method: 'GET', url: '/survey/intros?lit-search=seite' });
    expect(intros.json().data[0]).toMatchObject({ id_survey_categories: null });
    expect((await call(t.app, as.reader, { method: 'GET', url: `/survey/categories/${category.id}` })).statusCode).toBe(
      404,
    );
    const intro = intros.json().data[0] as Json;
    expect((await call(t.app, as.surveys, { method: 'DELETE', url: `/survey/intros/${intro.id}` })).statusCode).toBe(
      200,
    );
  });

  it('checks each question type and clears the fields the type does not use', async () => {
    const scale = await created('/survey/questions', {
      title: 'Wie zufrieden waren Sie?',
      type: 'scale',
      answer_format: 'stars',
      min_value: 1,
      max_value: 5,
      default_value: 3,
      min_description: 'gar nicht',
      max_description: 'sehr',
      choices: [{ text: 'weg', value: 'weg' }],
      positive_answer: 'weg',
      hint: 'weg',
    });
    expect(scale).toMatchObject({
      type: 'scale',
      answer_format: 'stars',
      step: 1,
      min_value: 1,
      max_value: 5,
      default_value: 3,
      choices: [],
      positive_answer: null,
      hint: null,
      required: true,
    });
    const url = '/survey/questions';
    expect(await errorsOf(url, { title: 'S', type: 'scale', min_value: 5, max_value: 1 })).toEqual([
      'max_value error.invalid',
    ]);
    expect(await errorsOf(url, { title: 'S', type: 'scale' })).toEqual([
      'min_value error.empty',
      'max_value error.empty',
    ]);
    expect(await errorsOf(url, { title: 'S', type: 'scale', min_value: 0, max_value: 10, step: 3 })).toEqual([
      'step error.invalid',
    ]);
    expect(await errorsOf(url, { title: 'S', type: 'scale', min_value: 0, max_value: 10, step: -1 })).toEqual([
      'step error.invalid',
    ]);
    expect(await errorsOf(url, { title: 'S', type: 'scale', min_value: 1, max_value: 5, default_value: 6 })).toEqual([
      'default_value error.answerOutOfRange',
    ]);
    expect(
      await errorsOf(url, { title: 'S', type: 'scale', min_value: 1, max_value: 5, answer_format: 'radio' }),
    ).toEqual(['answer_format error.invalid']);
    // Decimal steps within rounding.
    expect(
      (
        await post(url, {
          title: 'Dezimal',
          type: 'number',
          answer_format: 'decimal',
          min_value: 0,
          max_value: 0.3,
          step: 0.1,
        })
      ).statusCode,
    ).toBe(201);
    expect(await errorsOf(url, { title: 'N', type: 'number', answer_format: 'integer', min_value: 0.5 })).toEqual([
      'min_value error.number',
    ]);
    expect(await errorsOf(url, { title: 'D', type: 'date', min_date: '2027-05-02', max_date: '2027-05-01' })).toEqual([
      'max_date error.dateTillBeforeFrom',
    ]);
    expect(await errorsOf(url, { title: 'C', type: 'choice', choices: [{ text: 'A', value: 'a' }] })).toEqual([
      'choices error.nonEmptyList',
    ]);
    expect(
      await errorsOf(url, {
        title: 'C',
        type: 'multichoice',
        choices: [
          { text: 'A', value: 'a' },
          { text: 'B', value: 'a' },
        ],
      }),
    ).toEqual(['choices.1.value error.invalid']);
    expect(
      await errorsOf(url, {
        title: 'C',
        type: 'choice',
        choices: [
          { text: 'A', value: '' },
          { text: 'B', value: 'b' },
        ],
      }),
    ).toEqual(['choices.0.value error.empty']);
    expect(await errorsOf(url, { title: 'T', type: 'essay' })).toEqual(['type error.invalid']);
    expect(await errorsOf(url, { title: 'T', type: 'text', id_survey_categories: 999999 })).toEqual([
      'id_survey_categories error.invalid',
    ]);

    const text = await created(url, {
      title: 'Was können wir besser machen?',
      type: 'text',
      answer_format: 'paragraph',
      min_value: 3,
    });
    expect(text).toMatchObject({ answer_format: 'paragraph', min_value: null });
    const yesno = await created(url, { title: 'Weiterempfehlen?', type: 'yesno', required: false });
    expect(yesno).toMatchObject({ answer_format: null, positive_answer: null, required: false });
    const date = await created(url, { title: 'Wann?', type: 'date', min_date: '2027-01-01', max_date: '2027-12-31' });
    expect(date).toMatchObject({ min_date: '2027-01-01', max_date: '2027-12-31' });
    const choice = await created(url, {
      title: 'Busfahrer?',
      type: 'choice',
      choices: [
        { text: 'Sehr gut', value: 'good' },
        { text: 'Schlecht', value: 'bad' },
      ],
    });
    expect(choice).toMatchObject({
      answer_format: 'radio',
      choices: [
        { text: 'Sehr gut', value: 'good' },
        { text: 'Schlecht', value: 'bad' },
      ],
    });

    // A PATCH is checked with the stored fields: max below the stored min fails on max_value.
    expect(await errorsOf(`${url}/${scale.id}`, { max_value: 0 }, 'PATCH')).toEqual(['max_value error.invalid']);
    const patched = await call(t.app, as.surveys, {
      method: 'PATCH',
      url: `${url}/${scale.id}`,
      payload: { max_value: 10, answer_format: 'slider', title: 'Wie zufrieden (0–10)?' },
    });
    expect(patched.json()).toMatchObject({ max_value: 10, min_value: 1, answer_format: 'slider', default_value: 3 });
    // Changing the type clears the old type's fields.
    const retyped = await call(t.app, as.surveys, {
      method: 'PATCH',
      url: `${url}/${scale.id}`,
      payload: { type: 'yesno' },
    });
    expect(retyped.json()).toMatchObject({
      type: 'yesno',
      min_value: null,
      max_value: null,
      step: null,
      answer_format: null,
    });

    const search = await call(t.app, as.reader, { method: 'GET', url: `${url}?lit-search=busfahrer` });
    expect(search.json().data.map((row: Json) => row.id)).toEqual([choice.id]);
    expect((await call(t.app, as.reader, { method: 'GET', url: `${url}/${choice.id}` })).json()).toEqual(choice);
    expect((await call(t.app, as.reader, { method: 'GET', url: `${url}/999999` })).statusCode).toBe(404);
    expect((await call(t.app, as.reader, { method: 'GET', url: `${url}/abc` })).statusCode).toBe(400);
  });

  it('keeps ordered steps, refuses bad references and questions in use', async () => {
    const category = await created('/survey/categories', { title: 'Bus' });
    const q1 = await created('/survey/questions', { title: 'Eins', type: 'text', id_survey_categories: category.id });
    const q2 = await created('/survey/questions', { title: 'Zwei', type: 'yesno', id_survey_categories: category.id });
    const byCategory = await call(t.app, as.reader, {
      method: 'GET',
      url: `/survey/questions/category/${category.id}`,
    });
    expect(byCategory.json().map((row: Json) => row.title)).toEqual(['Eins', 'Zwei']);
    const intro = await created('/survey/intros', { title: 'Willkommen' });
    const survey = await created('/survey/surveys', {
      title: 'Busumfrage',
      id_survey_intros: intro.id,
      steps: [q2.id, q1.id],
    });
    expect(survey).toMatchObject({
      id_survey_survey: survey.id,
      steps: [q2.id, q1.id],
      active: true,
      responses: 0,
      id_survey_completions: null,
    });
    expect(await errorsOf('/survey/surveys', { title: 'X', id_survey_intros: 999999, steps: [q1.id, 999999] })).toEqual(
      ['id_survey_intros error.invalid', 'steps.1 error.invalid'],
    );
    expect(await errorsOf('/survey/surveys', { title: 'X', id_survey_completions: 999999 })).toEqual([
      'id_survey_completions error.invalid',
    ]);
    expect(await errorsOf('/survey/surveys', { title: 'X', steps: [q1.id, q1.id] })).toEqual(['steps error.invalid']);

    const conflict = await call(t.app, as.surveys, { method: 'DELETE', url: `/survey/questions/${q1.id}` });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      key: 'error.questionInUse',
      usage: { surveys: [{ id: survey.id, title: 'Busumfrage' }] },
    });

    const patched = await call(t.app, as.surveys, {
      method: 'PATCH',
      url: `/survey/surveys/${survey.id}`,
      payload: { steps: [q2.id], active: false, description: 'Kurz' },
    });
    expect(patched.json()).toMatchObject({ steps: [q2.id], active: false, description: 'Kurz', title: 'Busumfrage' });
    expect((await call(t.app, as.surveys, { method: 'DELETE', url: `/survey/questions/${q1.id}` })).statusCode).toBe(
      200,
    );
    const list = await call(t.app, as.reader, { method: 'GET', url: '/survey/surveys?lit-search=busumfr' });
    expect(list.json().data).toEqual([expect.objectContaining({ id: survey.id, steps: [q2.id] })]);
    // Deleting the intro leaves the survey without one.
    await call(t.app, as.surveys, { method: 'DELETE', url: `/survey/intros/${intro.id}` });
    expect((await call(t.app, as.reader, { method: 'GET', url: `/survey/surveys/${survey.id}` })).json()).toMatchObject(
      {
        id_survey_intros: null,
      },
    );
    expect((await call(t.app, as.surveys, { method: 'DELETE', url: `/survey/surveys/${survey.id}` })).statusCode).toBe(
      200,
    );
    expect((await call(t.app, as.reader, { method: 'GET', url: `/survey/surveys/${survey.id}` })).statusCode).toBe(404);
  });

  it('counts the results by question and exports them as CSV', async () => {
    const stars = await created('/survey/questions', {
      title: 'Sterne',
      type: 'scale',
      answer_format: 'stars',
      min_value: 1,
      max_value: 5,
    });
    const amount = await created('/survey/questions', { title: 'Wie oft?', type: 'number', answer_format: 'integer' });
    const driver = await created('/survey/questions', {
      title: 'Busfahrer',
      type: 'choice',
      choices: [
        { text: 'Sehr gut', value: 'good' },
        { text: 'Gut', value: 'ok' },
        { text: 'Schlecht', value: 'bad' },
      ],
    });
    const extras = await created('/survey/questions', {
      title: 'Was hat gefallen?',
      type: 'multichoice',
      choices: [
        { text: 'Hotel', value: 'hotel' },
        { text: 'Essen', value: 'food' },
        { text: 'Ausflüge', value: 'trips' },
      ],
    });
    const again = await created('/survey/questions', { title: 'Wieder?', type: 'yesno', positive_answer: 'Gern' });
    const when = await created('/survey/questions', { title: 'Wann?', type: 'date' });
    const text = await created('/survey/questions', { title: 'Anmerkungen', type: 'text', answer_format: 'paragraph' });
    const removed = await created('/survey/questions', { title: 'Alt', type: 'text' });
    const survey = await created('/survey/surveys', {
      title: 'Feedback',
      steps: [stars.id, amount.id, driver.id, extras.id, again.id, when.id, text.id],
    });
    const empty = await call(t.app, as.reader, { method: 'GET', url: `/survey/surveys/${survey.id}/results` });
    expect(empty.json()).toMatchObject({ responses: 0, firstAt: null, lastAt: null });
    expect(empty.json().questions).toHaveLength(7);

    const users: number[] = [];
    for (const [firstname, lastname] of [
      ['Anna', 'Ärger'],
      ['Bernd', 'Bauer'],
    ]) {
      const user = await createUserFixture(t.ctx, 'app', {
        email: `app-${nextSequence()}@test.example`,
        firstname,
        lastname,
        role: (await findRoleId(t.ctx, 'traveller'))!,
      });
      users.push(user.id);
    }
    type Answer = { q: number; text?: string; number?: number; date?: string; choices?: string[] };
    const respond = async (user: number | null, at: string, answers: Answer[]) => {
      const response = await t.ctx.db
        .insertInto('survey_response')
        .values({ id_survey_survey: survey.id, id_user: user, submitted_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .insertInto('survey_answer')
        .values(
          answers.map((answer) => ({
            id_survey_response: response.id,
            id_survey_questions: answer.q,
            value_text: answer.text ?? null,
            value_number: answer.number ?? null,
            value_date: answer.date ?? null,
            value_choices: answer.choices ? JSON.stringify(answer.choices) : null,
          })),
        )
        .execute();
    };
    await respond(users[0]!, '2027-06-01T08:00:00.000Z', [
      { q: stars.id, number: 5 },
      { q: amount.id, number: 2 },
      { q: driver.id, text: 'good' },
      { q: extras.id, choices: ['hotel', 'food'] },
      { q: again.id, number: 1 },
      { q: when.id, date: '2027-05-20' },
      { q: text.id, text: 'Mehr Pausen' },
      { q: removed.id, text: 'früher gestellt' },
    ]);
    await respond(users[1]!, '2027-06-02T09:30:00.000Z', [
      { q: stars.id, number: 4 },
      { q: amount.id, number: 7 },
      { q: driver.id, text: 'good' },
      { q: extras.id, choices: ['food'] },
      { q: again.id, number: 0 },
      { q: when.id, date: '2027-05-20' },
    ]);
    // An erased account leaves its answers anonymous.
    await respond(null, '2027-06-03T10:00:00.000Z', [
      { q: stars.id, number: 5 },
      { q: driver.id, text: 'bad' },
      { q: extras.id, choices: ['trips', 'food'] },
      { q: again.id, number: 1 },
      { q: when.id, date: '2027-05-21' },
      { q: text.id, text: 'Alles "super"; danke' },
    ]);

    const results = await call(t.app, as.reader, { method: 'GET', url: `/survey/surveys/${survey.id}/results` });
    expect(results.statusCode).toBe(200);
    const body = results.json();
    expect(body).toMatchObject({
      responses: 3,
      firstAt: '2027-06-01T08:00:00.000Z',
      lastAt: '2027-06-03T10:00:00.000Z',
    });
    const byId = new Map(body.questions.map((q: Json) => [q.id_survey_questions, q]));
    expect(body.questions.map((q: Json) => q.id_survey_questions)).toEqual([
      stars.id,
      amount.id,
      driver.id,
      extras.id,
      again.id,
      when.id,
      text.id,
      removed.id,
    ]);
    expect(byId.get(stars.id)).toMatchObject({
      answered: 3,
      min: 4,
      max: 5,
      // Every star of the scale, also those nobody gave.
      histogram: [
        { value: 1, count: 0 },
        { value: 2, count: 0 },
        { value: 3, count: 0 },
        { value: 4, count: 1 },
        { value: 5, count: 2 },
      ],
      inSteps: true,
    });
    expect((byId.get(stars.id) as { average: number }).average).toBeCloseTo(14 / 3, 9);
    expect(byId.get(amount.id)).toMatchObject({ answered: 2, average: 4.5, min: 2, max: 7 });
    expect(byId.get(driver.id)).toMatchObject({
      answered: 3,
      options: [
        { value: 'good', text: 'Sehr gut', count: 2 },
        { value: 'ok', text: 'Gut', count: 0 },
        { value: 'bad', text: 'Schlecht', count: 1 },
      ],
      average: null,
    });
    expect(byId.get(extras.id)).toMatchObject({
      answered: 3,
      options: [
        { value: 'hotel', count: 1 },
        { value: 'food', count: 3 },
        { value: 'trips', count: 1 },
      ],
    });
    expect(byId.get(again.id)).toMatchObject({
      options: [
        { value: 'yes', text: 'Gern', count: 2 },
        { value: 'no', text: 'Nein', count: 1 },
      ],
    });
    expect(byId.get(when.id)).toMatchObject({
      dates: [
        { date: '2027-05-20', count: 2 },
        { date: '2027-05-21', count: 1 },
      ],
    });
    expect(byId.get(text.id)).toMatchObject({
      answered: 2,
      texts: [
        { text: 'Alles "super"; danke', submittedAt: '2027-06-03T10:00:00.000Z' },
        { text: 'Mehr Pausen', submittedAt: '2027-06-01T08:00:00.000Z' },
      ],
    });
    expect(byId.get(removed.id)).toMatchObject({ inSteps: false, answered: 1 });
    expect((await call(t.app, as.reader, { method: 'GET', url: `/survey/surveys/${survey.id}` })).json()).toMatchObject(
      {
        responses: 3,
      },
    );

    const csv = await call(t.app, as.reader, { method: 'GET', url: `/survey/surveys/${survey.id}/export.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`umfrage-${survey.id}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Abgeschickt am;Reisende(r);Vorgangsnummer;Sterne;Wie oft?;Busfahrer;Was hat gefallen?;Wieder?;Wann?;Anmerkungen;Alt',
      '2027-06-01T08:00:00.000Z;Anna Ärger;;5;2;Sehr gut;Hotel, Essen;Gern;2027-05-20;Mehr Pausen;früher gestellt',
      '2027-06-02T09:30:00.000Z;Bernd Bauer;;4;7;Sehr gut;Essen;Nein;2027-05-20;;',
      '2027-06-03T10:00:00.000Z;anonym;;5;;Schlecht;Ausflüge, Essen;Gern;2027-05-21;"Alles ""super""; danke";',
    ]);
    const english = await call(t.app, as.reader, {
      method: 'GET',
      url: `/survey/surveys/${survey.id}/export.csv`,
      headers: { 'accept-language': 'en-GB' },
    });
    expect(english.body).toContain('Submitted at;Traveller;Booking number;');
    expect(english.body).toContain(';anonymous;');
    const byQuery = await call(t.app, as.reader, {
      method: 'GET',
      url: `/survey/surveys/${survey.id}/export.csv?lang=en`,
    });
    expect(byQuery.body).toContain('Submitted at;');
    expect(
      (await call(t.app, as.reader, { method: 'GET', url: `/survey/surveys/${survey.id}/export.csv?lang=xx` }))
        .statusCode,
    ).toBe(400);
    // Deleting a survey takes its responses with it.
    await call(t.app, as.surveys, { method: 'DELETE', url: `/survey/surveys/${survey.id}` });
    expect(
      await t.ctx.db.selectFrom('survey_response').select('id').where('id_survey_survey', '=', survey.id).execute(),
    ).toEqual([]);
  });

  it('needs the survey rights', async () => {
    const urls = [
      '/survey/categories',
      '/survey/questions',
      '/survey/intros',
      '/survey/completions',
      '/survey/surveys',
      '/survey/surveys/all',
      '/survey/questions/category/1',
      '/survey/surveys/1/results',
      '/survey/surveys/1/export.csv',
    ];
    for (const login of [as.traveller, as.agency, as.office]) {
      for (const url of urls) expect((await call(t.app, login, { method: 'GET', url })).statusCode, url).toBe(403);
      expect((await post('/survey/categories', { title: 'X' }, login)).statusCode).toBe(403);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/survey/surveys' })).statusCode).toBe(401);
    expect((await post('/survey/categories', { title: 'X' }, as.reader)).statusCode).toBe(403);
    expect(
      (await call(t.app, as.reader, { method: 'PATCH', url: '/survey/categories/1', payload: {} })).statusCode,
    ).toBe(403);
    expect((await call(t.app, as.reader, { method: 'DELETE', url: '/survey/questions/1' })).statusCode).toBe(403);
    expect((await call(t.app, as.admin, { method: 'GET', url: '/survey/surveys' })).statusCode).toBe(200);
  });
});
