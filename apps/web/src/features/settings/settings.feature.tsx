import TuneIcon from '@mui/icons-material/Tune';
import { type FeatureModule, type LocaleFile, localeLoaders, onlyRight, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./setting-pages.tsx');
const SettingList = lazyPage(pages, (m) => m.SettingList);
const SettingCreate = lazyPage(pages, (m) => m.SettingCreate);
const SettingEdit = lazyPage(pages, (m) => m.SettingEdit);

/** System settings (/system/settings, superadmins). */
export const settingsFeature: FeatureModule = {
  name: 'settings',
  resources: [
    {
      name: 'system/settings',
      api: { read: '/sys_settings', idField: 'id_sys_settings', permissions: onlyRight('superadmin') },
      icon: TuneIcon,
      list: SettingList,
      create: SettingCreate,
      edit: SettingEdit,
      recordRepresentation: 'key',
    },
  ],
  menu: [{ key: 'settings', group: 'system', to: '/system/settings', permissions: ['superadmin'], icon: TuneIcon }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
