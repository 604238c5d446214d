import { describe, expect, it } from 'vitest';
import { normalizeSurveyQuestion, surveyQuestionIssues, ZCreateSurveyQuestionBody } from './surveys.schema.ts';

const issues = (question: Parameters<typeof surveyQuestionIssues>[0]) =>
  surveyQuestionIssues(question).map((issue) => `${issue.field} ${issue.key}`);

describe('survey question rules', () => {
  it('clears the fields a type does not use and defaults format and step', () => {
    expect(
      normalizeSurveyQuestion({
        type: 'scale',
        hint: 'x',
        choices: [{ text: 'a', value: 'a' }],
        min_value: 1,
        max_value: 5,
      }),
    ).toMatchObject({ hint: null, choices: [], answer_format: 'slider', step: 1, min_value: 1 });
    expect(normalizeSurveyQuestion({ type: 'yesno', answer_format: 'line', min_date: '2027-01-01' })).toMatchObject({
      answer_format: null,
      min_date: null,
    });
  });

  it('checks ranges, steps within rounding, dates and choices', () => {
    expect(issues({ type: 'scale', min_value: 0, max_value: 1, step: 0.1 })).toEqual([]);
    expect(issues({ type: 'scale', min_value: 0, max_value: 1, step: 0.3 })).toEqual(['step error.invalid']);
    expect(issues({ type: 'number', min_value: 3, max_value: 3 })).toEqual(['max_value error.invalid']);
    expect(issues({ type: 'number', min_value: 1, max_value: 3, default_value: 0 })).toEqual([
      'default_value error.answerOutOfRange',
    ]);
    expect(issues({ type: 'number', answer_format: 'integer', step: 0.5 })).toEqual(['step error.number']);
    expect(issues({ type: 'date', min_date: '2027-02-01', max_date: '2027-01-01' })).toEqual([
      'max_date error.dateTillBeforeFrom',
    ]);
    expect(issues({ type: 'multichoice', choices: [] })).toEqual(['choices error.nonEmptyList']);
    expect(
      issues({
        type: 'choice',
        answer_format: 'stars',
        choices: [
          { text: 'A', value: 'a' },
          { text: 'B', value: 'b' },
        ],
      }),
    ).toEqual(['answer_format error.invalid']);
  });

  it('reports the rules at the field through the contract', () => {
    const result = ZCreateSurveyQuestionBody.safeParse({
      title: 'Q',
      type: 'choice',
      choices: [
        { text: 'A', value: 'a' },
        { text: 'B', value: 'a' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['choices.1.value', 'error.invalid'],
    ]);
  });
});
