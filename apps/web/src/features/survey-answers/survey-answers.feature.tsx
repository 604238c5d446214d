import type { FeatureModule } from '../../lib/feature.ts';
import { surveyAnswersMobile } from './survey-answers.mobile.ts';

/** Travellers answer surveys in the app (issue #16, docs/adr/0023 "Surveys"). */
export const surveyAnswersFeature: FeatureModule = { ...surveyAnswersMobile };
