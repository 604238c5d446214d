/**
 * What the staff's survey screens and the traveller's answering share (issue #16, spec §3 Survey). The calls'
 * bodies live in surveys.schema.ts (staff) and survey-answers.schema.ts (the app).
 */

/**
 * Question types and what they use of a question:
 * - text: answer format `line` | `paragraph` | `email`; hint.
 * - number: answer format `integer` | `decimal`; min/max/default value, step.
 * - scale: a slider or stars (answer format `slider` | `stars`) from min to max value by step, with the
 *   descriptions of min, max and default shown at the ends and the start.
 * - yesno: positive and negative answer texts (default Ja / Nein).
 * - date: min and max date.
 * - choice (one) and multichoice (several): choice texts with values.
 */
export const SURVEY_QUESTION_TYPES = ['text', 'number', 'scale', 'yesno', 'date', 'choice', 'multichoice'] as const;
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];

export const SURVEY_ANSWER_FORMATS: Record<SurveyQuestionType, readonly string[]> = {
  text: ['line', 'paragraph', 'email'],
  number: ['integer', 'decimal'],
  scale: ['slider', 'stars'],
  yesno: [],
  date: [],
  choice: ['radio', 'dropdown'],
  multichoice: [],
};

export type SurveyChoice = { text: string; value: string };
