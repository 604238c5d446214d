import type { SvgIconComponent } from '@mui/icons-material';
import AccountBoxIcon from '@mui/icons-material/AccountBox';
import EmailIcon from '@mui/icons-material/Email';
import LuggageIcon from '@mui/icons-material/Luggage';
import PeopleIcon from '@mui/icons-material/People';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import PollIcon from '@mui/icons-material/Poll';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SendIcon from '@mui/icons-material/Send';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { FEATURES } from '../features/index.ts';
import type { MenuEntry, MenuGroupKey, QuickApp } from '../lib/feature.ts';

/**
 * The navigation drawer of spec §2, grouped the way an operator thinks. The groups and their order are the
 * shell's; the entries come from the features (each entry leads to a screen that exists), plus the shell's
 * own profile page.
 */
export type MenuGroup = { key: MenuGroupKey; icon: SvgIconComponent; entries: readonly MenuEntry[] };

const GROUP_ICONS: Record<MenuGroupKey, SvgIconComponent> = {
  agency: StorefrontIcon,
  bookings: ReceiptLongIcon,
  customers: PeopleIcon,
  trips: TravelExploreIcon,
  newsletter: SendIcon,
  app: PhoneIphoneIcon,
  myTrip: LuggageIcon,
  surveys: PollIcon,
  images: PhotoLibraryIcon,
  communication: EmailIcon,
  time: ScheduleIcon,
  system: SettingsIcon,
};

/** The shell's own screens in the drawer. */
const SHELL_ENTRIES: readonly MenuEntry[] = [
  {
    key: 'myProfile',
    group: 'myTrip',
    to: '/appuser/myProfile',
    permissions: ['myprofile-read'],
    icon: AccountBoxIcon,
  },
];

const ENTRIES: readonly MenuEntry[] = [...FEATURES.flatMap((feature) => feature.menu ?? []), ...SHELL_ENTRIES];

export const MENU_GROUPS: readonly MenuGroup[] = (Object.keys(GROUP_ICONS) as MenuGroupKey[])
  .map((key) => ({ key, icon: GROUP_ICONS[key], entries: ENTRIES.filter((entry) => entry.group === key) }))
  .filter((group) => group.entries.length > 0);

/** The quick links of the apps grid in the toolbar (spec §2), from the features that offer one. */
export const QUICK_APPS: readonly QuickApp[] = FEATURES.flatMap((feature) => feature.quickApps ?? []);
