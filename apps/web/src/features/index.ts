import type { FeatureModule } from '../lib/feature.ts';
import { accountFeature } from './account/account.feature.tsx';
import { agenciesFeature } from './agencies/agencies.feature.tsx';
import { authFeature } from './auth/auth.feature.tsx';
import { boardingPointsFeature } from './boarding-points/boarding-points.feature.tsx';
import { bookingWizardFeature } from './booking-wizard/booking-wizard.feature.tsx';
import { bookingsFeature } from './bookings/bookings.feature.tsx';
import { documentsFeature } from './documents/documents.feature.tsx';
import { brandsFeature } from './brands/brands.feature.tsx';
import { customersFeature } from './customers/customers.feature.tsx';
import { departuresFeature } from './departures/departures.feature.tsx';
import { destinationsFeature } from './destinations/destinations.feature.tsx';
import { driversFeature } from './drivers/drivers.feature.tsx';
import { busLocationFeature } from './bus-location/bus-location.feature.tsx';
import { journeyCategoriesFeature } from './journey-categories/journey-categories.feature.tsx';
import { webMenusFeature } from './web-menus/web-menus.feature.tsx';
import { productGroupsFeature } from './product-groups/product-groups.feature.tsx';
import { defaultComponentsFeature } from './default-components/default-components.feature.tsx';
import { journeysFeature } from './journeys/journeys.feature.tsx';
import { manifestsFeature } from './manifests/manifests.feature.tsx';
import { mailFeature } from './mail/mail.feature.tsx';
import { emailFeature } from './email/email.feature.tsx';
import { processesFeature } from './processes/processes.feature.tsx';
import { myJourneysFeature } from './my-journeys/my-journeys.feature.tsx';
import { rolesFeature } from './roles/roles.feature.tsx';
import { seatPlansFeature } from './seat-plans/seat-plans.feature.tsx';
import { settingsFeature } from './settings/settings.feature.tsx';
import { cronjobsFeature } from './cronjobs/cronjobs.feature.tsx';
import { usersFeature } from './users/users.feature.tsx';
import { suitcaseFeature } from './suitcase/suitcase.feature.tsx';
import { travelMenuFeature } from './travel-menu/travel-menu.feature.tsx';
import { diaryFeature } from './diary/diary.feature.tsx';
import { driverAppFeature } from './driver-app/driver-app.feature.tsx';
import { newsletterTemplatesFeature } from './newsletter-templates/newsletter-templates.feature.tsx';
import { newsletterAnalysisFeature } from './newsletter-analysis/newsletter-analysis.feature.tsx';
import { newsletterCampaignsFeature } from './newsletter-campaigns/newsletter-campaigns.feature.tsx';
import { newsletterContactsFeature } from './newsletter-contacts/newsletter-contacts.feature.tsx';
import { blogFeature } from './blog/blog.feature.tsx';
import { contentPagesFeature } from './content-pages/content-pages.feature.tsx';
import { imagesFeature } from './images/images.feature.tsx';
import { stockImagesFeature } from './stock-images/stock-images.feature.tsx';
import { notificationsFeature } from './notifications/notifications.feature.tsx';
import { pushNotificationsFeature } from './push-notifications/push-notifications.feature.tsx';
import { surveysFeature } from './surveys/surveys.feature.tsx';
import { surveyAnswersFeature } from './survey-answers/survey-answers.feature.tsx';
import { calendarFeature } from './calendar/calendar.feature.tsx';
import { chatFeature } from './chat/chat.feature.tsx';
import { todosFeature } from './todos/todos.feature.tsx';
import { dataImportFeature } from './data-import/data-import.feature.tsx';
import { taskBoardFeature } from './task-board/task-board.feature.tsx';
import { thirdPartyFeature } from './thirdparty/thirdparty.feature.tsx';
import { debugFeature } from './debug/debug.feature.tsx';

/**
 * Every web feature of this installation. The shell takes resources, routes, menu entries, dashboard tiles,
 * translations and read-only fields from here; a new feature is one folder and one line below.
 */
export const FEATURES: readonly FeatureModule[] = [
  authFeature,
  accountFeature,
  agenciesFeature,
  customersFeature,
  driversFeature,
  journeysFeature,
  usersFeature,
  rolesFeature,
  settingsFeature,
  cronjobsFeature,
  brandsFeature,
  mailFeature,
  emailFeature,
  journeyCategoriesFeature,
  webMenusFeature,
  productGroupsFeature,
  destinationsFeature,
  boardingPointsFeature,
  seatPlansFeature,
  departuresFeature,
  manifestsFeature,
  bookingWizardFeature,
  bookingsFeature,
  documentsFeature,
  processesFeature,
  suitcaseFeature,
  travelMenuFeature,
  diaryFeature,
  driverAppFeature,
  myJourneysFeature,
  busLocationFeature,
  newsletterTemplatesFeature,
  newsletterAnalysisFeature,
  newsletterCampaignsFeature,
  newsletterContactsFeature,
  blogFeature,
  contentPagesFeature,
  imagesFeature,
  stockImagesFeature,
  notificationsFeature,
  pushNotificationsFeature,
  surveysFeature,
  surveyAnswersFeature,
  calendarFeature,
  chatFeature,
  todosFeature,
  dataImportFeature,
  taskBoardFeature,
  defaultComponentsFeature,
  thirdPartyFeature,
  debugFeature,
];
