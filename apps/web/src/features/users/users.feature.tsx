import { Route } from 'react-router-dom';
import AppUsersIcon from '@mui/icons-material/PhoneIphone';
import BlockIcon from '@mui/icons-material/Block';
import PersonIcon from '@mui/icons-material/Person';
import { type FeatureModule, type LocaleFile, areaRights, localeLoaders, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./user-pages.tsx');
const list = () => import('./user-list.tsx');

const StaffList = lazyPage(list, (m) => () => <m.UserList variant="staff" />);
const AppList = lazyPage(list, (m) => () => <m.UserList variant="app" />);
const DisabledList = lazyPage(list, (m) => () => <m.UserList variant="disabled" />);
const StaffCreate = lazyPage(pages, (m) => () => <m.UserCreate kind="staff" />);
const StaffEdit = lazyPage(pages, (m) => () => <m.UserEdit kind="staff" />);
const StaffCopy = lazyPage(pages, (m) => () => <m.UserCopy kind="staff" resource="users" />);
const AppCreate = lazyPage(pages, (m) => () => <m.UserCreate kind="app" />);
const AppEdit = lazyPage(pages, (m) => () => <m.UserEdit kind="app" />);
const AppCopy = lazyPage(pages, (m) => () => <m.UserCopy kind="app" resource="app/users" />);

const fullName = (record: Record<string, unknown>) => `${String(record.firstname)} ${String(record.lastname)}`;

/** Staff users (/users), traveller accounts (/app/users) and blocked users (/users-disabled). */
export const usersFeature: FeatureModule = {
  name: 'users',
  resources: [
    {
      name: 'users',
      api: { read: '/users-lit', permissions: areaRights('user') },
      icon: PersonIcon,
      list: StaffList,
      create: StaffCreate,
      edit: StaffEdit,
      recordRepresentation: fullName,
      routes: <Route path="copy/:id?/*" element={<StaffCopy />} />,
    },
    {
      name: 'app/users',
      api: { read: '/users-app', permissions: areaRights('user') },
      icon: AppUsersIcon,
      list: AppList,
      create: AppCreate,
      edit: AppEdit,
      recordRepresentation: fullName,
      routes: <Route path="copy/:id?/*" element={<AppCopy />} />,
    },
    {
      // Created through /users-disabled (no access until activated by mail), listed from /users-lit.
      name: 'users-disabled',
      api: {
        read: '/users-lit',
        create: '/users-disabled',
        fixedFilter: { isActive: false },
        permissions: areaRights('user'),
      },
      icon: BlockIcon,
      list: DisabledList,
      create: StaffCreate,
      edit: StaffEdit,
    },
  ],
  menu: [
    { key: 'appUsers', group: 'app', to: '/app/users', permissions: ['user-read'], icon: AppUsersIcon },
    { key: 'blockedUsers', group: 'app', to: '/users-disabled', permissions: ['user-read'], icon: BlockIcon },
    { key: 'users', group: 'system', to: '/users', permissions: ['user-read'], icon: PersonIcon },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['lastLogin', 'roleName', 'vc_card', 'permissions'],
};
