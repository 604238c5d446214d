import type { Generated } from 'kysely';
import type { SurveyQuestionType } from '@tourdesk/contracts';

/** spec §3 Survey: categories group questions, intros and completions. */
export type SurveyCategoryTable = {
  id_survey_categories: Generated<number>;
  title: string;
  sort_name: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

export type SurveyQuestionTable = {
  id_survey_questions: Generated<number>;
  id_survey_categories: number | null;
  title: string;
  sort_name: Generated<string>;
  type: SurveyQuestionType;
  answer_format: string | null;
  hint: string | null;
  required: Generated<number | boolean>;
  min_date: string | Date | null;
  max_date: string | Date | null;
  positive_answer: string | null;
  negative_answer: string | null;
  step: number | null;
  default_value: number | null;
  default_description: string | null;
  min_value: number | null;
  min_description: string | null;
  max_value: number | null;
  max_description: string | null;
  /** JSON array of `{ text, value }` */
  choices: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** The first page of a survey (survey_intro) or its last (survey_completion). */
export type SurveyPageTable<Id extends string> = {
  [K in Id]: Generated<number>;
} & {
  id_survey_categories: number | null;
  title: string;
  sort_name: Generated<string>;
  text: Generated<string>;
  button_text: string | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
export type SurveyIntroTable = SurveyPageTable<'id_survey_intros'>;
export type SurveyCompletionTable = SurveyPageTable<'id_survey_completions'>;

export type SurveySurveyTable = {
  id_survey_survey: Generated<number>;
  title: string;
  sort_name: Generated<string>;
  description: string | null;
  id_survey_intros: number | null;
  id_survey_completions: number | null;
  active: Generated<number | boolean>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

export type SurveyStepTable = {
  id: Generated<number>;
  id_survey_survey: number;
  id_survey_questions: number;
  position: Generated<number>;
};

/** One traveller's answers to one survey (at most one per traveller and survey). */
export type SurveyResponseTable = {
  id: Generated<number>;
  id_survey_survey: number;
  id_user: number | null;
  id_pushnotifications: number | null;
  id_booking: number | null;
  submitted_at: Generated<string | Date>;
};

export type SurveyAnswerTable = {
  id_survey_response: number;
  id_survey_questions: number;
  value_text: string | null;
  value_number: number | null;
  value_date: string | Date | null;
  /** JSON array of the chosen values */
  value_choices: string | null;
};
