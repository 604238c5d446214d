import type { ActionCodeTable } from '../features/account/account.table.ts';
import type { AppSecretTable, AuditLogTable, AuthThrottleTable } from '../features/auth/auth.table.ts';
import type { CollectiveInvoiceBookingTable } from '../features/collective-invoices/collective-invoices.table.ts';
import type { AgencyCommissionRateTable } from '../features/commissions/commissions.table.ts';
import type { ReceivedDocumentTable } from '../features/documents/documents.table.ts';
import type { DocumentIndexTable } from '../features/documents/documents-query.table.ts';
import type { StaffNotificationTable } from '../features/staff-notifications/staff-notifications.table.ts';
import type { CalendarEventTable, CalendarFeedTable, CalendarTable } from '../features/calendar/calendar.table.ts';
import type { ChatChannelTable, ChatMessageTable, ChatReadTable } from '../features/chat/chat.table.ts';
import type { TodoTable } from '../features/todos/todos.table.ts';
import type { TaskTable } from '../features/tasks/tasks.table.ts';
import type { SuitcaseTable, TravelbagTemplateTable } from '../features/suitcase/suitcase.table.ts';
import type { TravelConsumptionTable, TravelMenuItemTable } from '../features/travel-menu/travel-menu.table.ts';
import type { DiaryEntryTable, DiaryPhotoTable } from '../features/diary/diary.table.ts';
import type { BoardingCheckinTable } from '../features/driver-app/driver-app.table.ts';
import type { EmergencyNumberTable, TravellerBookingTable } from '../features/traveller-trips/traveller-trips.table.ts';
import type { TransportPositionTable } from '../features/bus-location/bus-location.table.ts';
import type {
  AppTopicFollowerTable,
  AppTopicTable,
  PushDeliveryTable,
  PushNotificationSurveyTable,
  PushNotificationTable,
  PushSubscriptionTable,
  UserNotificationTable,
} from '../features/push/push.table.ts';
import type {
  SurveyAnswerTable,
  SurveyCategoryTable,
  SurveyCompletionTable,
  SurveyIntroTable,
  SurveyQuestionTable,
  SurveyResponseTable,
  SurveyStepTable,
  SurveySurveyTable,
} from '../features/surveys/surveys.table.ts';
import type { InvoiceCounterTable, InvoiceTable } from '../features/invoices/invoices.table.ts';
import type { MailAttachmentTable, MailAttemptTable, MailOutboxTable } from '../features/mail/mail.table.ts';
import type { PaymentDueTable, PaymentTable } from '../features/payments/payments.table.ts';
import type {
  BookingEventTable,
  BookingExtraTable,
  BookingHoldTable,
  BookingPriceLineTable,
  BookingRoomTable,
  BookingTable,
  IdempotencyKeyTable,
  ParticipantTable,
  SeatAssignmentTable,
} from '../features/bookings/bookings.table.ts';
import type { RatioAddressTable } from '../features/ratio-addresses/ratio-addresses.table.ts';
import type { QuotaTable, TransportTable, TravelStopTable } from '../features/departures/departures.table.ts';
import type { SeatPlanTable } from '../features/seat-plans/seat-plans.table.ts';
import type { BrandTable } from '../features/brands/brands.table.ts';
import type {
  ZusGruppenMemberTable,
  ZusGruppenTable,
  ZusZustiegeTable,
} from '../features/boarding-points/boarding-points.table.ts';
import type { JrnDestinationTable } from '../features/destinations/destinations.table.ts';
import type { StoredFileTable } from '../features/files/files.table.ts';
import type { ImgHistoryTable, ImgLibraryItemTable, ImgLibraryTable } from '../features/images/images.table.ts';
import type { StockLicenceTable } from '../features/stock-images/stock-images.table.ts';
import type { WebBlogImageTable, WebBlogTable, WebBlogTypeTable } from '../features/blog/blog.table.ts';
import type { WebContentCategoryTable, WebContentTable } from '../features/content-pages/content-pages.table.ts';
import type { NewsletterTemplateImageTable } from '../features/newsletter-templates/newsletter-templates.table.ts';
import type { JrnCategoryTable } from '../features/journey-categories/journey-categories.table.ts';
import type { WebMenuItemTable, WebMenuTable } from '../features/web-menus/web-menus.table.ts';
import type { ShopArticleGroupTable, ShopProductGroupTable } from '../features/product-groups/product-groups.table.ts';
import type {
  JrnAccommodationTable,
  JrnDatePriceTable,
  JrnDateTable,
  JrnExtraTable,
  JrnJourneyDayTable,
  JrnJourneyImageTable,
  JrnJourneyStopTable,
  JrnJourneyTable,
  JrnRoomTypeTable,
} from '../features/journeys/journeys.table.ts';
import type { VcAddressTable, VcCardTable, VcFieldTable, VcPersonTable } from '../features/cards/cards.table.ts';
import type { LocCountryTable } from '../features/countries/countries.table.ts';
import type { OrganizationTable } from '../features/organizations/organizations.table.ts';
import type { RoleTable } from '../features/roles/roles.table.ts';
import type { SysSettingsTable } from '../features/settings/settings.table.ts';
import type { UserAccountTable } from '../features/users/users.table.ts';
import type { ScheduledJobTable } from '../lib/scheduler.table.ts';
import type { ScheduledJobRunTable } from '../lib/scheduler.table.ts';
import type {
  NewsletterCampaignListTable,
  NewsletterCampaignTable,
  NewsletterContactTable,
  NewsletterEventTable,
  NewsletterLinkTable,
  NewsletterListMemberTable,
  NewsletterListTable,
  NewsletterRecipientTable,
  NewsletterTemplateTable,
} from '../features/newsletter/newsletter.table.ts';
import type { NewsletterImportTable } from '../features/newsletter-contacts/newsletter-contacts.table.ts';
import type { MailboxTable, MailLinkTable } from '../features/mail-inbox/mail-inbox.table.ts';
import type {
  CustomerImportLinkTable,
  CustomerImportRunTable,
} from '../features/customer-import/customer-import.table.ts';
import type { DefaultComponentTable } from '../features/default-components/default-components.table.ts';
import type {
  DataImportChunkTable,
  DataImportItemTable,
  DataImportSourceTable,
  DataImportTable,
} from '../features/data-import/data-import.table.ts';
import type { ThirdPartySettingTable } from '../features/thirdparty/thirdparty.table.ts';
import type { SysSettingsHistoryTable } from '../features/settings/settings-history.table.ts';

/** The whole database as Kysely sees it; each feature declares its own tables. */
export type DB = {
  action_code: ActionCodeTable;
  agency_commission_rate: AgencyCommissionRateTable;
  traveller_booking: TravellerBookingTable;
  travelbag_template: TravelbagTemplateTable;
  suitcase: SuitcaseTable;
  travel_menu_item: TravelMenuItemTable;
  travel_consumption: TravelConsumptionTable;
  diary_entry: DiaryEntryTable;
  diary_photo: DiaryPhotoTable;
  boarding_checkin: BoardingCheckinTable;
  emergency_number: EmergencyNumberTable;
  app_secret: AppSecretTable;
  audit_log: AuditLogTable;
  auth_throttle: AuthThrottleTable;
  booking: BookingTable;
  booking_event: BookingEventTable;
  booking_extra: BookingExtraTable;
  booking_hold: BookingHoldTable;
  booking_price_line: BookingPriceLineTable;
  booking_room: BookingRoomTable;
  brand: BrandTable;
  collective_invoice_booking: CollectiveInvoiceBookingTable;
  idempotency_key: IdempotencyKeyTable;
  img_history: ImgHistoryTable;
  img_library: ImgLibraryTable;
  img_library_item: ImgLibraryItemTable;
  stock_licence: StockLicenceTable;
  web_blog_type: WebBlogTypeTable;
  web_blog: WebBlogTable;
  web_blog_image: WebBlogImageTable;
  web_content_category: WebContentCategoryTable;
  web_content: WebContentTable;
  invoice: InvoiceTable;
  invoice_counter: InvoiceCounterTable;
  jrn_accommodation: JrnAccommodationTable;
  jrn_category: JrnCategoryTable;
  jrn_date: JrnDateTable;
  jrn_date_price: JrnDatePriceTable;
  jrn_destination: JrnDestinationTable;
  jrn_extra: JrnExtraTable;
  jrn_journey: JrnJourneyTable;
  jrn_journey_day: JrnJourneyDayTable;
  jrn_journey_image: JrnJourneyImageTable;
  jrn_journey_stop: JrnJourneyStopTable;
  jrn_room_type: JrnRoomTypeTable;
  loc_country: LocCountryTable;
  mail_attachment: MailAttachmentTable;
  mail_attempt: MailAttemptTable;
  mail_outbox: MailOutboxTable;
  newsletter_campaign: NewsletterCampaignTable;
  newsletter_campaign_list: NewsletterCampaignListTable;
  newsletter_contact: NewsletterContactTable;
  newsletter_event: NewsletterEventTable;
  newsletter_import: NewsletterImportTable;
  newsletter_link: NewsletterLinkTable;
  newsletter_list: NewsletterListTable;
  newsletter_list_member: NewsletterListMemberTable;
  newsletter_recipient: NewsletterRecipientTable;
  newsletter_template: NewsletterTemplateTable;
  newsletter_template_image: NewsletterTemplateImageTable;
  organization: OrganizationTable;
  participant: ParticipantTable;
  payment: PaymentTable;
  payment_due: PaymentDueTable;
  quota: QuotaTable;
  ratio_address: RatioAddressTable;
  role: RoleTable;
  scheduled_job: ScheduledJobTable;
  scheduled_job_run: ScheduledJobRunTable;
  seat_assignment: SeatAssignmentTable;
  seat_plan: SeatPlanTable;
  shop_article_group: ShopArticleGroupTable;
  shop_product_group: ShopProductGroupTable;
  stored_file: StoredFileTable;
  sys_settings: SysSettingsTable;
  transport: TransportTable;
  transport_position: TransportPositionTable;
  travel_stop: TravelStopTable;
  user_account: UserAccountTable;
  vc_address: VcAddressTable;
  vc_card: VcCardTable;
  vc_field: VcFieldTable;
  vc_person: VcPersonTable;
  web_menu: WebMenuTable;
  web_menu_item: WebMenuItemTable;
  zus_gruppen: ZusGruppenTable;
  zus_gruppen_member: ZusGruppenMemberTable;
  zus_zustiege: ZusZustiegeTable;
  app_topic: AppTopicTable;
  app_topic_follower: AppTopicFollowerTable;
  push_subscription: PushSubscriptionTable;
  push_notification: PushNotificationTable;
  push_notification_survey: PushNotificationSurveyTable;
  user_notification: UserNotificationTable;
  push_delivery: PushDeliveryTable;
  survey_category: SurveyCategoryTable;
  survey_question: SurveyQuestionTable;
  survey_intro: SurveyIntroTable;
  survey_completion: SurveyCompletionTable;
  survey_survey: SurveySurveyTable;
  survey_step: SurveyStepTable;
  survey_response: SurveyResponseTable;
  survey_answer: SurveyAnswerTable;
  staff_notification: StaffNotificationTable;
  received_document: ReceivedDocumentTable;
  document_index: DocumentIndexTable;
  calendar: CalendarTable;
  calendar_event: CalendarEventTable;
  calendar_feed: CalendarFeedTable;
  chat_channel: ChatChannelTable;
  chat_message: ChatMessageTable;
  chat_read: ChatReadTable;
  todo: TodoTable;
  task: TaskTable;
  mailbox: MailboxTable;
  mail_link: MailLinkTable;
  customer_import_link: CustomerImportLinkTable;
  customer_import_run: CustomerImportRunTable;
  default_component: DefaultComponentTable;
  data_import_source: DataImportSourceTable;
  data_import: DataImportTable;
  data_import_chunk: DataImportChunkTable;
  data_import_item: DataImportItemTable;
  third_party_setting: ThirdPartySettingTable;
  sys_settings_history: SysSettingsHistoryTable;
};
