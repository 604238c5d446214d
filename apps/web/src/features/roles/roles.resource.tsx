import { Resource } from 'react-admin';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazy } from 'react';

const pages = () => import('./role-pages.tsx');
const RoleList = lazy(() => pages().then((m) => ({ default: m.RoleList })));
const RoleCreate = lazy(() => pages().then((m) => ({ default: m.RoleCreate })));
const RoleEdit = lazy(() => pages().then((m) => ({ default: m.RoleEdit })));

/** Roles (/roles): the admin flag and the grid of areas × rights. */
export const rolesResource = (
  <Resource
    key="roles"
    name="roles"
    list={RoleList}
    create={RoleCreate}
    edit={RoleEdit}
    icon={AdminPanelSettingsIcon}
    recordRepresentation="role"
  />
);
