import type { SvgIconComponent } from '@mui/icons-material';
import AccountBoxIcon from '@mui/icons-material/AccountBox';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArticleIcon from '@mui/icons-material/Article';
import BackpackIcon from '@mui/icons-material/Backpack';
import BarChartIcon from '@mui/icons-material/BarChart';
import BlockIcon from '@mui/icons-material/Block';
import BrandingWatermarkIcon from '@mui/icons-material/BrandingWatermark';
import BusinessIcon from '@mui/icons-material/Business';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CategoryIcon from '@mui/icons-material/Category';
import ChatIcon from '@mui/icons-material/Chat';
import ChecklistIcon from '@mui/icons-material/Checklist';
import CollectionsIcon from '@mui/icons-material/Collections';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import ContactsIcon from '@mui/icons-material/Contacts';
import DescriptionIcon from '@mui/icons-material/Description';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EmailIcon from '@mui/icons-material/Email';
import EuroIcon from '@mui/icons-material/Euro';
import EventNoteIcon from '@mui/icons-material/EventNote';
import ExtensionIcon from '@mui/icons-material/Extension';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import HistoryIcon from '@mui/icons-material/History';
import ImageSearchIcon from '@mui/icons-material/ImageSearch';
import ImportExportIcon from '@mui/icons-material/ImportExport';
import InventoryIcon from '@mui/icons-material/Inventory';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import LuggageIcon from '@mui/icons-material/Luggage';
import MapIcon from '@mui/icons-material/Map';
import OutboxIcon from '@mui/icons-material/Outbox';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import PlaceIcon from '@mui/icons-material/Place';
import PollIcon from '@mui/icons-material/Poll';
import QuizIcon from '@mui/icons-material/Quiz';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SendIcon from '@mui/icons-material/Send';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import TuneIcon from '@mui/icons-material/Tune';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import WorkIcon from '@mui/icons-material/Work';
import type { PermissionName } from '@tourdesk/contracts/permissions';

/**
 * The navigation drawer: every menu entry of spec §2 with the permission it needs (a list: any one
 * suffices), grouped the way an operator thinks. `available` is false for modules this installation does
 * not contain yet; their entries lead to a page that says so.
 */
export type MenuEntry = {
  /** i18n key under `menu.items.` */
  key: string;
  to: string;
  permissions: readonly PermissionName[];
  icon: SvgIconComponent;
  available: boolean;
};

export type MenuGroup = { key: string; icon: SvgIconComponent; entries: readonly MenuEntry[] };

const entry = (
  key: string,
  to: string,
  permissions: readonly PermissionName[],
  icon: SvgIconComponent,
  available = false,
): MenuEntry => ({
  key,
  to,
  permissions,
  icon,
  available,
});

export const MENU_GROUPS: readonly MenuGroup[] = [
  {
    key: 'agency',
    icon: StorefrontIcon,
    entries: [
      entry('agencies', '/agencies', ['admin'], BusinessIcon, true),
      entry('myAgency', '/agencies/myProfile', ['agencydata-read'], StorefrontIcon, true),
      entry('agencyCustomers', '/agencies/customers', ['agencydata-read'], PeopleIcon, true),
      entry('agencyBookings', '/agencies/vorgang', ['agencydata-read'], ReceiptLongIcon),
      entry('agencyBook', '/agencies/booking', ['agencydata-read'], ShoppingCartIcon),
      entry('agencyCommission', '/agencies/provision', ['agencydata-read'], EuroIcon),
    ],
  },
  {
    key: 'bookings',
    icon: ReceiptLongIcon,
    entries: [
      entry('vorgang', '/vorgang', ['vorgang-read'], ReceiptLongIcon),
      entry('process', '/process', ['process-read'], WorkIcon),
      entry('documents', '/documents', ['documents-read'], DescriptionIcon),
    ],
  },
  {
    key: 'customers',
    icon: PeopleIcon,
    entries: [
      entry('customers', '/customers', ['customers-read'], PeopleIcon, true),
      entry('drivers', '/customers/drivers', ['user-read'], DirectionsBusIcon, true),
    ],
  },
  {
    key: 'trips',
    icon: TravelExploreIcon,
    entries: [
      entry('journeys', '/internet/journeys', ['internet-read'], TravelExploreIcon),
      entry('categories', '/internet/categories', ['internet-read'], CategoryIcon),
      entry('destinations', '/internet/destinations', ['internet-read'], PlaceIcon),
      entry('boardingPoints', '/zustiege', ['internet-read'], LocationOnIcon),
      entry('boardingGroups', '/zustiege/gruppen', ['internet-read'], MapIcon),
      entry('webMenu', '/internet/menu', ['internet-read'], MenuIcon),
      entry('content', '/internet/content', ['internet-read'], ArticleIcon),
      entry('blog', '/internet/blog', ['internet-read'], EditNoteIcon),
      entry('productGroups', '/products/productgroups', ['shop-read'], LocalOfferIcon),
      entry('articleGroups', '/products/articlegroups', ['shop-read'], InventoryIcon),
    ],
  },
  {
    key: 'newsletter',
    icon: SendIcon,
    entries: [
      entry('campaigns', '/newsletter/campaigns', ['newsletter-read'], SendIcon),
      entry('templates', '/newsletter/templates', ['newsletter-read'], ViewQuiltIcon),
      entry('contactLists', '/newsletter/contactslist', ['newsletter-read'], ContactsIcon),
      entry('contacts', '/newsletter/contacts', ['newsletter-read'], ContactMailIcon),
      entry('analysis', '/newsletter/analysis', ['newsletter-read'], BarChartIcon),
    ],
  },
  {
    key: 'app',
    icon: PhoneIphoneIcon,
    entries: [
      entry('appUsers', '/app/users', ['user-read'], PhoneIphoneIcon, true),
      entry('blockedUsers', '/users-disabled', ['user-read'], BlockIcon, true),
      entry('pushNotifications', '/app/pushnotifications', ['appusermanagement-read'], NotificationsActiveIcon),
      entry('travelBag', '/app/travelbag', ['appusermanagement-read'], LuggageIcon),
    ],
  },
  {
    key: 'myTrip',
    icon: LuggageIcon,
    entries: [
      entry('myProfile', '/appuser/myProfile', ['myprofile-read'], AccountBoxIcon, true),
      entry('activeJourneys', '/appuser/aktJourneys', ['myJourneys-read'], TravelExploreIcon),
      entry('pastJourneys', '/appuser/historyjourneys', ['myJourneys-read'], HistoryIcon),
      entry('myBookings', '/appuser/process', ['app-process-read'], ReceiptLongIcon),
      entry('packSuitcase', '/appuser/PackSuitcase', ['PackSuitcase-read'], BackpackIcon),
      entry('busLocation', '/appuser/Buslocation', ['Buslocation-read'], DirectionsBusIcon),
      entry('diary', '/appuser/Diary', ['Diary-read'], MenuBookIcon),
      entry('travelMenu', '/appuser/TravelMenu', ['TravelMenu-read'], RestaurantMenuIcon),
      entry('consumption', '/appuser/Consumption', ['TravelMenu-read'], EuroIcon),
    ],
  },
  {
    key: 'surveys',
    icon: PollIcon,
    entries: [
      entry('surveyCategories', '/survey/categories', ['appusurvey-read'], CategoryIcon),
      entry('surveyIntros', '/survey/intros', ['appusurvey-read'], ArticleIcon),
      entry('surveyQuestions', '/survey/questions', ['appusurvey-read'], QuizIcon),
      entry('surveyCompletions', '/survey/completions', ['appusurvey-read'], ChecklistIcon),
      entry('surveys', '/survey/surveys', ['appusurvey-read'], PollIcon),
    ],
  },
  {
    key: 'images',
    icon: PhotoLibraryIcon,
    entries: [
      entry('stockImages', '/imagedb/stock', ['imagedb-read'], ImageSearchIcon),
      entry('customerImages', '/imagedb/customer', ['admin'], FolderSharedIcon),
      entry('imageLibrary', '/imagedb/library', ['admin'], CollectionsIcon),
      entry('imageHistory', '/imagedb/history', ['admin'], HistoryIcon),
    ],
  },
  {
    key: 'communication',
    icon: EmailIcon,
    entries: [entry('email', '/email', ['email-read'], EmailIcon), entry('chat', '/chat', ['chat-read'], ChatIcon)],
  },
  {
    key: 'time',
    icon: ScheduleIcon,
    entries: [
      entry('calendar', '/time/calendar', ['calendar-read'], CalendarMonthIcon),
      entry('todo', '/time/todo', ['todo-read'], EventNoteIcon),
    ],
  },
  {
    key: 'system',
    icon: SettingsIcon,
    entries: [
      entry('users', '/users', ['user-read'], PersonIcon, true),
      entry('roles', '/roles', ['admin'], AdminPanelSettingsIcon, true),
      entry('settings', '/system/settings', ['superadmin'], TuneIcon, true),
      entry('brands', '/system/brands', ['superadmin'], BrandingWatermarkIcon, true),
      entry('outbox', '/email/debug', ['admin'], OutboxIcon, true),
      entry('import', '/system/import', ['superadmin'], ImportExportIcon),
      entry('cronjobs', '/system/cronjobs', ['superadmin'], ScheduleIcon),
      entry('defaultComponent', '/defaultcomponent', ['superadmin'], ExtensionIcon),
      entry('thirdParty', '/basedata/thirdparty', ['configs-read'], SettingsIcon),
    ],
  },
];

/** The quick links of the apps grid in the toolbar (spec §2). */
export const QUICK_APPS = [
  { key: 'inbox', to: '/email/inbox', permissions: ['email-read'], icon: EmailIcon },
  { key: 'todo', to: '/todo', permissions: ['todo-read'], icon: EventNoteIcon },
  { key: 'chat', to: '/chat/channel/general', permissions: ['chat-read'], icon: ChatIcon },
  { key: 'board', to: '/board', permissions: ['todo-read'], icon: ViewQuiltIcon },
] as const satisfies ReadonlyArray<{
  key: string;
  to: string;
  permissions: readonly PermissionName[];
  icon: SvgIconComponent;
}>;

export const ALL_MENU_ENTRIES: readonly MenuEntry[] = MENU_GROUPS.flatMap((group) => group.entries);
