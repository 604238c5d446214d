import { Resource } from 'react-admin';
import TuneIcon from '@mui/icons-material/Tune';
import { lazy } from 'react';

const pages = () => import('./setting-pages.tsx');
const SettingList = lazy(() => pages().then((m) => ({ default: m.SettingList })));
const SettingCreate = lazy(() => pages().then((m) => ({ default: m.SettingCreate })));
const SettingEdit = lazy(() => pages().then((m) => ({ default: m.SettingEdit })));

/** System settings (/system/settings, superadmins). */
export const settingsResource = (
  <Resource
    key="system/settings"
    name="system/settings"
    list={SettingList}
    create={SettingCreate}
    edit={SettingEdit}
    icon={TuneIcon}
    recordRepresentation="key"
  />
);
