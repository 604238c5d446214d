import type { Database } from '../db/database.ts';

/** SQL of the survey demo (seed/demo-surveys.ts). */

/** Up to `limit` active app accounts (the demo traveller first), with their latest booking if they have one. */
export const findDemoTravellers = (db: Database, limit: number) =>
  db
    .selectFrom('user_account')
    .select(['user_account.id', 'user_account.email'])
    .where('user_account.kind', '=', 'app')
    .orderBy('user_account.id')
    .limit(limit)
    .execute();

/** A firm booking to link a demo response to (the export shows its number). */
export const findSomeBookings = async (db: Database, limit: number) =>
  (await db.selectFrom('booking').select('id').where('status', '=', 'firm').orderBy('id').limit(limit).execute()).map(
    (row) => row.id,
  );

export type DemoAnswer = {
  question: number;
  text?: string;
  number?: number;
  choices?: string[];
};

export async function insertDemoResponse(
  db: Database,
  response: { survey: number; user: number | null; booking: number | null; submittedAt: string; answers: DemoAnswer[] },
) {
  const row = await db
    .insertInto('survey_response')
    .values({
      id_survey_survey: response.survey,
      id_user: response.user,
      id_booking: response.booking,
      submitted_at: response.submittedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (response.answers.length === 0) return;
  await db
    .insertInto('survey_answer')
    .values(
      response.answers.map((answer) => ({
        id_survey_response: row.id,
        id_survey_questions: answer.question,
        value_text: answer.text ?? null,
        value_number: answer.number ?? null,
        value_date: null,
        value_choices: answer.choices ? JSON.stringify(answer.choices) : null,
      })),
    )
    .execute();
}
