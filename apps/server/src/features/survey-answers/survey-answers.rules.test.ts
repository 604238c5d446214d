import { describe, expect, it } from 'vitest';
import type { SurveyAnswerQuestion, SurveyAnswerValue } from '@tourdesk/contracts';
import { checkAnswers, isIsoDate, onStep } from './survey-answers.rules.ts';

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

/** The error key of one answer to one question, or the stored row. */
const check = (q: SurveyAnswerQuestion, value: SurveyAnswerValue) => {
  const result = checkAnswers([q], [{ id_survey_questions: q.id_survey_questions, value }]);
  return result.errors[0]?.key ?? result.rows[0] ?? 'skipped';
};

const choices = [
  { text: 'Rot', value: 'red' },
  { text: 'Grün', value: 'green' },
  { text: 'Blau', value: 'blue' },
];

describe('survey answer rules', () => {
  it('requires required questions, whatever the empty form', () => {
    const required = question(1, { required: true });
    for (const value of [null, '', '   ', []] as SurveyAnswerValue[])
      expect(check(required, value)).toBe('error.answerRequired');
    expect(checkAnswers([required], []).errors).toEqual([{ field: 'answers.1', key: 'error.answerRequired' }]);
    expect(check(question(2, {}), null)).toBe('skipped');
    expect(check(question(3, { type: 'multichoice', choices }), [])).toBe('skipped');
  });

  it('checks texts: type, length, e-mail format, trimmed', () => {
    expect(check(question(1, {}), 5)).toBe('error.invalid');
    expect(check(question(1, {}), 'x'.repeat(4000))).toMatchObject({ value_text: 'x'.repeat(4000) });
    expect(check(question(1, {}), 'x'.repeat(4001))).toBe('error.tooLong');
    expect(check(question(1, { answer_format: 'paragraph' }), '  Schön  ')).toMatchObject({ value_text: 'Schön' });
    const email = question(1, { answer_format: 'email' });
    expect(check(email, 'anna@example.org')).toMatchObject({ value_text: 'anna@example.org' });
    expect(check(email, 'anna@')).toBe('error.email');
    expect(check(email, 'anna example.org')).toBe('error.email');
  });

  it('checks numbers: type, integer format, bounds and the step grid from min', () => {
    const number = question(1, { type: 'number', min_value: 0, max_value: 10, step: 0.5 });
    expect(check(number, '3')).toBe('error.number');
    expect(check(number, Number.NaN)).toBe('error.number');
    expect(check(number, 2.5)).toMatchObject({ value_number: 2.5, value_text: null });
    expect(check(number, 0)).toMatchObject({ value_number: 0 });
    expect(check(number, 10)).toMatchObject({ value_number: 10 });
    expect(check(number, -0.5)).toBe('error.answerOutOfRange');
    expect(check(number, 10.5)).toBe('error.answerOutOfRange');
    expect(check(number, 2.25)).toBe('error.answerOutOfRange');
    const integer = question(2, { type: 'number', answer_format: 'integer' });
    expect(check(integer, 2.5)).toBe('error.number');
    expect(check(integer, -40)).toMatchObject({ value_number: -40 });
    const grid = question(3, { type: 'number', min_value: 1, step: 3 });
    expect(check(grid, 7)).toMatchObject({ value_number: 7 });
    expect(check(grid, 6)).toBe('error.answerOutOfRange');
    const tenths = question(4, { type: 'number', min_value: 0, step: 0.1 });
    expect(check(tenths, 0.3)).toMatchObject({ value_number: 0.3 });
  });

  it('checks scales with their bounds (1 to 5 by default), stars whole', () => {
    const slider = question(1, { type: 'scale', answer_format: 'slider', min_value: 0, max_value: 10, step: 2 });
    expect(check(slider, 4)).toMatchObject({ value_number: 4 });
    expect(check(slider, 5)).toBe('error.answerOutOfRange');
    expect(check(slider, 12)).toBe('error.answerOutOfRange');
    const stars = question(2, { type: 'scale', answer_format: 'stars' });
    expect(check(stars, 5)).toMatchObject({ value_number: 5 });
    expect(check(stars, 0)).toBe('error.answerOutOfRange');
    expect(check(stars, 6)).toBe('error.answerOutOfRange');
    expect(check(stars, 4.5)).toBe('error.number');
    expect(check(stars, true)).toBe('error.number');
  });

  it('stores yes as 1 and no as 0, and nothing else', () => {
    const yesno = question(1, { type: 'yesno', required: true });
    expect(check(yesno, true)).toMatchObject({ value_number: 1 });
    expect(check(yesno, false)).toMatchObject({ value_number: 0 });
    expect(check(yesno, 'ja')).toBe('error.invalid');
    expect(check(yesno, 1)).toBe('error.invalid');
  });

  it('checks dates: a real day within min and max', () => {
    const date = question(1, { type: 'date', min_date: '2026-01-01', max_date: '2026-12-31' });
    expect(check(date, '2026-06-15')).toMatchObject({ value_date: '2026-06-15' });
    expect(check(date, '2026-01-01')).toMatchObject({ value_date: '2026-01-01' });
    expect(check(date, '2025-12-31')).toBe('error.answerOutOfRange');
    expect(check(date, '2027-01-01')).toBe('error.answerOutOfRange');
    expect(check(date, '2026-02-30')).toBe('error.invalid');
    expect(check(date, '15.06.2026')).toBe('error.invalid');
    expect(check(date, 20260615)).toBe('error.invalid');
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
  });

  it('checks choices: one of them, or a subset without repeats', () => {
    const one = question(1, { type: 'choice', choices });
    expect(check(one, 'green')).toMatchObject({ value_text: 'green', value_choices: null });
    expect(check(one, 'Grün')).toBe('error.invalidSelect');
    expect(check(one, ['green'])).toBe('error.invalid');
    const many = question(2, { type: 'multichoice', choices });
    expect(check(many, ['red', 'blue'])).toMatchObject({ value_choices: '["red","blue"]', value_text: null });
    expect(check(many, ['red', 'red'])).toBe('error.invalid');
    expect(check(many, ['red', 'pink'])).toBe('error.invalidSelect');
    expect(check(many, 'red')).toBe('error.invalid');
  });

  it('reports every error at once and refuses foreign and repeated questions', () => {
    const questions = [
      question(1, { required: true }),
      question(2, { type: 'number', min_value: 1, max_value: 5 }),
      question(3, { type: 'yesno' }),
    ];
    const result = checkAnswers(questions, [
      { id_survey_questions: 2, value: 9 },
      { id_survey_questions: 3, value: true },
      { id_survey_questions: 3, value: false },
      { id_survey_questions: 99, value: 'x' },
    ]);
    expect(result.errors).toEqual([
      { field: 'answers.3', key: 'error.invalid' },
      { field: 'answers.99', key: 'error.invalid' },
      { field: 'answers.1', key: 'error.answerRequired' },
      { field: 'answers.2', key: 'error.answerOutOfRange' },
    ]);
  });

  it('knows the step grid', () => {
    expect(onStep(1.5, 0, 0.5)).toBe(true);
    expect(onStep(1.6, 0, 0.5)).toBe(false);
    expect(onStep(0.7, 0.1, 0.2)).toBe(true);
  });
});
