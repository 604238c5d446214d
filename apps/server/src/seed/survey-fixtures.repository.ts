import type { Insertable } from 'kysely';
import type { SurveyChoice, SurveyQuestionType } from '@tourdesk/contracts';
import type { SurveyQuestionTable } from '../features/surveys/surveys.table.ts';
import type { DbContext } from '../types.ts';

/**
 * A question of a survey written straight into the tables (the staff's survey screens are another feature's);
 * optional unless `required`.
 */
export type SurveyQuestionFixture = Omit<Insertable<SurveyQuestionTable>, 'choices' | 'type' | 'title'> & {
  title: string;
  type: SurveyQuestionType;
  choices?: SurveyChoice[];
};

export type SurveyFixture = {
  title: string;
  description?: string | null;
  active?: boolean;
  intro?: { title: string; text: string; button_text?: string | null } | null;
  completion?: { title: string; text: string } | null;
  questions: SurveyQuestionFixture[];
};

/**
 * A survey with its intro, questions (one step each, in order) and completion, for tests and the demo data
 * (issue #16, the traveller answering). Returns the survey's and the questions' ids.
 */
export async function createSurveyFixture(
  ctx: DbContext,
  survey: SurveyFixture,
): Promise<{ id: number; questionIds: number[] }> {
  const intro = survey.intro
    ? await ctx.db
        .insertInto('survey_intro')
        .values({ title: survey.intro.title, text: survey.intro.text, button_text: survey.intro.button_text ?? null })
        .returning('id_survey_intros')
        .executeTakeFirstOrThrow()
    : null;
  const completion = survey.completion
    ? await ctx.db
        .insertInto('survey_completion')
        .values({ title: survey.completion.title, text: survey.completion.text, button_text: null })
        .returning('id_survey_completions')
        .executeTakeFirstOrThrow()
    : null;
  const created = await ctx.db
    .insertInto('survey_survey')
    .values({
      title: survey.title,
      description: survey.description ?? null,
      id_survey_intros: intro?.id_survey_intros ?? null,
      id_survey_completions: completion?.id_survey_completions ?? null,
      active: ctx.dialect === 'sqlite' ? Number(survey.active ?? true) : (survey.active ?? true),
    })
    .returning('id_survey_survey')
    .executeTakeFirstOrThrow();
  const questionIds: number[] = [];
  for (const [position, question] of survey.questions.entries()) {
    const { choices, required, ...rest } = question;
    const row = await ctx.db
      .insertInto('survey_question')
      .values({
        ...rest,
        required: ctx.dialect === 'sqlite' ? Number(required ?? false) : (required ?? false),
        choices: JSON.stringify(choices ?? []),
      })
      .returning('id_survey_questions')
      .executeTakeFirstOrThrow();
    questionIds.push(row.id_survey_questions);
    await ctx.db
      .insertInto('survey_step')
      .values({
        id_survey_survey: created.id_survey_survey,
        id_survey_questions: row.id_survey_questions,
        position: position + 1,
      })
      .execute();
  }
  return { id: created.id_survey_survey, questionIds };
}

/** Makes the survey the feedback survey of the journey with this code (demo data); false when there is none. */
export async function setFeedbackSurveyOfJourney(ctx: DbContext, journeyCode: string, surveyId: number) {
  const result = await ctx.db
    .updateTable('jrn_journey')
    .set({ id_survey_survey: surveyId })
    .where('code', '=', journeyCode)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
