import type { Migration } from 'kysely/migration';
import * as createFoundation from './2026_11_21_2200_create_foundation.ts';
import * as createCustomers from './2026_11_22_0100_create_customers.ts';
import * as createMailOutbox from './2026_11_22_0300_create_mail_outbox.ts';
import * as addListSortKeys from './2026_11_23_0000_add_list_sort_keys.ts';
import * as dropUserAccountVerifyCode from './2026_11_23_0010_drop_user_account_verify_code.ts';
import * as createTripCatalogue from './2026_11_23_1000_create_trip_catalogue.ts';
import * as indexStoredFileReferences from './2026_11_23_1300_index_stored_file_references.ts';
import * as addJourneyFeedIndex from './2026_11_23_1400_add_journey_feed_index.ts';
import * as createDeparturesAndBookings from './2026_11_24_0000_create_departures_and_bookings.ts';
import * as createRatioAddress from './2026_11_24_0100_create_ratio_address.ts';
import * as createBookingMoney from './2026_11_25_0000_create_booking_money.ts';
import * as createAgencyMoney from './2026_11_26_0000_create_agency_money.ts';
import * as addBookingSearch from './2026_11_25_0200_add_booking_search.ts';
import * as createScheduledJob from './2026_11_25_0100_create_scheduled_job.ts';
import * as indexBookingLists from './2026_11_25_0300_index_booking_lists.ts';
import * as createTravellerBooking from './2026_11_27_0000_create_traveller_booking.ts';
import * as createSuitcase from './2026_11_27_0200_create_suitcase.ts';
import * as createTravelMenuAndDiary from './2026_11_27_0500_create_travel_menu_and_diary.ts';
import * as createNewsletter from './2026_11_28_0000_create_newsletter.ts';
import * as createNewsletterTemplateImage from './2026_11_28_0200_create_newsletter_template_image.ts';
import * as indexNewsletterEventAnalysis from './2026_11_28_0400_index_newsletter_event_analysis.ts';
import * as createNewsletterImport from './2026_11_28_0100_create_newsletter_import.ts';
import * as createImageDatabase from './2026_11_29_0000_create_image_database.ts';
import * as createStockLicence from './2026_11_29_0300_create_stock_licence.ts';
import * as createWebMenuAndProductGroups from './2026_11_29_0400_create_web_menu_and_product_groups.ts';
import * as createWebContent from './2026_11_29_0200_create_web_content.ts';
import * as createPushAndSurveys from './2026_11_30_0000_create_push_and_surveys.ts';
import * as createStaffNotification from './2026_12_01_0000_create_staff_notification.ts';
import * as createDocumentIndex from './2026_12_01_0500_create_document_index.ts';
import * as createCalendar from './2026_12_01_0300_create_calendar.ts';
import * as createChat from './2026_12_01_0200_create_chat.ts';
import * as createMailInbox from './2026_12_01_0100_create_mail_inbox.ts';
import * as extendScheduledJob from './2026_12_02_0200_extend_scheduled_job.ts';
import * as indexStaffNotificationKey from './2026_12_04_0000_index_staff_notification_key.ts';
import * as createBoardingCheckin from './2026_11_27_0400_create_boarding_checkin.ts';
import * as createEmergencyNumber from './2026_11_27_0100_create_emergency_number.ts';
import * as createTransportPosition from './2026_11_27_0300_create_transport_position.ts';
import * as createTodoAndTask from './2026_12_01_0400_create_todo_and_task.ts';
import * as createCustomerImport from './2026_12_02_0300_create_customer_import.ts';
import * as addCardAnonymisedAt from './2026_12_02_0600_add_card_anonymised_at.ts';
import * as createDefaultComponent from './2026_12_02_0600_create_default_component.ts';
import * as createDataImport from './2026_12_02_0400_create_data_import.ts';
import * as createThirdPartyAndSettingHistory from './2026_12_02_0500_create_third_party_and_setting_history.ts';

/** Every migration, in order. Kysely runs those not yet applied at start-up. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_2200_create_foundation': createFoundation,
  '2026_11_22_0100_create_customers': createCustomers,
  '2026_11_22_0300_create_mail_outbox': createMailOutbox,
  '2026_11_23_0000_add_list_sort_keys': addListSortKeys,
  '2026_11_23_0010_drop_user_account_verify_code': dropUserAccountVerifyCode,
  '2026_11_23_1000_create_trip_catalogue': createTripCatalogue,
  '2026_11_23_1300_index_stored_file_references': indexStoredFileReferences,
  '2026_11_23_1400_add_journey_feed_index': addJourneyFeedIndex,
  '2026_11_24_0000_create_departures_and_bookings': createDeparturesAndBookings,
  '2026_11_24_0100_create_ratio_address': createRatioAddress,
  '2026_11_25_0000_create_booking_money': createBookingMoney,
  '2026_11_25_0100_create_scheduled_job': createScheduledJob,
  '2026_11_25_0200_add_booking_search': addBookingSearch,
  '2026_11_25_0300_index_booking_lists': indexBookingLists,
  '2026_11_26_0000_create_agency_money': createAgencyMoney,
  '2026_11_27_0000_create_traveller_booking': createTravellerBooking,
  '2026_11_27_0100_create_emergency_number': createEmergencyNumber,
  '2026_11_27_0200_create_suitcase': createSuitcase,
  '2026_11_27_0300_create_transport_position': createTransportPosition,
  '2026_11_27_0400_create_boarding_checkin': createBoardingCheckin,
  '2026_11_27_0500_create_travel_menu_and_diary': createTravelMenuAndDiary,
  '2026_11_28_0000_create_newsletter': createNewsletter,
  '2026_11_28_0200_create_newsletter_template_image': createNewsletterTemplateImage,
  '2026_11_28_0400_index_newsletter_event_analysis': indexNewsletterEventAnalysis,
  '2026_11_28_0100_create_newsletter_import': createNewsletterImport,
  '2026_11_29_0000_create_image_database': createImageDatabase,
  '2026_11_29_0300_create_stock_licence': createStockLicence,
  '2026_11_29_0400_create_web_menu_and_product_groups': createWebMenuAndProductGroups,
  '2026_11_29_0200_create_web_content': createWebContent,
  '2026_11_30_0000_create_push_and_surveys': createPushAndSurveys,
  '2026_12_01_0000_create_staff_notification': createStaffNotification,
  '2026_12_01_0500_create_document_index': createDocumentIndex,
  '2026_12_01_0300_create_calendar': createCalendar,
  '2026_12_01_0200_create_chat': createChat,
  '2026_12_01_0400_create_todo_and_task': createTodoAndTask,
  '2026_12_01_0100_create_mail_inbox': createMailInbox,
  '2026_12_02_0300_create_customer_import': createCustomerImport,
  '2026_12_02_0600_add_card_anonymised_at': addCardAnonymisedAt,
  '2026_12_02_0600_create_default_component': createDefaultComponent,
  '2026_12_02_0400_create_data_import': createDataImport,
  '2026_12_02_0500_create_third_party_and_setting_history': createThirdPartyAndSettingHistory,
  '2026_12_02_0200_extend_scheduled_job': extendScheduledJob,
  '2026_12_04_0000_index_staff_notification_key': indexStaffNotificationKey,
};
