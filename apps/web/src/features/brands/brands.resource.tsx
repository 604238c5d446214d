import { Resource } from 'react-admin';
import BrandingWatermarkIcon from '@mui/icons-material/BrandingWatermark';
import { lazy } from 'react';

const pages = () => import('./brand-pages.tsx');
const BrandList = lazy(() => pages().then((m) => ({ default: m.BrandList })));
const BrandCreate = lazy(() => pages().then((m) => ({ default: m.BrandCreate })));
const BrandEdit = lazy(() => pages().then((m) => ({ default: m.BrandEdit })));

/** Brands (/system/brands, superadmins). */
export const brandsResource = (
  <Resource
    key="system/brands"
    name="system/brands"
    list={BrandList}
    create={BrandCreate}
    edit={BrandEdit}
    icon={BrandingWatermarkIcon}
    recordRepresentation="name"
  />
);
