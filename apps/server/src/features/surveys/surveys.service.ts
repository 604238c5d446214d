import {
  dinSortKey,
  normalizeSurveyQuestion,
  searchWords,
  surveyQuestionIssues,
  type CreateSurveyBody,
  type CreateSurveyCategoryBody,
  type CreateSurveyPageBody,
  type CreateSurveyQuestionBody,
  type ListQuery,
  type Survey,
  type SurveyCategory,
  type SurveyChoice,
  type SurveyCompletion,
  type SurveyIntro,
  type SurveyQuestion,
  type SurveyQuestionResult,
  type SurveyResults,
  type UpdateSurveyBody,
  type UpdateSurveyCategoryBody,
  type UpdateSurveyPageBody,
  type UpdateSurveyQuestionBody,
} from '@tourdesk/contracts';
import { nowIso, parseJson, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { toCsv } from '../../lib/csv.ts';
import { ApiError, fieldError, inUse, invalidField, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import type { DbContext } from '../../types.ts';
import {
  CATEGORY_LIST_SPEC,
  COMPLETION_LIST_SPEC,
  INTRO_LIST_SPEC,
  QUESTION_LIST_SPEC,
  SURVEY_LIST_SPEC,
  answerTotals,
  answeredQuestionIds,
  answersForExport,
  categoryListBase,
  choiceCounts,
  completionListBase,
  dateCounts,
  deleteCategoryRow,
  deleteCompletionRow,
  deleteIntroRow,
  deleteQuestionRow,
  deleteSurveyRow,
  existingIds,
  findAllCategories,
  findAllCompletions,
  findAllIntros,
  findAllQuestions,
  findAllSurveys,
  findCategory,
  findCompletion,
  findIntro,
  findQuestion,
  findQuestions,
  findSteps,
  findSurvey,
  findSurveysOfQuestion,
  insertCategory,
  insertCompletion,
  insertIntro,
  insertQuestion,
  insertSurvey,
  introListBase,
  latestTexts,
  numberCounts,
  questionListBase,
  replaceSteps,
  responseSummary,
  responsesForExport,
  surveyListBase,
  updateCategoryRow,
  updateCompletionRow,
  updateIntroRow,
  updateQuestionRow,
  updateSurveyRow,
  type CategoryRow,
  type CompletionRow,
  type IntroRow,
  type QuestionRow,
  type SurveyRow,
} from './surveys.repository.ts';

/**
 * The staff's surveys (issue #16, docs/adr/0023): categories, questions (checked per type), intros and
 * completions (sanitised rich text), surveys with ordered steps, and a survey's results counted by the database.
 */

const iso = (value: string | Date) => toIso(value) ?? '';
const dateText = (value: string | Date | null) =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);

// ---- categories -----------------------------------------------------------------------------------------------

const toCategory = (row: CategoryRow): SurveyCategory => ({
  id: row.id_survey_categories,
  id_survey_categories: row.id_survey_categories,
  title: row.title,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export function listCategories(ctx: DbContext, query: ListQuery) {
  const base = categoryListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, CATEGORY_LIST_SPEC, query, base, (rows) => rows.map(toCategory));
}
export const allCategories = async (ctx: DbContext) => (await findAllCategories(ctx.db)).map(toCategory);

export async function getCategory(ctx: DbContext, id: number): Promise<SurveyCategory> {
  const row = await findCategory(ctx.db, id);
  if (!row) throw notFound();
  return toCategory(row);
}

export async function createCategory(ctx: DbContext, body: CreateSurveyCategoryBody) {
  const now = nowIso();
  const id = await insertCategory(ctx.db, {
    title: body.title,
    sort_name: dinSortKey(body.title),
    created_at: now,
    updated_at: now,
  });
  return getCategory(ctx, id);
}

export async function updateCategory(ctx: DbContext, id: number, body: UpdateSurveyCategoryBody) {
  await inTransaction(ctx, async (trx) => {
    await getCategory(trx, id);
    await updateCategoryRow(trx.db, id, {
      ...(body.title !== undefined ? { title: body.title, sort_name: dinSortKey(body.title) } : {}),
      updated_at: nowIso(),
    });
  });
  return getCategory(ctx, id);
}

/** DELETE /survey/categories/{id}: its questions, intros and completions stay, without a category. */
export async function deleteCategory(ctx: DbContext, id: number) {
  return inTransaction(ctx, async (trx) => {
    const category = await getCategory(trx, id);
    await deleteCategoryRow(trx.db, id);
    return category;
  });
}

async function checkCategory(ctx: DbContext, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  if (!(await existingIds(ctx.db, 'survey_category', [id])).has(id))
    throw invalidField('id_survey_categories', 'error.invalid');
}

// ---- questions ------------------------------------------------------------------------------------------------

const toQuestion = (row: QuestionRow): SurveyQuestion => ({
  id: row.id_survey_questions,
  id_survey_questions: row.id_survey_questions,
  id_survey_categories: row.id_survey_categories,
  title: row.title,
  type: row.type,
  answer_format: row.answer_format,
  hint: row.hint,
  required: toBool(row.required),
  min_date: dateText(row.min_date),
  max_date: dateText(row.max_date),
  positive_answer: row.positive_answer,
  negative_answer: row.negative_answer,
  step: row.step,
  default_value: row.default_value,
  default_description: row.default_description,
  min_value: row.min_value,
  min_description: row.min_description,
  max_value: row.max_value,
  max_description: row.max_description,
  choices: parseJson<SurveyChoice[]>(row.choices, []),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export function listQuestions(ctx: DbContext, query: ListQuery) {
  const base = questionListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, QUESTION_LIST_SPEC, query, base, (rows) => rows.map(toQuestion));
}
export const allQuestions = async (ctx: DbContext, categoryId?: number) =>
  (await findAllQuestions(ctx.db, categoryId)).map(toQuestion);

export async function getQuestion(ctx: DbContext, id: number): Promise<SurveyQuestion> {
  const row = await findQuestion(ctx.db, id);
  if (!row) throw notFound();
  return toQuestion(row);
}

type QuestionValues = Omit<SurveyQuestion, 'id' | 'id_survey_questions' | 'createdAt' | 'updatedAt'>;

/** The stored columns of a checked question (fields its type does not use cleared). */
function questionColumns(question: QuestionValues) {
  const issues = surveyQuestionIssues(question);
  if (issues.length > 0)
    throw new ApiError(
      400,
      issues[0]!.key,
      issues.map((issue) => fieldError(issue.field, issue.key)),
    );
  const q = normalizeSurveyQuestion(question);
  return {
    id_survey_categories: q.id_survey_categories,
    title: q.title,
    sort_name: dinSortKey(q.title),
    type: q.type,
    answer_format: q.answer_format,
    hint: q.hint,
    required: q.required,
    min_date: q.min_date,
    max_date: q.max_date,
    positive_answer: q.positive_answer,
    negative_answer: q.negative_answer,
    step: q.step,
    default_value: q.default_value,
    default_description: q.default_description,
    min_value: q.min_value,
    min_description: q.min_description,
    max_value: q.max_value,
    max_description: q.max_description,
    choices: JSON.stringify(q.choices.map((choice) => ({ text: choice.text.trim(), value: choice.value.trim() }))),
  };
}

export async function createQuestion(ctx: DbContext, body: CreateSurveyQuestionBody) {
  await checkCategory(ctx, body.id_survey_categories);
  const now = nowIso();
  const id = await insertQuestion(ctx.db, {
    ...questionColumns({
      id_survey_categories: body.id_survey_categories ?? null,
      title: body.title,
      type: body.type,
      answer_format: body.answer_format ?? null,
      hint: body.hint ?? null,
      required: body.required ?? true,
      min_date: body.min_date ?? null,
      max_date: body.max_date ?? null,
      positive_answer: body.positive_answer ?? null,
      negative_answer: body.negative_answer ?? null,
      step: body.step ?? null,
      default_value: body.default_value ?? null,
      default_description: body.default_description ?? null,
      min_value: body.min_value ?? null,
      min_description: body.min_description ?? null,
      max_value: body.max_value ?? null,
      max_description: body.max_description ?? null,
      choices: body.choices ?? [],
    }),
    created_at: now,
    updated_at: now,
  });
  return getQuestion(ctx, id);
}

/** PATCH /survey/questions/{id}: the changed fields with the stored ones are checked as a whole. */
export async function updateQuestion(ctx: DbContext, id: number, body: UpdateSurveyQuestionBody) {
  await inTransaction(ctx, async (trx) => {
    const {
      id: _id,
      id_survey_questions: _key,
      createdAt: _created,
      updatedAt: _updated,
      ...stored
    } = await getQuestion(trx, id);
    if (body.id_survey_categories !== undefined) await checkCategory(trx, body.id_survey_categories);
    const merged: QuestionValues = { ...stored };
    for (const [key, value] of Object.entries(body) as Array<[keyof UpdateSurveyQuestionBody, unknown]>)
      if (value !== undefined) Object.assign(merged, { [key]: value });
    await updateQuestionRow(trx.db, id, { ...questionColumns(merged), updated_at: nowIso() });
  });
  return getQuestion(ctx, id);
}

/** DELETE /survey/questions/{id}: 409 error.questionInUse while a survey has it as a step. */
export async function deleteQuestion(ctx: DbContext, id: number) {
  return inTransaction(ctx, async (trx) => {
    const question = await getQuestion(trx, id);
    const surveys = await findSurveysOfQuestion(trx.db, id);
    if (surveys.length > 0) throw inUse('error.questionInUse', { surveys }, { surveys: 'Surveys' });
    await deleteQuestionRow(trx.db, id);
    return question;
  });
}

// ---- intros and completions -----------------------------------------------------------------------------------

const pageOf = (row: IntroRow | CompletionRow) => ({
  id_survey_categories: row.id_survey_categories,
  title: row.title,
  text: row.text,
  button_text: row.button_text,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});
const toIntro = (row: IntroRow): SurveyIntro => ({
  id: row.id_survey_intros,
  id_survey_intros: row.id_survey_intros,
  ...pageOf(row),
});
const toCompletion = (row: CompletionRow): SurveyCompletion => ({
  id: row.id_survey_completions,
  id_survey_completions: row.id_survey_completions,
  ...pageOf(row),
});

const pageValues = (body: UpdateSurveyPageBody) => ({
  ...(body.id_survey_categories !== undefined ? { id_survey_categories: body.id_survey_categories } : {}),
  ...(body.title !== undefined ? { title: body.title, sort_name: dinSortKey(body.title) } : {}),
  ...(body.text !== undefined ? { text: sanitizeRichText(body.text) ?? '' } : {}),
  ...(body.button_text !== undefined ? { button_text: body.button_text } : {}),
});
const newPage = (body: CreateSurveyPageBody) => {
  const now = nowIso();
  return {
    id_survey_categories: body.id_survey_categories ?? null,
    title: body.title,
    sort_name: dinSortKey(body.title),
    text: sanitizeRichText(body.text) ?? '',
    button_text: body.button_text ?? null,
    created_at: now,
    updated_at: now,
  };
};

export function listIntros(ctx: DbContext, query: ListQuery) {
  const base = introListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, INTRO_LIST_SPEC, query, base, (rows) => rows.map(toIntro));
}
export const allIntros = async (ctx: DbContext, categoryId?: number) =>
  (await findAllIntros(ctx.db, categoryId)).map(toIntro);
export async function getIntro(ctx: DbContext, id: number): Promise<SurveyIntro> {
  const row = await findIntro(ctx.db, id);
  if (!row) throw notFound();
  return toIntro(row);
}
export async function createIntro(ctx: DbContext, body: CreateSurveyPageBody) {
  await checkCategory(ctx, body.id_survey_categories);
  return getIntro(ctx, await insertIntro(ctx.db, newPage(body)));
}
export async function updateIntro(ctx: DbContext, id: number, body: UpdateSurveyPageBody) {
  await inTransaction(ctx, async (trx) => {
    await getIntro(trx, id);
    await checkCategory(trx, body.id_survey_categories);
    await updateIntroRow(trx.db, id, { ...pageValues(body), updated_at: nowIso() });
  });
  return getIntro(ctx, id);
}
/** DELETE /survey/intros/{id}: the surveys that had it start without an intro. */
export async function deleteIntro(ctx: DbContext, id: number) {
  return inTransaction(ctx, async (trx) => {
    const intro = await getIntro(trx, id);
    await deleteIntroRow(trx.db, id);
    return intro;
  });
}

export function listCompletions(ctx: DbContext, query: ListQuery) {
  const base = completionListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, COMPLETION_LIST_SPEC, query, base, (rows) => rows.map(toCompletion));
}
export const allCompletions = async (ctx: DbContext, categoryId?: number) =>
  (await findAllCompletions(ctx.db, categoryId)).map(toCompletion);
export async function getCompletion(ctx: DbContext, id: number): Promise<SurveyCompletion> {
  const row = await findCompletion(ctx.db, id);
  if (!row) throw notFound();
  return toCompletion(row);
}
export async function createCompletion(ctx: DbContext, body: CreateSurveyPageBody) {
  await checkCategory(ctx, body.id_survey_categories);
  return getCompletion(ctx, await insertCompletion(ctx.db, newPage(body)));
}
export async function updateCompletion(ctx: DbContext, id: number, body: UpdateSurveyPageBody) {
  await inTransaction(ctx, async (trx) => {
    await getCompletion(trx, id);
    await checkCategory(trx, body.id_survey_categories);
    await updateCompletionRow(trx.db, id, { ...pageValues(body), updated_at: nowIso() });
  });
  return getCompletion(ctx, id);
}
export async function deleteCompletion(ctx: DbContext, id: number) {
  return inTransaction(ctx, async (trx) => {
    const completion = await getCompletion(trx, id);
    await deleteCompletionRow(trx.db, id);
    return completion;
  });
}

// ---- surveys --------------------------------------------------------------------------------------------------

const toSurvey = (row: SurveyRow, steps: number[]): Survey => ({
  id: row.id_survey_survey,
  id_survey_survey: row.id_survey_survey,
  title: row.title,
  description: row.description,
  id_survey_intros: row.id_survey_intros,
  id_survey_completions: row.id_survey_completions,
  active: toBool(row.active),
  steps,
  responses: Number(row.response_count ?? 0),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

async function withSteps(ctx: DbContext, rows: readonly SurveyRow[]): Promise<Survey[]> {
  const steps = await findSteps(
    ctx.db,
    rows.map((row) => row.id_survey_survey),
  );
  return rows.map((row) => toSurvey(row, steps.get(row.id_survey_survey) ?? []));
}

export function listSurveys(ctx: DbContext, query: ListQuery) {
  const base = surveyListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, SURVEY_LIST_SPEC, query, base, (rows) => withSteps(ctx, rows));
}
export const allSurveys = async (ctx: DbContext) => withSteps(ctx, await findAllSurveys(ctx.db));

export async function getSurvey(ctx: DbContext, id: number): Promise<Survey> {
  const row = await findSurvey(ctx.db, id);
  if (!row) throw notFound();
  return (await withSteps(ctx, [row]))[0]!;
}

/** 400 on the field naming an intro, completion or question that does not exist. */
async function checkSurveyRefs(ctx: DbContext, body: UpdateSurveyBody) {
  const errors = [];
  if (body.id_survey_intros != null && !(await existingIds(ctx.db, 'survey_intro', [body.id_survey_intros])).size)
    errors.push(fieldError('id_survey_intros', 'error.invalid'));
  if (
    body.id_survey_completions != null &&
    !(await existingIds(ctx.db, 'survey_completion', [body.id_survey_completions])).size
  )
    errors.push(fieldError('id_survey_completions', 'error.invalid'));
  if (body.steps && body.steps.length > 0) {
    const found = await existingIds(ctx.db, 'survey_question', body.steps);
    const missing = body.steps.findIndex((id) => !found.has(id));
    if (missing >= 0) errors.push(fieldError(`steps.${missing}`, 'error.invalid'));
  }
  if (errors.length > 0) throw new ApiError(400, 'error.invalid', errors);
}

export async function createSurvey(ctx: DbContext, body: CreateSurveyBody) {
  const id = await inTransaction(ctx, async (trx) => {
    await checkSurveyRefs(trx, body);
    const now = nowIso();
    const created = await insertSurvey(trx.db, {
      title: body.title,
      sort_name: dinSortKey(body.title),
      description: body.description ?? null,
      id_survey_intros: body.id_survey_intros ?? null,
      id_survey_completions: body.id_survey_completions ?? null,
      active: body.active ?? true,
      created_at: now,
      updated_at: now,
    });
    await replaceSteps(trx.db, created, body.steps ?? []);
    return created;
  });
  return getSurvey(ctx, id);
}

/** PATCH /survey/surveys/{id}: steps may change after answers came in; the results show every answered question. */
export async function updateSurvey(ctx: DbContext, id: number, body: UpdateSurveyBody) {
  await inTransaction(ctx, async (trx) => {
    await getSurvey(trx, id);
    await checkSurveyRefs(trx, body);
    await updateSurveyRow(trx.db, id, {
      ...(body.title !== undefined ? { title: body.title, sort_name: dinSortKey(body.title) } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.id_survey_intros !== undefined ? { id_survey_intros: body.id_survey_intros } : {}),
      ...(body.id_survey_completions !== undefined ? { id_survey_completions: body.id_survey_completions } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      updated_at: nowIso(),
    });
    if (body.steps !== undefined) await replaceSteps(trx.db, id, body.steps);
  });
  return getSurvey(ctx, id);
}

/** DELETE /survey/surveys/{id}: its steps and responses go with it. */
export async function deleteSurvey(ctx: DbContext, id: number) {
  return inTransaction(ctx, async (trx) => {
    const survey = await getSurvey(trx, id);
    await deleteSurveyRow(trx.db, id);
    return survey;
  });
}

// ---- results --------------------------------------------------------------------------------------------------

/** The questions of the results: the steps in order, then questions answered earlier that are no step now. */
async function resultQuestions(ctx: DbContext, survey: Survey) {
  const answered = await answeredQuestionIds(ctx.db, survey.id);
  const ids = [...survey.steps, ...answered.filter((id) => !survey.steps.includes(id))];
  const rows = new Map((await findQuestions(ctx.db, ids)).map((row) => [row.id_survey_questions, toQuestion(row)]));
  return ids.flatMap((id) => (rows.has(id) ? [rows.get(id)!] : []));
}

const CHOICE_TYPES = new Set(['choice', 'multichoice', 'yesno']);

type Histogram = SurveyQuestionResult['histogram'];

/**
 * Every value of a scale from its min to its max by its step, with the counts of `counted` (0 where nobody chose
 * it), so a chart of 1–5 stars shows all five. Values off the grid (the scale changed after answers came in) keep
 * their place in the order.
 */
export function scaleGrid(question: Pick<SurveyQuestion, 'min_value' | 'max_value' | 'step'>, counted: Histogram) {
  const { min_value: min, max_value: max } = question;
  const step = question.step ?? 1;
  if (min === null || max === null || step <= 0 || (max - min) / step > 100) return counted;
  const left = new Map(counted.map((entry) => [entry.value, entry.count]));
  const grid: Histogram = [];
  for (let index = 0; min + index * step <= max + step / 1e6; index++) {
    const value = Number((min + index * step).toFixed(6));
    grid.push({ value, count: left.get(value) ?? 0 });
    left.delete(value);
  }
  return [...grid, ...[...left].map(([value, count]) => ({ value, count }))].sort((a, b) => a.value - b.value);
}
const YES_TEXTS = new Set(['yes', 'true', '1', 'ja']);

/** The option values one grouped answer row counts for. */
function chosenValues(row: { value_text: string | null; value_choices: string | null; value_number: number | null }) {
  if (row.value_choices !== null) return parseJson<unknown[]>(row.value_choices, []).map(String);
  if (row.value_text !== null) return [row.value_text];
  if (row.value_number !== null) return [String(row.value_number)];
  return [];
}

/** GET /survey/surveys/{id}/results */
export async function surveyResults(ctx: DbContext, id: number): Promise<SurveyResults> {
  const survey = await getSurvey(ctx, id);
  const questions = await resultQuestions(ctx, survey);
  const idsOf = (test: (q: SurveyQuestion) => boolean) =>
    questions.filter(test).map((question) => question.id_survey_questions);
  const [summary, totals, numbers, dates, choices] = await Promise.all([
    responseSummary(ctx.db, id),
    answerTotals(ctx.db, id),
    numberCounts(
      ctx.db,
      id,
      idsOf((q) => q.type === 'number' || q.type === 'scale'),
    ),
    dateCounts(
      ctx.db,
      id,
      idsOf((q) => q.type === 'date'),
    ),
    choiceCounts(
      ctx.db,
      id,
      idsOf((q) => CHOICE_TYPES.has(q.type)),
    ),
  ]);
  const totalOf = new Map(totals.map((row) => [row.id_survey_questions, row]));
  const results: SurveyQuestionResult[] = [];
  for (const question of questions) {
    const qid = question.id_survey_questions;
    const total = totalOf.get(qid);
    const numeric = question.type === 'number' || question.type === 'scale';
    const result: SurveyQuestionResult = {
      id_survey_questions: qid,
      title: question.title,
      type: question.type,
      answer_format: question.answer_format,
      inSteps: survey.steps.includes(qid),
      answered: Number(total?.answered ?? 0),
      options: [],
      average: numeric && total?.average != null ? Number(total.average) : null,
      min: numeric && total?.min != null ? Number(total.min) : null,
      max: numeric && total?.max != null ? Number(total.max) : null,
      histogram: numbers
        .filter((row) => row.id_survey_questions === qid && row.value_number !== null)
        .map((row) => ({ value: Number(row.value_number), count: Number(row.n) })),
      dates: dates
        .filter((row) => row.id_survey_questions === qid)
        .map((row) => ({ date: dateText(row.value_date) ?? '', count: Number(row.n) })),
      texts: [],
    };
    if (CHOICE_TYPES.has(question.type)) {
      const counts = new Map<string, number>();
      for (const row of choices.filter((choice) => choice.id_survey_questions === qid)) {
        for (const raw of chosenValues(row)) {
          const value = question.type === 'yesno' ? (YES_TEXTS.has(raw.toLowerCase()) ? 'yes' : 'no') : raw;
          counts.set(value, (counts.get(value) ?? 0) + Number(row.n));
        }
      }
      const options =
        question.type === 'yesno'
          ? [
              { value: 'yes', text: question.positive_answer ?? 'Ja' },
              { value: 'no', text: question.negative_answer ?? 'Nein' },
            ]
          : question.choices;
      result.options = options.map((option) => ({
        value: option.value,
        text: option.text,
        count: counts.get(option.value) ?? 0,
      }));
    }
    if (question.type === 'scale') result.histogram = scaleGrid(question, result.histogram);
    if (question.type === 'text')
      result.texts = (await latestTexts(ctx.db, id, qid)).map((row) => ({
        text: row.value_text ?? '',
        submittedAt: iso(row.submitted_at),
      }));
    results.push(result);
  }
  return {
    id_survey_survey: survey.id,
    title: survey.title,
    responses: Number(summary.responses),
    firstAt: summary.first_at === null ? null : toIso(summary.first_at),
    lastAt: summary.last_at === null ? null : toIso(summary.last_at),
    questions: results,
  };
}

// ---- export ---------------------------------------------------------------------------------------------------

const CSV_TEXTS = {
  de: {
    submittedAt: 'Abgeschickt am',
    traveller: 'Reisende(r)',
    booking: 'Vorgangsnummer',
    anonymous: 'anonym',
    file: 'umfrage',
  },
  en: {
    submittedAt: 'Submitted at',
    traveller: 'Traveller',
    booking: 'Booking number',
    anonymous: 'anonymous',
    file: 'survey',
  },
} as const;

export type SurveyFile = { filename: string; contentType: string; content: string };

const decimal = (value: number) => String(value).replace('.', ',');

/** GET /survey/surveys/{id}/export.csv: one row per response, one column per question (German Excel CSV). */
export async function exportSurveyCsv(ctx: DbContext, id: number, language: string | undefined): Promise<SurveyFile> {
  const survey = await getSurvey(ctx, id);
  const t = language === 'en' ? CSV_TEXTS.en : CSV_TEXTS.de;
  const questions = await resultQuestions(ctx, survey);
  const [responses, answers] = await Promise.all([responsesForExport(ctx.db, id), answersForExport(ctx.db, id)]);
  const answerOf = new Map(
    answers.map((answer) => [`${answer.id_survey_response}:${answer.id_survey_questions}`, answer]),
  );
  const cell = (question: SurveyQuestion, responseId: number): string | null => {
    const answer = answerOf.get(`${responseId}:${question.id_survey_questions}`);
    if (!answer) return null;
    const textOf = (value: string) => question.choices.find((choice) => choice.value === value)?.text ?? value;
    switch (question.type) {
      case 'number':
      case 'scale':
        return answer.value_number === null ? null : decimal(answer.value_number);
      case 'date':
        return dateText(answer.value_date);
      case 'yesno': {
        const [value] = chosenValues(answer);
        if (value === undefined) return null;
        return YES_TEXTS.has(value.toLowerCase())
          ? (question.positive_answer ?? 'Ja')
          : (question.negative_answer ?? 'Nein');
      }
      case 'choice':
      case 'multichoice':
        return chosenValues(answer).map(textOf).join(', ');
      default:
        return answer.value_text;
    }
  };
  const content = toCsv(
    [t.submittedAt, t.traveller, t.booking, ...questions.map((question) => question.title)],
    responses.map((response) => [
      iso(response.submitted_at),
      response.id_user === null ? t.anonymous : `${response.firstname ?? ''} ${response.lastname ?? ''}`.trim(),
      response.id_booking,
      ...questions.map((question) => cell(question, response.id)),
    ]),
  );
  return { filename: `${t.file}-${id}.csv`, contentType: 'text/csv; charset=utf-8', content };
}
