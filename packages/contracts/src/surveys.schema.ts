import { z } from 'zod';
import type { ErrorKey } from './errors.ts';
import { optionalDate, optionalRef, optionalText, requiredText, MAX_ID } from './fields.ts';
import {
  SURVEY_ANSWER_FORMATS,
  SURVEY_QUESTION_TYPES,
  type SurveyChoice,
  type SurveyQuestionType,
} from './survey-core.ts';

/**
 * The staff's survey screens (issue #16, spec §3 Survey): categories, questions, intros, completions and surveys
 * under `/survey/…` with the `appusurvey-*` rights, and a survey's results and CSV export.
 *
 * How the results read `survey_answer`: text in `value_text`; number and scale in `value_number`; date in
 * `value_date`; yes/no as 1 / 0 in `value_number` (`value_text` 'yes' / 'no' is read too); choice as the chosen
 * value in `value_text`; multichoice as a JSON array of the chosen values in `value_choices`.
 */

const ref = () =>
  z.number({ error: 'error.invalid' }).int('error.invalid').min(1, 'error.invalid').max(MAX_ID, 'error.invalid');
const optionalNumber = () =>
  z
    .number({ error: 'error.float' })
    .min(-1_000_000_000, 'error.tooLong')
    .max(1_000_000_000, 'error.tooLong')
    .nullable()
    .optional();

// ---- categories -----------------------------------------------------------------------------------------------

export const ZSurveyCategory = z.object({
  id: z.number().int(),
  id_survey_categories: z.number().int(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SurveyCategory = z.infer<typeof ZSurveyCategory>;

/** POST /survey/categories */
export const ZCreateSurveyCategoryBody = z.object({ title: requiredText({ max: 120 }) });
export type CreateSurveyCategoryBody = z.infer<typeof ZCreateSurveyCategoryBody>;
/** PATCH /survey/categories/{id} */
export const ZUpdateSurveyCategoryBody = ZCreateSurveyCategoryBody.partial();
export type UpdateSurveyCategoryBody = z.infer<typeof ZUpdateSurveyCategoryBody>;

// ---- questions ------------------------------------------------------------------------------------------------

export const ZSurveyChoice = z.object({
  text: requiredText({ max: 255 }),
  value: requiredText({ max: 120 }),
});

/** The fields of a question (what a form sends and what a question is). */
export type SurveyQuestionFields = {
  type: SurveyQuestionType;
  answer_format?: string | null;
  hint?: string | null;
  min_date?: string | null;
  max_date?: string | null;
  positive_answer?: string | null;
  negative_answer?: string | null;
  step?: number | null;
  default_value?: number | null;
  default_description?: string | null;
  min_value?: number | null;
  min_description?: string | null;
  max_value?: number | null;
  max_description?: string | null;
  choices?: SurveyChoice[];
};

/** Which fields each type uses besides title, required and category (docs in survey-core.ts). */
export const SURVEY_TYPE_FIELDS: Record<SurveyQuestionType, readonly (keyof SurveyQuestionFields)[]> = {
  text: ['answer_format', 'hint'],
  number: ['answer_format', 'hint', 'min_value', 'max_value', 'default_value', 'step'],
  scale: [
    'answer_format',
    'min_value',
    'min_description',
    'max_value',
    'max_description',
    'default_value',
    'default_description',
    'step',
  ],
  yesno: ['positive_answer', 'negative_answer'],
  date: ['min_date', 'max_date'],
  choice: ['answer_format', 'choices'],
  multichoice: ['choices'],
};

const CLEARABLE = [
  'answer_format',
  'hint',
  'min_date',
  'max_date',
  'positive_answer',
  'negative_answer',
  'step',
  'default_value',
  'default_description',
  'min_value',
  'min_description',
  'max_value',
  'max_description',
] as const;

/**
 * A question as it is stored: the fields its type does not use cleared, the answer format defaulted to the type's
 * first, a scale's step defaulted to 1.
 */
export function normalizeSurveyQuestion<Q extends SurveyQuestionFields>(question: Q): Q {
  const used = SURVEY_TYPE_FIELDS[question.type];
  const result: Q = { ...question };
  for (const field of CLEARABLE) if (!used.includes(field)) result[field] = null;
  if (!used.includes('choices')) result.choices = [];
  const formats = SURVEY_ANSWER_FORMATS[question.type];
  if (formats.length > 0 && (result.answer_format ?? null) === null) result.answer_format = formats[0];
  if (question.type === 'scale' && (result.step ?? null) === null) result.step = 1;
  return result;
}

/** Tolerance of "a multiple of the step" (decimal steps such as 0.1 are not exact in binary). */
const EPSILON = 1e-9;

/**
 * The type's rules (issue #16): min < max, default within [min, max], step > 0 and max − min a multiple of it, min
 * date ≤ max date, a choice of at least two options with unique values, an answer format of the type. The contract
 * and the server (for a PATCH merged with the stored question) share them.
 */
export function surveyQuestionIssues(question: SurveyQuestionFields): Array<{ field: string; key: ErrorKey }> {
  const issues: Array<{ field: string; key: ErrorKey }> = [];
  const q = normalizeSurveyQuestion(question);
  const formats = SURVEY_ANSWER_FORMATS[q.type];
  if (q.answer_format != null && !formats.includes(q.answer_format))
    issues.push({ field: 'answer_format', key: 'error.invalid' });
  const min = q.min_value ?? null;
  const max = q.max_value ?? null;
  if (q.type === 'scale') {
    if (min === null) issues.push({ field: 'min_value', key: 'error.empty' });
    if (max === null) issues.push({ field: 'max_value', key: 'error.empty' });
  }
  if (min !== null && max !== null && min >= max) issues.push({ field: 'max_value', key: 'error.invalid' });
  const step = q.step ?? null;
  if (step !== null && step <= 0) issues.push({ field: 'step', key: 'error.invalid' });
  else if (step !== null && min !== null && max !== null && min < max) {
    const steps = (max - min) / step;
    if (Math.abs(steps - Math.round(steps)) > EPSILON * Math.max(1, steps))
      issues.push({ field: 'step', key: 'error.invalid' });
  }
  const initial = q.default_value ?? null;
  const rangeOk = min === null || max === null || min < max;
  if (rangeOk && initial !== null && ((min !== null && initial < min) || (max !== null && initial > max)))
    issues.push({ field: 'default_value', key: 'error.answerOutOfRange' });
  if (q.type === 'number' && q.answer_format === 'integer') {
    for (const field of ['min_value', 'max_value', 'default_value', 'step'] as const) {
      const value = q[field] ?? null;
      if (value !== null && !Number.isInteger(value) && !issues.some((issue) => issue.field === field))
        issues.push({ field, key: 'error.number' });
    }
  }
  if (q.min_date && q.max_date && q.min_date > q.max_date)
    issues.push({ field: 'max_date', key: 'error.dateTillBeforeFrom' });
  if (q.type === 'choice' || q.type === 'multichoice') {
    const choices = q.choices ?? [];
    if (choices.length < 2) issues.push({ field: 'choices', key: 'error.nonEmptyList' });
    const seen = new Set<string>();
    choices.forEach((choice, index) => {
      const value = choice.value.trim();
      if (value === '') issues.push({ field: `choices.${index}.value`, key: 'error.empty' });
      else if (seen.has(value)) issues.push({ field: `choices.${index}.value`, key: 'error.invalid' });
      seen.add(value);
      if (choice.text.trim() === '') issues.push({ field: `choices.${index}.text`, key: 'error.empty' });
    });
  }
  return issues;
}

const questionFields = {
  id_survey_categories: optionalRef(),
  title: requiredText({ max: 255 }),
  type: z.enum(SURVEY_QUESTION_TYPES, { error: 'error.invalid' }),
  answer_format: optionalText({ max: 20 }),
  hint: optionalText({ max: 500 }),
  required: z.boolean({ error: 'error.invalid' }).optional(),
  min_date: optionalDate(),
  max_date: optionalDate(),
  positive_answer: optionalText({ max: 120 }),
  negative_answer: optionalText({ max: 120 }),
  step: optionalNumber(),
  default_value: optionalNumber(),
  default_description: optionalText({ max: 120 }),
  min_value: optionalNumber(),
  min_description: optionalText({ max: 120 }),
  max_value: optionalNumber(),
  max_description: optionalText({ max: 120 }),
  choices: z.array(ZSurveyChoice, { error: 'error.invalid' }).max(50, 'error.tooLong').optional(),
};

/** POST /survey/questions */
export const ZCreateSurveyQuestionBody = z.object(questionFields).superRefine((question, ctx) => {
  for (const issue of surveyQuestionIssues(question))
    ctx.addIssue({
      code: 'custom',
      path: issue.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      message: issue.key,
    });
});
export type CreateSurveyQuestionBody = z.infer<typeof ZCreateSurveyQuestionBody>;
/** PATCH /survey/questions/{id}: checked by the server with the stored question's other fields. */
export const ZUpdateSurveyQuestionBody = z.object(questionFields).partial();
export type UpdateSurveyQuestionBody = z.infer<typeof ZUpdateSurveyQuestionBody>;

export const ZSurveyQuestion = z.object({
  id: z.number().int(),
  id_survey_questions: z.number().int(),
  id_survey_categories: z.number().int().nullable(),
  title: z.string(),
  type: z.enum(SURVEY_QUESTION_TYPES),
  answer_format: z.string().nullable(),
  hint: z.string().nullable(),
  required: z.boolean(),
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
  choices: z.array(z.object({ text: z.string(), value: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SurveyQuestion = z.infer<typeof ZSurveyQuestion>;

// ---- intros and completions -----------------------------------------------------------------------------------

const pageFields = {
  id_survey_categories: optionalRef(),
  title: requiredText({ max: 255 }),
  /** rich text, sanitised by the server */
  text: z.string({ error: 'error.invalid' }).max(100_000, 'error.tooLong').nullable().optional(),
  button_text: optionalText({ max: 60 }),
};
const pageOutput = {
  id: z.number().int(),
  id_survey_categories: z.number().int().nullable(),
  title: z.string(),
  text: z.string(),
  button_text: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** The first page of a survey. */
export const ZSurveyIntro = z.object({ id_survey_intros: z.number().int(), ...pageOutput });
export type SurveyIntro = z.infer<typeof ZSurveyIntro>;
/** The last page of a survey, shown after the answers are sent. */
export const ZSurveyCompletion = z.object({ id_survey_completions: z.number().int(), ...pageOutput });
export type SurveyCompletion = z.infer<typeof ZSurveyCompletion>;

/** POST /survey/intros and /survey/completions */
export const ZCreateSurveyPageBody = z.object(pageFields);
export type CreateSurveyPageBody = z.infer<typeof ZCreateSurveyPageBody>;
/** PATCH /survey/intros/{id} and /survey/completions/{id} */
export const ZUpdateSurveyPageBody = ZCreateSurveyPageBody.partial();
export type UpdateSurveyPageBody = z.infer<typeof ZUpdateSurveyPageBody>;

// ---- surveys --------------------------------------------------------------------------------------------------

export const ZSurvey = z.object({
  id: z.number().int(),
  id_survey_survey: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  id_survey_intros: z.number().int().nullable(),
  id_survey_completions: z.number().int().nullable(),
  active: z.boolean(),
  /** the question ids in order (survey_step) */
  steps: z.array(z.number().int()),
  /** how many travellers answered */
  responses: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Survey = z.infer<typeof ZSurvey>;

/** POST /survey/surveys */
export const ZCreateSurveyBody = z.object({
  title: requiredText({ max: 255 }),
  description: optionalText({ max: 1000 }),
  id_survey_intros: optionalRef(),
  id_survey_completions: optionalRef(),
  active: z.boolean({ error: 'error.invalid' }).optional(),
  steps: z
    .array(ref(), { error: 'error.invalid' })
    .max(200, 'error.tooLong')
    .refine((ids) => new Set(ids).size === ids.length, 'error.invalid')
    .optional(),
});
export type CreateSurveyBody = z.infer<typeof ZCreateSurveyBody>;
/** PATCH /survey/surveys/{id} */
export const ZUpdateSurveyBody = ZCreateSurveyBody.partial();
export type UpdateSurveyBody = z.infer<typeof ZUpdateSurveyBody>;

// ---- results --------------------------------------------------------------------------------------------------

/** One question's answers, counted by the database (which parts are filled depends on the type). */
export const ZSurveyQuestionResult = z.object({
  id_survey_questions: z.number().int(),
  title: z.string(),
  type: z.enum(SURVEY_QUESTION_TYPES),
  answer_format: z.string().nullable(),
  /** still a step of the survey (answers of a removed step are shown too) */
  inSteps: z.boolean(),
  /** how many responses answered it */
  answered: z.number().int(),
  /** choice, multichoice, yesno: count per option, in the question's order */
  options: z.array(z.object({ value: z.string(), text: z.string(), count: z.number().int() })),
  /** number, scale */
  average: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** number, scale: count per value, ascending */
  histogram: z.array(z.object({ value: z.number(), count: z.number().int() })),
  /** date: count per date, ascending */
  dates: z.array(z.object({ date: z.string(), count: z.number().int() })),
  /** text: the latest 50 answers, newest first */
  texts: z.array(z.object({ text: z.string(), submittedAt: z.string() })),
});
export type SurveyQuestionResult = z.infer<typeof ZSurveyQuestionResult>;

/** GET /survey/surveys/{id}/results */
export const ZSurveyResults = z.object({
  id_survey_survey: z.number().int(),
  title: z.string(),
  responses: z.number().int(),
  firstAt: z.string().nullable(),
  lastAt: z.string().nullable(),
  questions: z.array(ZSurveyQuestionResult),
});
export type SurveyResults = z.infer<typeof ZSurveyResults>;

/** GET /survey/surveys/{id}/export.csv: the language of the header row (else Accept-Language, default German). */
export const ZSurveyExportQuery = z.object({
  lang: z.enum(['de', 'en', 'es', 'ru'], { error: 'error.invalidQuery' }).optional(),
});
