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
};
