import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { type FeatureModule, type LocaleFile, localeLoaders, onlyRight, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./role-pages.tsx');
const RoleList = lazyPage(pages, (m) => m.RoleList);
const RoleCreate = lazyPage(pages, (m) => m.RoleCreate);
const RoleEdit = lazyPage(pages, (m) => m.RoleEdit);

/** Roles (/roles): the admin flag and the grid of areas × rights. */
export const rolesFeature: FeatureModule = {
  name: 'roles',
  resources: [
    {
      name: 'roles',
      api: {
        read: '/roles-lit',
        create: '/roles',
        update: '/roles',
        remove: '/role',
        idField: 'id_roles',
        permissions: onlyRight('admin'),
      },
      icon: AdminPanelSettingsIcon,
      list: RoleList,
      create: RoleCreate,
      edit: RoleEdit,
      recordRepresentation: 'role',
    },
  ],
  menu: [{ key: 'roles', group: 'system', to: '/roles', permissions: ['admin'], icon: AdminPanelSettingsIcon }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['userCount'],
};
