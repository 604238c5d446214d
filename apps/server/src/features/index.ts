import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/account.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { boardingPointsRoutes } from './boarding-points/boarding-points.routes.ts';
import { bookingMailsRoutes } from './booking-mails/booking-mails.routes.ts';
import { bookingInvariantsRoutes } from './bookings/booking-invariants.routes.ts';
import { bookingsRoutes } from './bookings/bookings.routes.ts';
import { processesRoutes } from './processes/processes.routes.ts';
import { brandsRoutes } from './brands/brands.routes.ts';
import { collectiveInvoicesRoutes } from './collective-invoices/collective-invoices.routes.ts';
import { commissionsRoutes } from './commissions/commissions.routes.ts';
import { cancellationsRoutes } from './cancellations/cancellations.routes.ts';
import { countriesRoutes } from './countries/countries.routes.ts';
import { customersRoutes } from './customers/customers.routes.ts';
import { departuresRoutes } from './departures/departures.routes.ts';
import { destinationsRoutes } from './destinations/destinations.routes.ts';
import { documentsRoutes } from './documents/documents.routes.ts';
import { documentsQueryRoutes } from './documents/documents-query.routes.ts';
import { driversRoutes } from './drivers/drivers.routes.ts';
import { driverAppRoutes } from './driver-app/driver-app.routes.ts';
import { busLocationRoutes } from './bus-location/bus-location.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { imagesRoutes } from './images/images.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { insurancesRoutes } from './insurances/insurances.routes.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import { journeyFeedRoutes } from './journeys/journey-feed.routes.ts';
import { journeysRoutes } from './journeys/journeys.routes.ts';
import { journeyImagesRoutes } from './journeys/journey-images.routes.ts';
import { journeyCategoriesRoutes } from './journey-categories/journey-categories.routes.ts';
import { stockImagesRoutes } from './stock-images/stock-images.routes.ts';
import { webMenusRoutes } from './web-menus/web-menus.routes.ts';
import { productGroupsRoutes } from './product-groups/product-groups.routes.ts';
import { manifestsRoutes } from './manifests/manifests.routes.ts';
import { mailRoutes } from './mail/mail.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { organizationsRoutes } from './organizations/organizations.routes.ts';
import { ratioAddressesRoutes } from './ratio-addresses/ratio-addresses.routes.ts';
import { rolesRoutes } from './roles/roles.routes.ts';
import { seatPlansRoutes } from './seat-plans/seat-plans.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { suitcaseRoutes } from './suitcase/suitcase.routes.ts';
import { travelMenuRoutes } from './travel-menu/travel-menu.routes.ts';
import { diaryRoutes } from './diary/diary.routes.ts';
import { travellerTripsRoutes } from './traveller-trips/traveller-trips.routes.ts';
import { newsletterTemplatesRoutes } from './newsletter-templates/newsletter-templates.routes.ts';
import { newsletterAnalysisRoutes } from './newsletter-analysis/newsletter-analysis.routes.ts';
import { newsletterCampaignsRoutes } from './newsletter-campaigns/newsletter-campaigns.routes.ts';
import { newsletterContactsRoutes } from './newsletter-contacts/newsletter-contacts.routes.ts';
import { blogRoutes } from './blog/blog.routes.ts';
import { contentPagesRoutes } from './content-pages/content-pages.routes.ts';
import { websiteRoutes } from './website/website.routes.ts';
import { pushSubscriptionsRoutes } from './push/push-subscriptions.routes.ts';
import { pushInboxRoutes } from './push/push-inbox.routes.ts';
import { pushNotificationsRoutes } from './push-notifications/push-notifications.routes.ts';
import { surveysRoutes } from './surveys/surveys.routes.ts';
import { surveyAnswersRoutes } from './survey-answers/survey-answers.routes.ts';
import { staffNotificationsRoutes } from './staff-notifications/staff-notifications.routes.ts';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { todosRoutes } from './todos/todos.routes.ts';
import { cronjobsRoutes } from './cronjobs/cronjobs.routes.ts';
import { tasksRoutes } from './tasks/tasks.routes.ts';
import { mailInboxRoutes } from './mail-inbox/mail-inbox.routes.ts';
import { customerImportRoutes } from './customer-import/customer-import.routes.ts';
import { defaultComponentsRoutes } from './default-components/default-components.routes.ts';
import { dataImportRoutes } from './data-import/data-import.routes.ts';
import { thirdPartyRoutes } from './thirdparty/thirdparty.routes.ts';
import { debugRoutes } from './debug/debug.routes.ts';

/** Each feature registers its own routes; this list only says which features the API has. */
export const featureRoutes: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  rolesRoutes,
  settingsRoutes,
  brandsRoutes,
  countriesRoutes,
  organizationsRoutes,
  customersRoutes,
  ratioAddressesRoutes,
  customerImportRoutes,
  driversRoutes,
  busLocationRoutes,
  accountRoutes,
  mailRoutes,
  journeyFeedRoutes,
  journeysRoutes,
  filesRoutes,
  imagesRoutes,
  journeyImagesRoutes,
  journeyCategoriesRoutes,
  webMenusRoutes,
  productGroupsRoutes,
  destinationsRoutes,
  boardingPointsRoutes,
  seatPlansRoutes,
  departuresRoutes,
  bookingsRoutes,
  cancellationsRoutes,
  bookingMailsRoutes,
  insurancesRoutes,
  invoicesRoutes,
  processesRoutes,
  manifestsRoutes,
  documentsRoutes,
  bookingInvariantsRoutes,
  paymentsRoutes,
  commissionsRoutes,
  collectiveInvoicesRoutes,
  suitcaseRoutes,
  travelMenuRoutes,
  diaryRoutes,
  driverAppRoutes,
  travellerTripsRoutes,
  newsletterTemplatesRoutes,
  newsletterAnalysisRoutes,
  newsletterCampaignsRoutes,
  newsletterContactsRoutes,
  stockImagesRoutes,
  blogRoutes,
  contentPagesRoutes,
  websiteRoutes,
  pushSubscriptionsRoutes,
  pushInboxRoutes,
  pushNotificationsRoutes,
  surveysRoutes,
  surveyAnswersRoutes,
  staffNotificationsRoutes,
  documentsQueryRoutes,
  calendarRoutes,
  chatRoutes,
  todosRoutes,
  tasksRoutes,
  mailInboxRoutes,
  defaultComponentsRoutes,
  dataImportRoutes,
  thirdPartyRoutes,
  debugRoutes,
  cronjobsRoutes,
];
