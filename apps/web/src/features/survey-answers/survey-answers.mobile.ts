import { type LocaleFile, type MobileFeature, lazyPage, localeLoaders } from '../../lib/feature.ts';

const SurveyScreen = lazyPage(
  () => import('./survey-screen.tsx'),
  (m) => m.SurveyScreen,
);

/**
 * The traveller answering a survey on the phone (issue #16): opened from a message of the inbox
 * (`?notification=`) or from a past journey's "Reise bewerten" (`?booking=`); no entry of its own in the menu.
 */
export const surveyAnswersMobile: MobileFeature = {
  name: 'survey-answers',
  mobileRoutes: [{ path: '/appuser/survey/:id', component: SurveyScreen, permissions: ['pushmessage-read'] }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
