import {
  SURVEY_TEXT_MAX,
  scaleBounds,
  type ErrorKey,
  type SurveyAnswerQuestion,
  type SurveyAnswerValue,
} from '@tourdesk/contracts';

/**
 * The check of a traveller's answers against the survey's questions (docs/adr/0023 "Surveys"), and the typed
 * values they are stored as: text and single choice in `value_text`, number, scale and yes/no (1/0) in
 * `value_number`, a date in `value_date`, multichoice as a JSON array in `value_choices`. Pure, no database.
 */

export type AnswerInput = { id_survey_questions: number; value: SurveyAnswerValue };

/** One `survey_answer` row without its response. */
export type TypedAnswer = {
  id_survey_questions: number;
  value_text: string | null;
  value_number: number | null;
  value_date: string | null;
  value_choices: string | null;
};

export type AnswerError = { field: string; key: ErrorKey };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isEmpty = (value: SurveyAnswerValue | undefined) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** A real calendar day in YYYY-MM-DD. */
export const isIsoDate = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** True when `value` lies on the grid `from + k * step` (with room for binary fractions like 0.1). */
export const onStep = (value: number, from: number, step: number) => {
  const k = (value - from) / step;
  return Math.abs(k - Math.round(k)) < 1e-9;
};

const blank = (id: number): TypedAnswer => ({
  id_survey_questions: id,
  value_text: null,
  value_number: null,
  value_date: null,
  value_choices: null,
});

type Checked = { key: ErrorKey } | { row: TypedAnswer };

function checkNumber(question: SurveyAnswerQuestion, value: SurveyAnswerValue): Checked {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { key: 'error.number' };
  const scale = question.type === 'scale';
  const bounds = scale
    ? scaleBounds(question)
    : { min: question.min_value, max: question.max_value, step: question.step ?? null };
  const integer = question.answer_format === 'integer' || (scale && question.answer_format === 'stars');
  if (integer && !Number.isInteger(value)) return { key: 'error.number' };
  if (bounds.min !== null && value < bounds.min) return { key: 'error.answerOutOfRange' };
  if (bounds.max !== null && value > bounds.max) return { key: 'error.answerOutOfRange' };
  if (bounds.step !== null && bounds.step > 0 && !onStep(value, bounds.min ?? 0, bounds.step)) {
    return { key: 'error.answerOutOfRange' };
  }
  return { row: { ...blank(question.id_survey_questions), value_number: value } };
}

function checkOne(question: SurveyAnswerQuestion, value: SurveyAnswerValue): Checked {
  const id = question.id_survey_questions;
  switch (question.type) {
    case 'text': {
      if (typeof value !== 'string') return { key: 'error.invalid' };
      const text = value.trim();
      if (text.length > SURVEY_TEXT_MAX) return { key: 'error.tooLong' };
      if (question.answer_format === 'email' && !EMAIL.test(text)) return { key: 'error.email' };
      return { row: { ...blank(id), value_text: text } };
    }
    case 'number':
    case 'scale':
      return checkNumber(question, value);
    case 'yesno':
      if (typeof value !== 'boolean') return { key: 'error.invalid' };
      return { row: { ...blank(id), value_number: value ? 1 : 0 } };
    case 'date': {
      if (typeof value !== 'string' || !isIsoDate(value)) return { key: 'error.invalid' };
      if (question.min_date !== null && value < question.min_date) return { key: 'error.answerOutOfRange' };
      if (question.max_date !== null && value > question.max_date) return { key: 'error.answerOutOfRange' };
      return { row: { ...blank(id), value_date: value } };
    }
    case 'choice': {
      if (typeof value !== 'string') return { key: 'error.invalid' };
      if (!question.choices.some((choice) => choice.value === value)) return { key: 'error.invalidSelect' };
      return { row: { ...blank(id), value_text: value } };
    }
    case 'multichoice': {
      if (!Array.isArray(value)) return { key: 'error.invalid' };
      if (new Set(value).size !== value.length) return { key: 'error.invalid' };
      const allowed = new Set(question.choices.map((choice) => choice.value));
      if (!value.every((chosen) => allowed.has(chosen))) return { key: 'error.invalidSelect' };
      return { row: { ...blank(id), value_choices: JSON.stringify(value) } };
    }
  }
}

/** The field an answer's error is reported on. */
export const answerField = (questionId: number) => `answers.${questionId}`;

/**
 * Checks every answer against its question and returns all errors at once (spec §8), or the rows to store.
 * A question of another survey, or one answered twice, is `error.invalid`; an empty answer to a required question
 * is `error.answerRequired`, to an optional one it is left out.
 */
export function checkAnswers(
  questions: readonly SurveyAnswerQuestion[],
  answers: readonly AnswerInput[],
): { errors: AnswerError[]; rows: TypedAnswer[] } {
  const errors: AnswerError[] = [];
  const rows: TypedAnswer[] = [];
  const byId = new Map(questions.map((question) => [question.id_survey_questions, question]));
  const given = new Map<number, SurveyAnswerValue>();
  for (const answer of answers) {
    const field = answerField(answer.id_survey_questions);
    if (!byId.has(answer.id_survey_questions) || given.has(answer.id_survey_questions)) {
      if (!errors.some((error) => error.field === field)) errors.push({ field, key: 'error.invalid' });
      continue;
    }
    given.set(answer.id_survey_questions, answer.value);
  }
  for (const question of questions) {
    const field = answerField(question.id_survey_questions);
    if (errors.some((error) => error.field === field)) continue;
    const value = given.get(question.id_survey_questions);
    if (isEmpty(value)) {
      if (question.required) errors.push({ field, key: 'error.answerRequired' });
      continue;
    }
    const checked = checkOne(question, value ?? null);
    if ('key' in checked) errors.push({ field, key: checked.key });
    else rows.push(checked.row);
  }
  return { errors, rows };
}
