import { Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import AppUsersIcon from '@mui/icons-material/PhoneIphone';
import BlockIcon from '@mui/icons-material/Block';
import PersonIcon from '@mui/icons-material/Person';
import { lazy } from 'react';

const pages = () => import('./user-pages.tsx');
const list = () => import('./user-list.tsx');

const StaffList = lazy(() => list().then((m) => ({ default: () => <m.UserList variant="staff" /> })));
const AppList = lazy(() => list().then((m) => ({ default: () => <m.UserList variant="app" /> })));
const DisabledList = lazy(() => list().then((m) => ({ default: () => <m.UserList variant="disabled" /> })));
const StaffCreate = lazy(() => pages().then((m) => ({ default: () => <m.UserCreate kind="staff" /> })));
const StaffEdit = lazy(() => pages().then((m) => ({ default: () => <m.UserEdit kind="staff" /> })));
const StaffCopy = lazy(() => pages().then((m) => ({ default: () => <m.UserCopy kind="staff" resource="users" /> })));
const AppCreate = lazy(() => pages().then((m) => ({ default: () => <m.UserCreate kind="app" /> })));
const AppEdit = lazy(() => pages().then((m) => ({ default: () => <m.UserEdit kind="app" /> })));
const AppCopy = lazy(() => pages().then((m) => ({ default: () => <m.UserCopy kind="app" resource="app/users" /> })));

/** Staff users (/users), traveller accounts (/app/users) and blocked users (/users-disabled). */
export const usersResources = [
  <Resource
    key="users"
    name="users"
    list={StaffList}
    create={StaffCreate}
    edit={StaffEdit}
    icon={PersonIcon}
    recordRepresentation={(record) => `${record.firstname} ${record.lastname}`}
  >
    <Route path="copy/:id?/*" element={<StaffCopy />} />
  </Resource>,
  <Resource
    key="app/users"
    name="app/users"
    list={AppList}
    create={AppCreate}
    edit={AppEdit}
    icon={AppUsersIcon}
    recordRepresentation={(record) => `${record.firstname} ${record.lastname}`}
  >
    <Route path="copy/:id?/*" element={<AppCopy />} />
  </Resource>,
  // A user created here stays blocked until activated from the mail (POST /users-disabled).
  <Resource
    key="users-disabled"
    name="users-disabled"
    list={DisabledList}
    create={StaffCreate}
    edit={StaffEdit}
    icon={BlockIcon}
  />,
];
