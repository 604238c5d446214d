import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import { type FeatureModule, type LocaleFile, lazyPage, localeLoaders } from '../../lib/feature.ts';

const BookingList = lazyPage(
  () => import('./booking-list.tsx'),
  (m) => m.BookingList,
);
const BookingDetail = lazyPage(
  () => import('./booking-detail.tsx'),
  (m) => m.BookingDetail,
);
const AgencyBookingList = lazyPage(
  () => import('./agency-booking-list.tsx'),
  (m) => m.AgencyBookingList,
);
const AgencyBookingDetail = lazyPage(
  () => import('./booking-detail.tsx'),
  (m) => m.AgencyBookingDetail,
);
const OpenItemsPage = lazyPage(
  () => import('./open-items-page.tsx'),
  (m) => m.OpenItemsPage,
);

const READ = ['vorgang-read'] as const;
const AGENCY_READ = ['agencydata-read'] as const;
const hasAgency = (user: { vc_card: { agencyId: number | null } }) => user.vc_card.agencyId !== null;

/**
 * Bookings (Vorgang): the list /vorgang, the booking /vorgang/{id}[/tab] (overview, participants, seats and
 * stops, prices and payments, documents, mails, history, two-step cancellation) and the open items
 * /vorgang/open-items. The agency portal's /agencies/vorgang and /agencies/vorgang/{id}[/tab] show the same
 * screens for the agency's own bookings (the server scopes them, docs/adr/0019) without the office's controls.
 * The wizards (/vorgang/create, /agencies/booking) are the booking-wizard feature's.
 */
export const bookingsFeature: FeatureModule = {
  name: 'bookings',
  resources: [
    {
      name: 'vorgang',
      api: {
        read: '/ratio_vorgang',
        permissions: { list: READ, show: READ, edit: READ, create: ['vorgang-create'], delete: ['vorgang-delete'] },
      },
      icon: ReceiptLongIcon,
      list: BookingList,
      edit: BookingDetail,
      recordRepresentation: (record) => String(record.vorgangnr ?? record.id),
    },
    {
      // More specific than `/vorgang/:id`, so the router prefers it.
      name: 'vorgang/open-items',
      api: {
        read: '/open-items',
        permissions: { list: READ, show: READ, edit: READ, create: READ, delete: READ },
      },
      icon: PendingActionsIcon,
      list: OpenItemsPage,
    },
    {
      // More specific than the agencies' `/agencies/:id`, so the router prefers it.
      name: 'agencies/vorgang',
      api: {
        read: '/ratio_vorgang',
        permissions: {
          list: AGENCY_READ,
          show: AGENCY_READ,
          edit: AGENCY_READ,
          create: ['agencydata-create'],
          delete: ['vorgang-delete'],
        },
      },
      icon: ReceiptLongIcon,
      list: AgencyBookingList,
      edit: AgencyBookingDetail,
      recordRepresentation: (record) => String(record.vorgangnr ?? record.id),
    },
  ],
  menu: [
    { key: 'bookings', group: 'bookings', to: '/vorgang', permissions: READ, icon: ReceiptLongIcon },
    {
      key: 'agencyBookings',
      group: 'agency',
      to: '/agencies/vorgang',
      permissions: AGENCY_READ,
      icon: ReceiptLongIcon,
      usable: hasAgency,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
