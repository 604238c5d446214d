import { lazy } from 'react';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { type FeatureModule, type LocaleFile, localeLoaders, onlyRight } from '../../lib/feature.ts';

const pages = () => import('./role-pages.tsx');
const RoleList = lazy(() => pages().then((m) => ({ default: m.RoleList })));
const RoleCreate = lazy(() => pages().then((m) => ({ default: m.RoleCreate })));
const RoleEdit = lazy(() => pages().then((m) => ({ default: m.RoleEdit })));

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
