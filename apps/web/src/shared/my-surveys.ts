import type { MySurvey } from '@tourdesk/contracts';
import { api } from '../lib/api-client.ts';

/**
 * The surveys that reached the traveller (GET /app/my-surveys, issue #16): from messages of their inbox and as the
 * feedback of their finished trips. The survey screen and the past journey's "Reise bewerten" card read them here.
 */
export const mySurveysKey = ['my-surveys'] as const;

export const fetchMySurveys = (): Promise<MySurvey[]> => api<MySurvey[]>('/app/my-surveys');

/** The phone's address of a survey, answered from where it reached the traveller. */
export const surveyPath = (survey: Pick<MySurvey, 'id_survey_survey' | 'source'>): string =>
  survey.source.kind === 'trip'
    ? `/appuser/survey/${survey.id_survey_survey}?booking=${survey.source.id_booking}`
    : `/appuser/survey/${survey.id_survey_survey}?notification=${survey.source.id_notification}`;

/** The open feedback survey of a finished trip (not yet answered, still active), if any. */
export const feedbackOfTrip = (surveys: readonly MySurvey[], bookingId: number): MySurvey | undefined =>
  surveys.find(
    (survey) =>
      survey.source.kind === 'trip' && survey.source.id_booking === bookingId && !survey.answered && survey.active,
  );
