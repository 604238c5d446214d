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
const OpenItemsPage = lazyPage(
  () => import('./open-items-page.tsx'),
  (m) => m.OpenItemsPage,
);

const READ = ['vorgang-read'] as const;

/**
 * Bookings (Vorgang): the list /vorgang, the booking /vorgang/{id}[/tab] (overview, participants, seats and
 * stops, prices and payments, documents, mails, history, two-step cancellation) and the open items
 * /vorgang/open-items. The wizard /vorgang/create is the booking-wizard feature's.
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
  ],
  menu: [{ key: 'bookings', group: 'bookings', to: '/vorgang', permissions: READ, icon: ReceiptLongIcon }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
