import { lazy } from 'react';
import BrandingWatermarkIcon from '@mui/icons-material/BrandingWatermark';
import { type FeatureModule, type LocaleFile, localeLoaders, onlyRight } from '../../lib/feature.ts';

const pages = () => import('./brand-pages.tsx');
const BrandList = lazy(() => pages().then((m) => ({ default: m.BrandList })));
const BrandCreate = lazy(() => pages().then((m) => ({ default: m.BrandCreate })));
const BrandEdit = lazy(() => pages().then((m) => ({ default: m.BrandEdit })));

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
