import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SurveyAnswerQuestion, SurveyToAnswer, UserData } from '@tourdesk/contracts';
import { MobileContext } from '../../lib/mobile.tsx';
import { SurveyScreen } from './survey-screen.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user: UserData = {
  id: 1,
  email: 'traveller@example.com',
  firstname: 'Thomas',
  lastname: 'Müller',
  street: null,
  number: null,
  zip: null,
  city: null,
  country: null,
  nationality: null,
  state: null,
  sex: null,
  birthday: null,
  placeofbirth: null,
  maritalstatus: null,
  role: null,
  roleName: 'traveller',
  status: null,
  username: null,
  isDriver: false,
  ratio_id: null,
  kuschick_id: null,
  isActive: true,
  phones: [],
  emails: [],
  avatar: null,
  agencyId: null,
  vc_card: { id_vc_card: null, name: '', agencyId: null },
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  permissions: { admin: false, role: 'traveller', access: { pushmessage: { read: true, update: true } } },
  permissionNames: ['pushmessage-read', 'pushmessage-update'],
  kind: 'app',
};

/** Keys with their values, so the test reads what the screen asked for. */
const t = (key: string, options: Record<string, unknown> = {}) =>
  Object.keys(options).length === 0 ? key : `${key} ${JSON.stringify(options)}`;

const question = (id: number, overrides: Partial<SurveyAnswerQuestion>): SurveyAnswerQuestion => ({
  id_survey_questions: id,
  title: `Frage ${id}`,
  type: 'text',
  answer_format: null,
  hint: null,
  required: false,
  min_date: null,
  max_date: null,
  positive_answer: null,
  negative_answer: null,
  step: null,
  default_value: null,
  default_description: null,
  min_value: null,
  min_description: null,
  max_value: null,
  max_description: null,
  choices: [],
  ...overrides,
});

const survey: SurveyToAnswer = {
  id: 7,
  id_survey_survey: 7,
  title: 'Testumfrage',
  description: null,
  active: true,
  intro: { title: 'Willkommen', text: '<p>Bitte <b>helfen</b> Sie uns.</p>', button_text: null },
  steps: [
    question(11, {
      title: 'Wie viele Nächte?',
      type: 'number',
      answer_format: 'integer',
      min_value: 1,
      max_value: 14,
      required: true,
    }),
    question(12, { title: 'Wann reisen Sie wieder?', type: 'date', min_date: '2026-01-01', max_date: '2030-12-31' }),
    question(13, {
      title: 'Welches Ziel?',
      type: 'choice',
      answer_format: 'dropdown',
      choices: [
        { text: 'Meer', value: 'sea' },
        { text: 'Berge', value: 'mountains' },
      ],
    }),
  ].map((q, index) => ({ position: index + 1, question: q })),
  completion: { title: 'Danke schön', text: 'Bis bald.', button_text: null },
  answered: false,
  submittedAt: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MobileContext.Provider value={{ user, t, locale: 'de', setLocale: () => undefined }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/appuser/survey/:id" element={<SurveyScreen />} />
          </Routes>
        </MemoryRouter>
      </MobileContext.Provider>
    </QueryClientProvider>,
  );
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'surveyAnswers.next' }));

describe('survey screen', () => {
  it('walks through number, date and dropdown, and shows the server’s error at its question', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted.push(JSON.parse(String(init.body)));
          return posted.length === 1
            ? json(400, {
                statusCode: 400,
                error: 'Bad Request',
                message: 'x',
                key: 'error.answerOutOfRange',
                errors: [{ field: 'answers.12', key: 'error.answerOutOfRange', message: 'x' }],
              })
            : json(201, { id: 1, id_survey_survey: 7, submittedAt: '2026-11-24T10:00:00.000Z' });
        }
        expect(url).toBe('/api/v1/app/surveys/7');
        return json(200, survey);
      }),
    );
    renderAt('/appuser/survey/7?notification=5');
    expect(await screen.findByRole('heading', { name: 'Willkommen' })).toBeTruthy();
    expect(screen.getByText('Bitte helfen Sie uns.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'surveyAnswers.start' }));

    // 1: a whole number from 1 to 14, required.
    const nights = screen.getByRole('textbox', { name: 'Wie viele Nächte?' });
    next();
    expect(screen.getByRole('alert').textContent).toBe('error.answerRequired');
    fireEvent.change(nights, { target: { value: '20' } });
    next();
    expect(screen.getByRole('alert').textContent).toBe('error.answerOutOfRange');
    fireEvent.change(nights, { target: { value: '3' } });
    next();

    // 2: a date limited to min and max.
    const date = screen.getByLabelText('Wann reisen Sie wieder?');
    expect(date.getAttribute('min')).toBe('2026-01-01');
    expect(date.getAttribute('max')).toBe('2030-12-31');
    fireEvent.change(date, { target: { value: '2027-04-01' } });
    next();

    // 3: a dropdown; the last step sends.
    fireEvent.change(screen.getByRole('combobox', { name: 'Welches Ziel?' }), { target: { value: 'mountains' } });
    fireEvent.click(screen.getByRole('button', { name: 'surveyAnswers.submit' }));

    // The server refuses the date: the screen goes back to it and says why.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('error.answerOutOfRange'));
    expect(screen.getByLabelText('Wann reisen Sie wieder?')).toBeTruthy();
    expect(posted[0]).toEqual({
      answers: [
        { id_survey_questions: 11, value: 3 },
        { id_survey_questions: 12, value: '2027-04-01' },
        { id_survey_questions: 13, value: 'mountains' },
      ],
      id_notification: 5,
    });
    fireEvent.change(screen.getByLabelText('Wann reisen Sie wieder?'), { target: { value: '2027-05-01' } });
    next();
    fireEvent.click(screen.getByRole('button', { name: 'surveyAnswers.submit' }));
    expect(await screen.findByRole('heading', { name: 'Danke schön' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'surveyAnswers.done' }).getAttribute('href')).toBe(
      '/appuser/notifications',
    );
  });

  it('says so when the traveller already answered, or the survey is closed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ...survey, answered: true, submittedAt: '2026-11-24T10:00:00.000Z' })),
    );
    renderAt('/appuser/survey/7?booking=3');
    expect(await screen.findByRole('heading', { name: 'surveyAnswers.alreadyTitle' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'surveyAnswers.done' }).getAttribute('href')).toBe(
      '/appuser/historyjourneys/3',
    );
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ...survey, active: false })),
    );
    renderAt('/appuser/survey/7');
    expect(await screen.findByRole('heading', { name: 'surveyAnswers.closedTitle' })).toBeTruthy();
  });
});
