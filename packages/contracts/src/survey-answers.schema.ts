import { z } from 'zod';
import { MAX_ID } from './fields.ts';
import { SURVEY_QUESTION_TYPES } from './survey-core.ts';

/**
 * The traveller answering a survey in the app (issue #16, docs/adr/0023 "Surveys"): GET /app/surveys/{id},
 * POST /app/surveys/{id}/responses and GET /app/my-surveys.
 */

/** The longest text answer. */
export const SURVEY_TEXT_MAX = 4000;

/** A choice as the traveller sees it (the stored one; surveys.schema.ts has the rules staff enter it by). */
const ZAnswerChoice = z.object({ text: z.string(), value: z.string() });

/** A question as the traveller answers it: its whole definition (survey-core.ts says what each type uses). */
export const ZSurveyAnswerQuestion = z.object({
  id_survey_questions: z.number().int(),
  title: z.string(),
  type: z.enum(SURVEY_QUESTION_TYPES),
  answer_format: z.string().nullable(),
  hint: z.string().nullable(),
  required: z.boolean(),
  /** YYYY-MM-DD */
  min_date: z.string().nullable(),
  max_date: z.string().nullable(),
  positive_answer: z.string().nullable(),
  negative_answer: z.string().nullable(),
  step: z.number().nullable(),
  default_value: z.number().nullable(),
  default_description: z.string().nullable(),
  min_value: z.number().nullable(),
  min_description: z.string().nullable(),
  max_value: z.number().nullable(),
  max_description: z.string().nullable(),
  choices: z.array(ZAnswerChoice),
});
export type SurveyAnswerQuestion = z.infer<typeof ZSurveyAnswerQuestion>;

/** A page before or after the questions. */
export const ZSurveyPage = z.object({ title: z.string(), text: z.string(), button_text: z.string().nullable() });
export type SurveyPage = z.infer<typeof ZSurveyPage>;

/** GET /app/surveys/{id}: the survey to answer, or the note that it was answered (or closed). */
export const ZSurveyToAnswer = z.object({
  id: z.number().int(),
  id_survey_survey: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  /** false: closed, no more answers */
  active: z.boolean(),
  intro: ZSurveyPage.nullable(),
  steps: z.array(z.object({ position: z.number().int(), question: ZSurveyAnswerQuestion })),
  completion: ZSurveyPage.nullable(),
  answered: z.boolean(),
  submittedAt: z.string().nullable(),
});
export type SurveyToAnswer = z.infer<typeof ZSurveyToAnswer>;

/** One answer: text, date (YYYY-MM-DD) and choice a string, number and scale a number, yes/no a boolean. */
export const ZSurveyAnswerValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()).max(200, 'error.tooLong'),
  z.null(),
]);
export type SurveyAnswerValue = z.infer<typeof ZSurveyAnswerValue>;

const id = () => z.number({ error: 'error.invalid' }).int('error.invalid').min(1, 'error.invalid').max(MAX_ID);

/**
 * POST /app/surveys/{id}/responses. `id_notification` is the inbox entry the survey was opened from
 * (`/appuser/notifications`), `id_booking` the trip whose feedback it is; without either the server picks.
 */
export const ZSurveyResponseBody = z.object({
  answers: z
    .array(z.object({ id_survey_questions: id(), value: ZSurveyAnswerValue }), { error: 'error.invalid' })
    .max(500, 'error.tooLong'),
  id_notification: id().optional(),
  id_booking: id().optional(),
});
export type SurveyResponseBody = z.infer<typeof ZSurveyResponseBody>;

export const ZSurveyResponseCreated = z.object({
  id: z.number().int(),
  id_survey_survey: z.number().int(),
  submittedAt: z.string(),
});
export type SurveyResponseCreated = z.infer<typeof ZSurveyResponseCreated>;

/** Where a survey reached the traveller: a message of their inbox, or a trip of theirs that is over. */
export const ZMySurveySource = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('notification'),
    /** the inbox entry (user_notification) */
    id_notification: z.number().int(),
    id_pushnotifications: z.number().int(),
    title: z.string(),
  }),
  z.object({
    kind: z.literal('trip'),
    id_booking: z.number().int(),
    journeyTitle: z.string(),
  }),
]);
export type MySurveySource = z.infer<typeof ZMySurveySource>;

/** GET /app/my-surveys: one row per survey and place it reached the traveller. */
export const ZMySurvey = z.object({
  id_survey_survey: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  answered: z.boolean(),
  submittedAt: z.string().nullable(),
  source: ZMySurveySource,
});
export type MySurvey = z.infer<typeof ZMySurvey>;

/** What a scale question runs over when its definition leaves it open: 1 to 5 by 1. */
export function scaleBounds(question: Pick<SurveyAnswerQuestion, 'min_value' | 'max_value' | 'step'>): {
  min: number;
  max: number;
  step: number;
} {
  const min = question.min_value ?? 1;
  const max = question.max_value ?? Math.max(min, 5);
  const step = question.step !== null && question.step > 0 ? question.step : 1;
  return { min, max, step };
}
