import ScheduleIcon from '@mui/icons-material/Schedule';
import { type FeatureModule, type LocaleFile, localeLoaders, onlyRight, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./cronjob-pages.tsx');
const CronJobList = lazyPage(pages, (m) => m.CronJobList);

/** Cron jobs (/system/cronjobs, superadmins; spec §3, §4, §7, docs/adr/0030): every job of the scheduler. */
export const cronjobsFeature: FeatureModule = {
  name: 'cronjobs',
  resources: [
    {
      name: 'system/cronjobs',
      api: { read: '/cronjobs', permissions: onlyRight('superadmin') },
      icon: ScheduleIcon,
      list: CronJobList,
      recordRepresentation: 'name',
    },
  ],
  menu: [{ key: 'cronjobs', group: 'system', to: '/system/cronjobs', permissions: ['superadmin'], icon: ScheduleIcon }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
