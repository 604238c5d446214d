import { sql, type Insertable, type Updateable } from 'kysely';
import {
  ZSurvey,
  ZSurveyCategory,
  ZSurveyCompletion,
  ZSurveyIntro,
  ZSurveyQuestion,
  type Survey,
  type SurveyCategory,
  type SurveyCompletion,
  type SurveyIntro,
  type SurveyQuestion,
} from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type {
  SurveyCategoryTable,
  SurveyCompletionTable,
  SurveyIntroTable,
  SurveyQuestionTable,
  SurveySurveyTable,
} from './surveys.table.ts';

const dates = { type: 'date' } as const;

// ---- categories -----------------------------------------------------------------------------------------------

const categoryQuery = builtOnce((db: Database) =>
  db.selectFrom('survey_category').select(['id_survey_categories', 'title', 'created_at', 'updated_at']),
);
export type CategoryRow = Awaited<ReturnType<ReturnType<typeof categoryQuery>['executeTakeFirstOrThrow']>>;

/** GET /survey/categories */
export const CATEGORY_LIST_SPEC: ListSpec<SurveyCategory> = {
  table: 'survey_category',
  idColumn: 'id_survey_categories',
  idField: 'id',
  searchable: false,
  defaultSort: [['title', 1]],
  fields: {
    id: { column: 'survey_category.id_survey_categories', type: 'number' },
    id_survey_categories: { column: 'survey_category.id_survey_categories', type: 'number' },
    title: { column: 'survey_category.title', sortColumn: 'survey_category.sort_name', type: 'string' },
    createdAt: { column: 'survey_category.created_at', ...dates },
    updatedAt: { column: 'survey_category.updated_at', ...dates },
  },
  selectable: contractFields(ZSurveyCategory),
};

export function categoryListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = categoryQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'survey_category.sort_name', words));
}
export const findCategory = (db: Database, id: number) =>
  categoryQuery(db).where('id_survey_categories', '=', id).executeTakeFirst();
export const findAllCategories = (db: Database) => categoryQuery(db).orderBy('sort_name').limit(1000).execute();

export async function insertCategory(db: Database, values: Insertable<SurveyCategoryTable>): Promise<number> {
  const row = await db
    .insertInto('survey_category')
    .values(values)
    .returning('id_survey_categories')
    .executeTakeFirstOrThrow();
  return row.id_survey_categories;
}
export async function updateCategoryRow(db: Database, id: number, values: Updateable<SurveyCategoryTable>) {
  await db.updateTable('survey_category').set(values).where('id_survey_categories', '=', id).execute();
}
export async function deleteCategoryRow(db: Database, id: number) {
  await db.deleteFrom('survey_category').where('id_survey_categories', '=', id).execute();
}

// ---- questions ------------------------------------------------------------------------------------------------

const questionQuery = builtOnce((db: Database) =>
  db
    .selectFrom('survey_question')
    .select([
      'id_survey_questions',
      'id_survey_categories',
      'title',
      'type',
      'answer_format',
      'hint',
      'required',
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
      'choices',
      'created_at',
      'updated_at',
    ]),
);
export type QuestionRow = Awaited<ReturnType<ReturnType<typeof questionQuery>['executeTakeFirstOrThrow']>>;

/** GET /survey/questions */
export const QUESTION_LIST_SPEC: ListSpec<SurveyQuestion> = {
  table: 'survey_question',
  idColumn: 'id_survey_questions',
  idField: 'id',
  searchable: false,
  defaultSort: [['title', 1]],
  fields: {
    id: { column: 'survey_question.id_survey_questions', type: 'number' },
    id_survey_questions: { column: 'survey_question.id_survey_questions', type: 'number' },
    id_survey_categories: { column: 'survey_question.id_survey_categories', type: 'number', nullable: true },
    title: { column: 'survey_question.title', sortColumn: 'survey_question.sort_name', type: 'string' },
    type: { column: 'survey_question.type', type: 'string' },
    required: { column: 'survey_question.required', type: 'boolean' },
    createdAt: { column: 'survey_question.created_at', ...dates },
    updatedAt: { column: 'survey_question.updated_at', ...dates },
  },
  selectable: contractFields(ZSurveyQuestion),
};

export function questionListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = questionQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'survey_question.sort_name', words));
}
export const findQuestion = (db: Database, id: number) =>
  questionQuery(db).where('id_survey_questions', '=', id).executeTakeFirst();
export const findQuestions = (db: Database, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve([]) : questionQuery(db).where('id_survey_questions', 'in', ids).execute();
export const findAllQuestions = (db: Database, categoryId?: number) => {
  const base = questionQuery(db).orderBy('sort_name').orderBy('id_survey_questions').limit(1000);
  return (categoryId === undefined ? base : base.where('id_survey_categories', '=', categoryId)).execute();
};

export async function insertQuestion(db: Database, values: Insertable<SurveyQuestionTable>): Promise<number> {
  const row = await db
    .insertInto('survey_question')
    .values(values)
    .returning('id_survey_questions')
    .executeTakeFirstOrThrow();
  return row.id_survey_questions;
}
export async function updateQuestionRow(db: Database, id: number, values: Updateable<SurveyQuestionTable>) {
  await db.updateTable('survey_question').set(values).where('id_survey_questions', '=', id).execute();
}
export async function deleteQuestionRow(db: Database, id: number) {
  await db.deleteFrom('survey_question').where('id_survey_questions', '=', id).execute();
}
/** The surveys that have the question as a step (what keeps it from being deleted). */
export const findSurveysOfQuestion = (db: Database, id: number, limit = 20) =>
  db
    .selectFrom('survey_step')
    .innerJoin('survey_survey', 'survey_survey.id_survey_survey', 'survey_step.id_survey_survey')
    .select(['survey_survey.id_survey_survey as id', 'survey_survey.title'])
    .where('survey_step.id_survey_questions', '=', id)
    .groupBy(['survey_survey.id_survey_survey', 'survey_survey.title'])
    .orderBy('survey_survey.title')
    .limit(limit)
    .execute();

// ---- intros and completions -----------------------------------------------------------------------------------

const introQuery = builtOnce((db: Database) =>
  db
    .selectFrom('survey_intro')
    .select(['id_survey_intros', 'id_survey_categories', 'title', 'text', 'button_text', 'created_at', 'updated_at']),
);
export type IntroRow = Awaited<ReturnType<ReturnType<typeof introQuery>['executeTakeFirstOrThrow']>>;
const completionQuery = builtOnce((db: Database) =>
  db
    .selectFrom('survey_completion')
    .select([
      'id_survey_completions',
      'id_survey_categories',
      'title',
      'text',
      'button_text',
      'created_at',
      'updated_at',
    ]),
);
export type CompletionRow = Awaited<ReturnType<ReturnType<typeof completionQuery>['executeTakeFirstOrThrow']>>;

/** GET /survey/intros */
export const INTRO_LIST_SPEC: ListSpec<SurveyIntro> = {
  table: 'survey_intro',
  idColumn: 'id_survey_intros',
  idField: 'id',
  searchable: false,
  defaultSort: [['title', 1]],
  fields: {
    id: { column: 'survey_intro.id_survey_intros', type: 'number' },
    id_survey_intros: { column: 'survey_intro.id_survey_intros', type: 'number' },
    id_survey_categories: { column: 'survey_intro.id_survey_categories', type: 'number', nullable: true },
    title: { column: 'survey_intro.title', sortColumn: 'survey_intro.sort_name', type: 'string' },
    createdAt: { column: 'survey_intro.created_at', ...dates },
    updatedAt: { column: 'survey_intro.updated_at', ...dates },
  },
  selectable: contractFields(ZSurveyIntro),
};
/** GET /survey/completions */
export const COMPLETION_LIST_SPEC: ListSpec<SurveyCompletion> = {
  table: 'survey_completion',
  idColumn: 'id_survey_completions',
  idField: 'id',
  searchable: false,
  defaultSort: [['title', 1]],
  fields: {
    id: { column: 'survey_completion.id_survey_completions', type: 'number' },
    id_survey_completions: { column: 'survey_completion.id_survey_completions', type: 'number' },
    id_survey_categories: { column: 'survey_completion.id_survey_categories', type: 'number', nullable: true },
    title: { column: 'survey_completion.title', sortColumn: 'survey_completion.sort_name', type: 'string' },
    createdAt: { column: 'survey_completion.created_at', ...dates },
    updatedAt: { column: 'survey_completion.updated_at', ...dates },
  },
  selectable: contractFields(ZSurveyCompletion),
};

export function introListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = introQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'survey_intro.sort_name', words));
}
export function completionListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = completionQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'survey_completion.sort_name', words));
}
export const findIntro = (db: Database, id: number) =>
  introQuery(db).where('id_survey_intros', '=', id).executeTakeFirst();
export const findCompletion = (db: Database, id: number) =>
  completionQuery(db).where('id_survey_completions', '=', id).executeTakeFirst();
export const findAllIntros = (db: Database, categoryId?: number) => {
  const base = introQuery(db).orderBy('sort_name').orderBy('id_survey_intros').limit(1000);
  return (categoryId === undefined ? base : base.where('id_survey_categories', '=', categoryId)).execute();
};
export const findAllCompletions = (db: Database, categoryId?: number) => {
  const base = completionQuery(db).orderBy('sort_name').orderBy('id_survey_completions').limit(1000);
  return (categoryId === undefined ? base : base.where('id_survey_categories', '=', categoryId)).execute();
};

export async function insertIntro(db: Database, values: Insertable<SurveyIntroTable>): Promise<number> {
  const row = await db
    .insertInto('survey_intro')
    .values(values)
    .returning('id_survey_intros')
    .executeTakeFirstOrThrow();
  return row.id_survey_intros;
}
export async function insertCompletion(db: Database, values: Insertable<SurveyCompletionTable>): Promise<number> {
  const row = await db
    .insertInto('survey_completion')
    .values(values)
    .returning('id_survey_completions')
    .executeTakeFirstOrThrow();
  return row.id_survey_completions;
}
export async function updateIntroRow(db: Database, id: number, values: Updateable<SurveyIntroTable>) {
  await db.updateTable('survey_intro').set(values).where('id_survey_intros', '=', id).execute();
}
export async function updateCompletionRow(db: Database, id: number, values: Updateable<SurveyCompletionTable>) {
  await db.updateTable('survey_completion').set(values).where('id_survey_completions', '=', id).execute();
}
export async function deleteIntroRow(db: Database, id: number) {
  await db.deleteFrom('survey_intro').where('id_survey_intros', '=', id).execute();
}
export async function deleteCompletionRow(db: Database, id: number) {
  await db.deleteFrom('survey_completion').where('id_survey_completions', '=', id).execute();
}

// ---- surveys --------------------------------------------------------------------------------------------------

const surveyQuery = builtOnce((db: Database) =>
  db.selectFrom('survey_survey').select((eb) => [
    'survey_survey.id_survey_survey',
    'survey_survey.title',
    'survey_survey.description',
    'survey_survey.id_survey_intros',
    'survey_survey.id_survey_completions',
    'survey_survey.active',
    'survey_survey.created_at',
    'survey_survey.updated_at',
    eb
      .selectFrom('survey_response')
      .select((count) => count.fn.countAll<number>().as('n'))
      .whereRef('survey_response.id_survey_survey', '=', 'survey_survey.id_survey_survey')
      .as('response_count'),
  ]),
);
export type SurveyRow = Awaited<ReturnType<ReturnType<typeof surveyQuery>['executeTakeFirstOrThrow']>>;

/** GET /survey/surveys */
export const SURVEY_LIST_SPEC: ListSpec<Survey> = {
  table: 'survey_survey',
  idColumn: 'id_survey_survey',
  idField: 'id',
  searchable: false,
  defaultSort: [['title', 1]],
  fields: {
    id: { column: 'survey_survey.id_survey_survey', type: 'number' },
    id_survey_survey: { column: 'survey_survey.id_survey_survey', type: 'number' },
    title: { column: 'survey_survey.title', sortColumn: 'survey_survey.sort_name', type: 'string' },
    active: { column: 'survey_survey.active', type: 'boolean' },
    id_survey_intros: { column: 'survey_survey.id_survey_intros', type: 'number', nullable: true },
    id_survey_completions: { column: 'survey_survey.id_survey_completions', type: 'number', nullable: true },
    createdAt: { column: 'survey_survey.created_at', ...dates },
    updatedAt: { column: 'survey_survey.updated_at', ...dates },
  },
  selectable: contractFields(ZSurvey),
};

export function surveyListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = surveyQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'survey_survey.sort_name', words));
}
export const findSurvey = (db: Database, id: number) =>
  surveyQuery(db).where('survey_survey.id_survey_survey', '=', id).executeTakeFirst();
export const findAllSurveys = (db: Database) =>
  surveyQuery(db).orderBy('survey_survey.sort_name').orderBy('survey_survey.id_survey_survey').limit(1000).execute();

/** The question ids of the surveys' steps, in order. */
export async function findSteps(db: Database, surveyIds: readonly number[]): Promise<Map<number, number[]>> {
  const steps = new Map<number, number[]>();
  if (surveyIds.length === 0) return steps;
  const rows = await db
    .selectFrom('survey_step')
    .select(['id_survey_survey', 'id_survey_questions'])
    .where('id_survey_survey', 'in', surveyIds)
    .orderBy('id_survey_survey')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const row of rows)
    steps.set(row.id_survey_survey, [...(steps.get(row.id_survey_survey) ?? []), row.id_survey_questions]);
  return steps;
}

export async function replaceSteps(db: Database, surveyId: number, questionIds: readonly number[]) {
  await db.deleteFrom('survey_step').where('id_survey_survey', '=', surveyId).execute();
  if (questionIds.length === 0) return;
  await db
    .insertInto('survey_step')
    .values(questionIds.map((id, position) => ({ id_survey_survey: surveyId, id_survey_questions: id, position })))
    .execute();
}

export async function insertSurvey(db: Database, values: Insertable<SurveySurveyTable>): Promise<number> {
  const row = await db
    .insertInto('survey_survey')
    .values(values)
    .returning('id_survey_survey')
    .executeTakeFirstOrThrow();
  return row.id_survey_survey;
}
export async function updateSurveyRow(db: Database, id: number, values: Updateable<SurveySurveyTable>) {
  await db.updateTable('survey_survey').set(values).where('id_survey_survey', '=', id).execute();
}
export async function deleteSurveyRow(db: Database, id: number) {
  await db.deleteFrom('survey_survey').where('id_survey_survey', '=', id).execute();
}

// ---- results --------------------------------------------------------------------------------------------------

/** Number of responses and the first and last answer time. */
export const responseSummary = (db: Database, surveyId: number) =>
  db
    .selectFrom('survey_response')
    .select((eb) => [
      eb.fn.countAll<number>().as('responses'),
      eb.fn.min('submitted_at').as('first_at'),
      eb.fn.max('submitted_at').as('last_at'),
    ])
    .where('id_survey_survey', '=', surveyId)
    .executeTakeFirstOrThrow();

const answersOf = (db: Database, surveyId: number) =>
  db
    .selectFrom('survey_answer')
    .innerJoin('survey_response', 'survey_response.id', 'survey_answer.id_survey_response')
    .where('survey_response.id_survey_survey', '=', surveyId);

/** Per answered question: how many answered, and the average, least and greatest number. */
export const answerTotals = (db: Database, surveyId: number) =>
  answersOf(db, surveyId)
    .select((eb) => [
      'survey_answer.id_survey_questions',
      eb.fn.countAll<number>().as('answered'),
      eb.fn.avg<number | null>('survey_answer.value_number').as('average'),
      eb.fn.min('survey_answer.value_number').as('min'),
      eb.fn.max('survey_answer.value_number').as('max'),
    ])
    .groupBy('survey_answer.id_survey_questions')
    .execute();

/** Count per number (histogram of number and scale questions). */
export const numberCounts = (db: Database, surveyId: number, questionIds: readonly number[]) =>
  questionIds.length === 0
    ? Promise.resolve([])
    : answersOf(db, surveyId)
        .select((eb) => [
          'survey_answer.id_survey_questions',
          'survey_answer.value_number',
          eb.fn.countAll<number>().as('n'),
        ])
        .where('survey_answer.id_survey_questions', 'in', questionIds)
        .where('survey_answer.value_number', 'is not', null)
        .groupBy(['survey_answer.id_survey_questions', 'survey_answer.value_number'])
        .orderBy('survey_answer.value_number')
        .execute();

/** Count per date (date questions). */
export const dateCounts = (db: Database, surveyId: number, questionIds: readonly number[]) =>
  questionIds.length === 0
    ? Promise.resolve([])
    : answersOf(db, surveyId)
        .select((eb) => [
          'survey_answer.id_survey_questions',
          'survey_answer.value_date',
          eb.fn.countAll<number>().as('n'),
        ])
        .where('survey_answer.id_survey_questions', 'in', questionIds)
        .where('survey_answer.value_date', 'is not', null)
        .groupBy(['survey_answer.id_survey_questions', 'survey_answer.value_date'])
        .orderBy('survey_answer.value_date')
        .execute();

/**
 * Count per distinct answer of choice, multichoice and yes/no questions (the chosen value in `value_text`, the
 * chosen values as a JSON array in `value_choices`, yes/no as 1/0 in `value_number`); the service splits the arrays.
 */
export const choiceCounts = (db: Database, surveyId: number, questionIds: readonly number[]) =>
  questionIds.length === 0
    ? Promise.resolve([])
    : answersOf(db, surveyId)
        .select((eb) => [
          'survey_answer.id_survey_questions',
          'survey_answer.value_text',
          'survey_answer.value_choices',
          'survey_answer.value_number',
          eb.fn.countAll<number>().as('n'),
        ])
        .where('survey_answer.id_survey_questions', 'in', questionIds)
        .groupBy([
          'survey_answer.id_survey_questions',
          'survey_answer.value_text',
          'survey_answer.value_choices',
          'survey_answer.value_number',
        ])
        .execute();

/** The latest answers of a text question. */
export const latestTexts = (db: Database, surveyId: number, questionId: number, limit = 50) =>
  answersOf(db, surveyId)
    .select(['survey_answer.value_text', 'survey_response.submitted_at'])
    .where('survey_answer.id_survey_questions', '=', questionId)
    .where('survey_answer.value_text', 'is not', null)
    .orderBy('survey_response.submitted_at', 'desc')
    .orderBy('survey_response.id', 'desc')
    .limit(limit)
    .execute();

/** The ids of the questions answered in a survey (a removed step's answers still count). */
export const answeredQuestionIds = async (db: Database, surveyId: number) =>
  (
    await answersOf(db, surveyId)
      .select('survey_answer.id_survey_questions')
      .distinct()
      .orderBy('survey_answer.id_survey_questions')
      .execute()
  ).map((row) => row.id_survey_questions);

/** The responses of a survey with the traveller's name (null when the account is gone), oldest first. */
export const responsesForExport = (db: Database, surveyId: number) =>
  db
    .selectFrom('survey_response')
    .leftJoin('user_account', 'user_account.id', 'survey_response.id_user')
    .select([
      'survey_response.id',
      'survey_response.submitted_at',
      'survey_response.id_booking',
      'survey_response.id_user',
      'user_account.firstname',
      'user_account.lastname',
    ])
    .where('survey_response.id_survey_survey', '=', surveyId)
    .orderBy('survey_response.submitted_at')
    .orderBy('survey_response.id')
    .execute();

export const answersForExport = (db: Database, surveyId: number) =>
  answersOf(db, surveyId)
    .select([
      'survey_answer.id_survey_response',
      'survey_answer.id_survey_questions',
      'survey_answer.value_text',
      'survey_answer.value_number',
      'survey_answer.value_date',
      'survey_answer.value_choices',
    ])
    .execute();

/** Whether a row with this id exists (for 400 on a bad reference). */
export async function existingIds(
  db: Database,
  table: 'survey_category' | 'survey_intro' | 'survey_completion' | 'survey_question',
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const column = {
    survey_category: 'id_survey_categories',
    survey_intro: 'id_survey_intros',
    survey_completion: 'id_survey_completions',
    survey_question: 'id_survey_questions',
  }[table];
  const rows = await sql<{
    id: number;
  }>`select ${sql.ref(column)} as id from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(ids)})`.execute(
    db,
  );
  return new Set(rows.rows.map((row) => Number(row.id)));
}
