import { HOLDING_STATUSES } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import type { TypedAnswer } from './survey-answers.rules.ts';

/** The surveys attached to messages in the user's inbox (optionally only survey `surveyId`). */
export function findInboxSurveys(db: Database, userId: number, surveyId?: number) {
  let query = db
    .selectFrom('user_notification')
    .innerJoin(
      'push_notification_survey',
      'push_notification_survey.id_pushnotifications',
      'user_notification.id_pushnotifications',
    )
    .innerJoin('push_notification', 'push_notification.id_pushnotifications', 'user_notification.id_pushnotifications')
    .select([
      'user_notification.id as inboxId',
      'user_notification.id_pushnotifications',
      'push_notification.title',
      'push_notification_survey.id_survey_survey as surveyId',
    ])
    .where('user_notification.id_user', '=', userId);
  if (surveyId !== undefined) query = query.where('push_notification_survey.id_survey_survey', '=', surveyId);
  return query
    .orderBy('user_notification.created_at', 'desc')
    .orderBy('user_notification.id', 'desc')
    .orderBy('push_notification_survey.position')
    .execute();
}

/**
 * The feedback surveys of the journeys of the user's confirmed trips that are travelling (option, firm,
 * processing), with the departure's dates; the caller keeps those that are over.
 */
export function findTripSurveys(db: Database, userId: number, surveyId?: number) {
  let query = db
    .selectFrom('traveller_booking')
    .innerJoin('booking', 'booking.id', 'traveller_booking.id_booking')
    .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .select([
      'booking.id as bookingId',
      'booking.title as bookingTitle',
      'jrn_journey.title as journeyTitle',
      'jrn_journey.id_survey_survey as surveyId',
      'jrn_date.date_from as dateFrom',
      'jrn_date.date_till as dateTill',
    ])
    .where('traveller_booking.id_user', '=', userId)
    .where('traveller_booking.status', '=', 'confirmed')
    .where('booking.status', 'in', HOLDING_STATUSES)
    .where('jrn_journey.id_survey_survey', 'is not', null);
  if (surveyId !== undefined) query = query.where('jrn_journey.id_survey_survey', '=', surveyId);
  return query.orderBy('jrn_date.date_from', 'desc').orderBy('booking.id', 'desc').execute();
}

export const findSurvey = (db: Database, surveyId: number) =>
  db
    .selectFrom('survey_survey')
    .leftJoin('survey_intro', 'survey_intro.id_survey_intros', 'survey_survey.id_survey_intros')
    .leftJoin('survey_completion', 'survey_completion.id_survey_completions', 'survey_survey.id_survey_completions')
    .select([
      'survey_survey.id_survey_survey',
      'survey_survey.title',
      'survey_survey.description',
      'survey_survey.active',
      'survey_intro.title as introTitle',
      'survey_intro.text as introText',
      'survey_intro.button_text as introButton',
      'survey_completion.title as completionTitle',
      'survey_completion.text as completionText',
      'survey_completion.button_text as completionButton',
    ])
    .where('survey_survey.id_survey_survey', '=', surveyId)
    .executeTakeFirst();

export const findSurveysByIds = (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('survey_survey')
        .select(['id_survey_survey', 'title', 'description', 'active'])
        .where('id_survey_survey', 'in', ids)
        .execute();

export const findSteps = (db: Database, surveyId: number) =>
  db
    .selectFrom('survey_step')
    .innerJoin('survey_question', 'survey_question.id_survey_questions', 'survey_step.id_survey_questions')
    .selectAll('survey_question')
    .select('survey_step.position')
    .where('survey_step.id_survey_survey', '=', surveyId)
    .orderBy('survey_step.position')
    .orderBy('survey_step.id')
    .execute();

/** The user's responses to the given surveys. */
export const findResponses = (db: Database, userId: number, surveyIds: readonly number[]) =>
  surveyIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('survey_response')
        .select(['id', 'id_survey_survey', 'submitted_at'])
        .where('id_user', '=', userId)
        .where('id_survey_survey', 'in', surveyIds)
        .execute();

/** Inserts the response and its answers (in the caller's transaction); a second one violates `survey_response_once`. */
export async function insertResponse(
  db: Database,
  response: {
    surveyId: number;
    userId: number;
    pushNotificationId: number | null;
    bookingId: number | null;
    submittedAt: string;
  },
  answers: readonly TypedAnswer[],
) {
  const row = await db
    .insertInto('survey_response')
    .values({
      id_survey_survey: response.surveyId,
      id_user: response.userId,
      id_pushnotifications: response.pushNotificationId,
      id_booking: response.bookingId,
      submitted_at: response.submittedAt,
    })
    .returning(['id', 'submitted_at'])
    .executeTakeFirstOrThrow();
  if (answers.length > 0) {
    await db
      .insertInto('survey_answer')
      .values(answers.map((answer) => ({ ...answer, id_survey_response: row.id })))
      .execute();
  }
  return row;
}

/** The inbox entry counts as opened (and read) from the first answer on. */
export async function markInboxOpened(db: Database, inboxId: number, now: string) {
  await db
    .updateTable('user_notification')
    .set({ opened_at: now })
    .where('id', '=', inboxId)
    .where('opened_at', 'is', null)
    .execute();
  await db
    .updateTable('user_notification')
    .set({ read_at: now })
    .where('id', '=', inboxId)
    .where('read_at', 'is', null)
    .execute();
}
