import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import BoltIcon from '@mui/icons-material/Bolt';
import { type FeatureModule, type LocaleFile, lazyPage, localeLoaders } from '../../lib/feature.ts';

const wizard = () => import('./booking-wizard-page.tsx');
const BookingWizardPage = lazyPage(wizard, (m) => m.BookingWizardPage);
const AgencyBookingWizardPage = lazyPage(wizard, (m) => m.AgencyBookingWizardPage);
const QuickBookingPage = lazyPage(
  () => import('./quick-booking-page.tsx'),
  (m) => m.QuickBookingPage,
);

const hasAgency = (user: { vc_card: { agencyId: number | null } }) => user.vc_card.agencyId !== null;
/** Booking needs the create right; reading alone shows the agency's bookings but offers no booking screens. */
const AGENCY_BOOK = ['agencydata-create'] as const;

/**
 * The booking wizard: the staff's /vorgang/create (customer → journey → date → participants → prices, extras
 * and insurance → stops and seats → summary, saved with POST /ratio_vorgang; then /vorgang/{id}), the same
 * steps for agency clerks at /agencies/booking (their own customers, no drafts; docs/adr/0019) and the agency's
 * one-page quick booking /agencies/booking/index2. Agency bookings open at /agencies/vorgang/{id}.
 */
export const bookingWizardFeature: FeatureModule = {
  name: 'booking-wizard',
  routes: [
    { path: '/vorgang/create', component: BookingWizardPage, permissions: ['vorgang-create'] },
    { path: '/agencies/booking', component: AgencyBookingWizardPage, permissions: AGENCY_BOOK },
    { path: '/agencies/booking/index2', component: QuickBookingPage, permissions: AGENCY_BOOK },
  ],
  menu: [
    {
      key: 'agencyBook',
      group: 'agency',
      to: '/agencies/booking',
      permissions: AGENCY_BOOK,
      icon: AddShoppingCartIcon,
      usable: hasAgency,
    },
    {
      key: 'agencyQuickBook',
      group: 'agency',
      to: '/agencies/booking/index2',
      permissions: AGENCY_BOOK,
      icon: BoltIcon,
      usable: hasAgency,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
