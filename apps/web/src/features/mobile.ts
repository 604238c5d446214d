import type { MobileFeature } from '../lib/feature.ts';
import { busLocationMobile } from './bus-location/bus-location.mobile.ts';
import { diaryMobile } from './diary/diary.mobile.ts';
import { driverAppMobile } from './driver-app/driver-app.mobile.ts';
import { myJourneysMobile } from './my-journeys/my-journeys.mobile.ts';
import { suitcaseMobile } from './suitcase/suitcase.mobile.ts';
import { travelMenuMobile } from './travel-menu/travel-menu.mobile.ts';
import { notificationsMobile } from './notifications/notifications.mobile.ts';
import { surveyAnswersMobile } from './survey-answers/survey-answers.mobile.ts';
import { chatMobile } from './chat/chat.mobile.ts';

/**
 * The features with screens in the traveller and driver app (`/appuser/…`, `/driver/…`), in the order of
 * features/index.ts. The phone app reads only this list, never features/index.ts: the back office's registrations
 * (react-admin resources, MUI icons) stay out of the phone's first load (docs/adr/0020). A feature with phone
 * screens keeps them in its `<name>.mobile.ts`, spreads that into its `<name>.feature.tsx` and is listed here.
 */
export const MOBILE_FEATURES: readonly MobileFeature[] = [
  suitcaseMobile,
  travelMenuMobile,
  diaryMobile,
  driverAppMobile,
  myJourneysMobile,
  busLocationMobile,
  notificationsMobile,
  surveyAnswersMobile,
  chatMobile,
];
