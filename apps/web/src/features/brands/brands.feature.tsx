import BrandingWatermarkIcon from '@mui/icons-material/BrandingWatermark';
import { type FeatureModule, type LocaleFile, localeLoaders, onlyRight, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./brand-pages.tsx');
const BrandList = lazyPage(pages, (m) => m.BrandList);
const BrandCreate = lazyPage(pages, (m) => m.BrandCreate);
const BrandEdit = lazyPage(pages, (m) => m.BrandEdit);

/** Brands (/system/brands, superadmins). */
export const brandsFeature: FeatureModule = {
  name: 'brands',
  resources: [
    {
      name: 'system/brands',
      api: { read: '/brands', permissions: onlyRight('superadmin') },
      icon: BrandingWatermarkIcon,
      list: BrandList,
      create: BrandCreate,
      edit: BrandEdit,
      recordRepresentation: 'name',
    },
  ],
  menu: [
    { key: 'brands', group: 'system', to: '/system/brands', permissions: ['superadmin'], icon: BrandingWatermarkIcon },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
