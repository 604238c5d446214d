import { scaleBounds, type ErrorKey, type SurveyAnswerQuestion, type SurveyAnswerValue } from '@tourdesk/contracts';

/**
 * The phone's side of answering a survey: what blocks "Weiter" at a question (the server checks everything again,
 * docs/adr/0023), the start values, the body of the POST and where the server's errors belong.
 */

export type Answers = Record<number, SurveyAnswerValue>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmptyAnswer = (value: SurveyAnswerValue | undefined): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** The first thing wrong with an answer that the phone can tell by itself, or null. */
export function localError(question: SurveyAnswerQuestion, value: SurveyAnswerValue | undefined): ErrorKey | null {
  if (isEmptyAnswer(value)) return question.required ? 'error.answerRequired' : null;
  switch (question.type) {
    case 'text':
      return question.answer_format === 'email' && typeof value === 'string' && !EMAIL.test(value.trim())
        ? 'error.email'
        : null;
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'error.number';
      if (question.answer_format === 'integer' && !Number.isInteger(value)) return 'error.number';
      if (question.min_value !== null && value < question.min_value) return 'error.answerOutOfRange';
      if (question.max_value !== null && value > question.max_value) return 'error.answerOutOfRange';
      return null;
    }
    case 'date':
      if (typeof value !== 'string') return 'error.invalid';
      if (question.min_date !== null && value < question.min_date) return 'error.answerOutOfRange';
      if (question.max_date !== null && value > question.max_date) return 'error.answerOutOfRange';
      return null;
    default:
      return null;
  }
}

/** The answers a survey starts with: a slider's default value, nothing else. */
export function startAnswers(questions: readonly SurveyAnswerQuestion[]): Answers {
  const answers: Answers = {};
  for (const question of questions) {
    if (question.type === 'scale' && question.answer_format !== 'stars' && question.default_value !== null) {
      const { min, max } = scaleBounds(question);
      answers[question.id_survey_questions] = Math.min(max, Math.max(min, question.default_value));
    }
  }
  return answers;
}

/** The POST body's answers: every question, empty ones as null. */
export const answersBody = (questions: readonly SurveyAnswerQuestion[], answers: Answers) =>
  questions.map((question) => {
    const value = answers[question.id_survey_questions];
    return {
      id_survey_questions: question.id_survey_questions,
      value: value === undefined || isEmptyAnswer(value) ? null : value,
    };
  });

/** The server's field errors (`answers.<questionId>` → key) by question id. */
export function errorsByQuestion(fields: Record<string, string> | undefined): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const [field, key] of Object.entries(fields ?? {})) {
    const match = /^answers\.(\d+)$/.exec(field);
    if (match) errors[Number(match[1])] = key;
  }
  return errors;
}
