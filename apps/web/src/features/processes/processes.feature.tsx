import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { type FeatureModule, type LocaleFile, lazyPage, localeLoaders } from '../../lib/feature.ts';

const ProcessList = lazyPage(
  () => import('./process-list.tsx'),
  (m) => m.ProcessList,
);

const READ = ['process-read'] as const;

/** Processes (/process, spec §7): the commercial view of the bookings from GET /process-lit; not a second store. */
export const processesFeature: FeatureModule = {
  name: 'processes',
  resources: [
    {
      name: 'process',
      api: {
        read: '/process-lit',
        idField: 'id_pc_process',
        permissions: { list: READ, show: READ, edit: READ, create: ['process-delete'], delete: ['process-delete'] },
      },
      icon: AccountTreeIcon,
      list: ProcessList,
      recordRepresentation: (record) => String(record.id_pc_process ?? record.id),
    },
  ],
  menu: [{ key: 'processes', group: 'bookings', to: '/process', permissions: READ, icon: AccountTreeIcon }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
