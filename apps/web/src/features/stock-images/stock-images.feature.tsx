import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import VerifiedIcon from '@mui/icons-material/Verified';
import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';
import { stockEnabled, stockLicensing } from './stock-status.ts';

const pages = () => import('./stock-pages.tsx');
const StockSearchPage = lazyPage(pages, (m) => m.StockSearchPage);
const CustomerStockPage = lazyPage(pages, (m) => m.CustomerStockPage);

/**
 * Stock images (issue #15 point 9): Adobe Stock's search with licensing (/imagedb/stock) and the operator's
 * licensed images (/imagedb/customer). Offered only while the server's Adobe Stock adapter is configured.
 */
export const stockImagesFeature: FeatureModule = {
  name: 'stock-images',
  routes: [
    { path: '/imagedb/stock', component: StockSearchPage, permissions: ['imagedb-read'] },
    { path: '/imagedb/customer', component: CustomerStockPage, permissions: ['admin'] },
  ],
  menu: [
    {
      key: 'stockImages',
      group: 'images',
      to: '/imagedb/stock',
      permissions: ['imagedb-read'],
      icon: AddPhotoAlternateIcon,
      usable: () => stockEnabled(),
    },
    {
      key: 'customerImages',
      group: 'images',
      to: '/imagedb/customer',
      permissions: ['admin'],
      icon: VerifiedIcon,
      usable: () => stockEnabled() && stockLicensing(),
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
