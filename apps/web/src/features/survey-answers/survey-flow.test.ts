import { describe, expect, it } from 'vitest';
import type { SurveyAnswerQuestion } from '@tourdesk/contracts';
import { answersBody, errorsByQuestion, localError, startAnswers } from './survey-flow.ts';

const question = (id: number, overrides: Partial<SurveyAnswerQuestion> = {}): SurveyAnswerQuestion => ({
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

describe('survey flow', () => {
  it('blocks "Weiter" at an empty required question, in every empty form', () => {
    const required = question(1, { required: true });
    expect(localError(required, undefined)).toBe('error.answerRequired');
    expect(localError(required, '  ')).toBe('error.answerRequired');
    expect(localError(question(2, { type: 'multichoice', required: true }), [])).toBe('error.answerRequired');
    expect(localError(question(3), undefined)).toBeNull();
    expect(localError(question(4, { type: 'yesno', required: true }), false)).toBeNull();
  });

  it('catches what the phone can tell: e-mail, number range and format, date range', () => {
    expect(localError(question(1, { answer_format: 'email' }), 'anna@')).toBe('error.email');
    const number = question(2, { type: 'number', answer_format: 'integer', min_value: 1, max_value: 9 });
    expect(localError(number, 0)).toBe('error.answerOutOfRange');
    expect(localError(number, 2.5)).toBe('error.number');
    expect(localError(number, 9)).toBeNull();
    const date = question(3, { type: 'date', min_date: '2026-01-01', max_date: '2026-12-31' });
    expect(localError(date, '2027-01-01')).toBe('error.answerOutOfRange');
    expect(localError(date, '2026-05-01')).toBeNull();
  });

  it('starts sliders at their default value and sends every question', () => {
    const slider = question(1, {
      type: 'scale',
      answer_format: 'slider',
      min_value: 0,
      max_value: 10,
      default_value: 5,
    });
    const stars = question(2, { type: 'scale', answer_format: 'stars', default_value: 3 });
    expect(startAnswers([slider, stars, question(3)])).toEqual({ 1: 5 });
    expect(answersBody([slider, stars, question(3)], { 1: 5, 3: '  ' })).toEqual([
      { id_survey_questions: 1, value: 5 },
      { id_survey_questions: 2, value: null },
      { id_survey_questions: 3, value: null },
    ]);
  });

  it('puts the server’s errors at their question', () => {
    expect(errorsByQuestion({ 'answers.12': 'error.answerRequired', id_booking: 'error.invalid' })).toEqual({
      12: 'error.answerRequired',
    });
    expect(errorsByQuestion(undefined)).toEqual({});
  });
});
