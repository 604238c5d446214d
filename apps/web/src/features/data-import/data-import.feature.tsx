import UploadFileIcon from '@mui/icons-material/UploadFile';
import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';

const ImportPage = lazyPage(
  () => import('./import-page.tsx'),
  (m) => m.ImportPage,
);

/** Data import of customers from CSV or Excel (/system/import, superadmins; issue #18, docs/adr/0032). */
export const dataImportFeature: FeatureModule = {
  name: 'data-import',
  routes: [{ path: '/system/import', component: ImportPage, permissions: ['superadmin'] }],
  menu: [
    { key: 'dataImport', group: 'system', to: '/system/import', permissions: ['superadmin'], icon: UploadFileIcon },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
