import type {
  MySurvey,
  MySurveySource,
  SurveyAnswerQuestion,
  SurveyChoice,
  SurveyResponseBody,
  SurveyResponseCreated,
  SurveyToAnswer,
} from '@tourdesk/contracts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import { ApiError, fieldError, invalidField, notFound } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import { berlinToday } from '../traveller-trips/traveller-trips.service.ts';
import {
  findInboxSurveys,
  findResponses,
  findSteps,
  findSurvey,
  findSurveysByIds,
  findTripSurveys,
  insertResponse,
  markInboxOpened,
} from './survey-answers.repository.ts';
import { checkAnswers } from './survey-answers.rules.ts';

/**
 * The traveller answering surveys (issue #16, docs/adr/0023 "Surveys"). `surveySources` is the one check of who
 * may see and answer a survey: it reached them through a message in their inbox, or it is the feedback survey of
 * the journey of one of their confirmed, travelling trips that is over (Europe/Berlin). Anything else is 404.
 */

/** YYYY-MM-DD of a date column (a string on SQLite and here on PostgreSQL, a Date from some drivers). */
const day = (value: string | Date | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

type InboxSource = Extract<MySurveySource, { kind: 'notification' }> & { surveyId: number };
type TripSource = Extract<MySurveySource, { kind: 'trip' }> & { surveyId: number };

/** Where survey `surveyId` (or every survey) reached the user: inbox entries, then finished trips. */
export async function surveySources(
  ctx: DbContext,
  userId: number,
  surveyId?: number,
  now = new Date(),
): Promise<{ inbox: InboxSource[]; trips: TripSource[] }> {
  const today = berlinToday(now);
  const [inbox, trips] = await Promise.all([
    findInboxSurveys(ctx.db, userId, surveyId),
    findTripSurveys(ctx.db, userId, surveyId),
  ]);
  return {
    inbox: inbox.map((row) => ({
      kind: 'notification',
      id_notification: row.inboxId,
      id_pushnotifications: row.id_pushnotifications,
      title: row.title,
      surveyId: row.surveyId,
    })),
    trips: trips
      .filter((row) => row.surveyId !== null && (day(row.dateTill) ?? day(row.dateFrom) ?? today) < today)
      .map((row) => ({
        kind: 'trip',
        id_booking: row.bookingId,
        journeyTitle: row.bookingTitle ?? row.journeyTitle,
        surveyId: Number(row.surveyId),
      })),
  };
}

/** The sources of the survey, or 404 when it did not reach the user (nor exists). */
async function assertMayAnswer(ctx: DbContext, userId: number, surveyId: number, now: Date) {
  const sources = await surveySources(ctx, userId, surveyId, now);
  if (sources.inbox.length === 0 && sources.trips.length === 0) throw notFound();
  return sources;
}

const parseChoices = (json: string | null): SurveyChoice[] => {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
      .map((item) => ({ text: String(item.text ?? item.value ?? ''), value: String(item.value ?? item.text ?? '') }));
  } catch {
    return [];
  }
};

const num = (value: number | string | null) => (value === null ? null : Number(value));

type StepRow = Awaited<ReturnType<typeof findSteps>>[number];

const toQuestion = (row: StepRow): SurveyAnswerQuestion => ({
  id_survey_questions: row.id_survey_questions,
  title: row.title,
  type: row.type,
  answer_format: row.answer_format,
  hint: row.hint,
  required: Boolean(row.required),
  min_date: day(row.min_date),
  max_date: day(row.max_date),
  positive_answer: row.positive_answer,
  negative_answer: row.negative_answer,
  step: num(row.step),
  default_value: num(row.default_value),
  default_description: row.default_description,
  min_value: num(row.min_value),
  min_description: row.min_description,
  max_value: num(row.max_value),
  max_description: row.max_description,
  choices: parseChoices(row.choices),
});

async function loadSurvey(ctx: DbContext, surveyId: number) {
  const survey = await findSurvey(ctx.db, surveyId);
  if (!survey) throw notFound();
  const steps = (await findSteps(ctx.db, surveyId)).map((row) => ({
    position: row.position,
    question: toQuestion(row),
  }));
  return { survey, steps };
}

/** GET /app/surveys/{id}: the survey to answer, with whether (and when) the user answered it. */
export async function getSurveyToAnswer(
  ctx: DbContext,
  userId: number,
  surveyId: number,
  now = new Date(),
): Promise<SurveyToAnswer> {
  await assertMayAnswer(ctx, userId, surveyId, now);
  const [{ survey, steps }, responses] = await Promise.all([
    loadSurvey(ctx, surveyId),
    findResponses(ctx.db, userId, [surveyId]),
  ]);
  const response = responses[0];
  return {
    id: survey.id_survey_survey,
    id_survey_survey: survey.id_survey_survey,
    title: survey.title,
    description: survey.description,
    active: Boolean(survey.active),
    intro:
      survey.introTitle === null
        ? null
        : { title: survey.introTitle, text: survey.introText ?? '', button_text: survey.introButton },
    steps,
    completion:
      survey.completionTitle === null
        ? null
        : { title: survey.completionTitle, text: survey.completionText ?? '', button_text: survey.completionButton },
    answered: response !== undefined,
    submittedAt: response ? toIso(response.submitted_at) : null,
  };
}

const alreadyAnswered = () => new ApiError(409, 'error.surveyAlreadyAnswered');

/**
 * POST /app/surveys/{id}/responses: checks every answer against its question (all errors at once) and stores the
 * response with its typed answers in one transaction. A second response of the user is 409
 * `error.surveyAlreadyAnswered` — decided by the unique index, so two parallel posts store one.
 */
export async function submitResponse(
  ctx: DbContext,
  userId: number,
  surveyId: number,
  body: SurveyResponseBody,
  now = new Date(),
): Promise<SurveyResponseCreated> {
  const sources = await assertMayAnswer(ctx, userId, surveyId, now);
  const { survey, steps } = await loadSurvey(ctx, surveyId);
  if (!survey.active) throw new ApiError(409, 'error.surveyClosed');
  if ((await findResponses(ctx.db, userId, [surveyId])).length > 0) throw alreadyAnswered();

  // Where the answer comes from: what the app says, else the first way the survey reached the user.
  const neither = body.id_notification === undefined && body.id_booking === undefined;
  const inbox = neither
    ? sources.inbox[0]
    : sources.inbox.find((source) => source.id_notification === body.id_notification);
  if (body.id_notification !== undefined && !inbox) throw invalidField('id_notification', 'error.invalid');
  const trip =
    neither && !inbox ? sources.trips[0] : sources.trips.find((source) => source.id_booking === body.id_booking);
  if (body.id_booking !== undefined && !trip) throw invalidField('id_booking', 'error.invalid');

  const { errors, rows } = checkAnswers(
    steps.map((step) => step.question),
    body.answers,
  );
  const [first] = errors;
  if (first) {
    throw new ApiError(
      400,
      first.key,
      errors.map((error) => fieldError(error.field, error.key)),
    );
  }

  const submittedAt = now.toISOString();
  try {
    const created = await inTransaction(ctx, async (trx) => {
      const response = await insertResponse(
        trx.db,
        {
          surveyId,
          userId,
          pushNotificationId: inbox?.id_pushnotifications ?? null,
          bookingId: trip?.id_booking ?? null,
          submittedAt,
        },
        rows,
      );
      if (inbox) await markInboxOpened(trx.db, inbox.id_notification, submittedAt);
      return response;
    });
    return { id: created.id, id_survey_survey: surveyId, submittedAt: toIso(created.submitted_at) ?? submittedAt };
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyAnswered();
    throw error;
  }
}

/** GET /app/my-surveys: the surveys that reached the user — from the inbox, then finished trips — newest first. */
export async function listMySurveys(ctx: DbContext, userId: number, now = new Date()): Promise<MySurvey[]> {
  const sources = await surveySources(ctx, userId, undefined, now);
  const all = [...sources.inbox, ...sources.trips];
  const ids = [...new Set(all.map((source) => source.surveyId))];
  const [surveys, responses] = await Promise.all([findSurveysByIds(ctx.db, ids), findResponses(ctx.db, userId, ids)]);
  const surveyOf = new Map(surveys.map((survey) => [survey.id_survey_survey, survey]));
  const responseOf = new Map(responses.map((response) => [response.id_survey_survey, response]));
  return all.flatMap(({ surveyId, ...source }) => {
    const survey = surveyOf.get(surveyId);
    if (!survey) return [];
    const response = responseOf.get(surveyId);
    return [
      {
        id_survey_survey: surveyId,
        title: survey.title,
        description: survey.description,
        active: Boolean(survey.active),
        answered: response !== undefined,
        submittedAt: response ? toIso(response.submitted_at) : null,
        source,
      },
    ];
  });
}
