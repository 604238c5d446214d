import { type LocaleFile, type MobileFeature, lazyPage, localeLoaders } from '../../lib/feature.ts';
import { ReceiptLongIcon, RestaurantMenuIcon } from '../../lib/mobile-icons.tsx';

const TravelMenuPage = lazyPage(
  () => import('./traveller-menu-screen.tsx'),
  (m) => m.TravelMenuPage,
);
const ConsumptionPage = lazyPage(
  () => import('./consumption-screen.tsx'),
  (m) => m.ConsumptionPage,
);
const DriverSalesPage = lazyPage(
  () => import('./driver-sales-screen.tsx'),
  (m) => m.DriverSalesPage,
);

/** The travel menu's phone screens: the traveller's menu and bill, the driver's on-board sales. */
export const travelMenuMobile: MobileFeature = {
  name: 'travel-menu',
  mobileRoutes: [
    { path: '/appuser/TravelMenu/:id?', component: TravelMenuPage, permissions: ['TravelMenu-read'] },
    { path: '/appuser/Consumption/:id?', component: ConsumptionPage, permissions: ['TravelMenu-read'] },
    {
      path: '/driver/sales/:transportId',
      component: DriverSalesPage,
      permissions: ['Buslocation-update', 'vorgang-update'],
      usable: (user) => user.isDriver,
    },
  ],
  mobileMenu: [
    {
      key: 'travelMenu',
      to: '/appuser/TravelMenu',
      permissions: ['TravelMenu-read'],
      icon: RestaurantMenuIcon,
      order: 40,
    },
    {
      key: 'consumption',
      to: '/appuser/Consumption',
      permissions: ['TravelMenu-read'],
      icon: ReceiptLongIcon,
      order: 45,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
