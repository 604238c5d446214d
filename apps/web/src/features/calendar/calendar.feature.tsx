import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { type FeatureModule, type LocaleFile, lazyPage, localeLoaders } from '../../lib/feature.ts';

const CalendarPage = lazyPage(
  () => import('./calendar-page.tsx'),
  (m) => m.CalendarPage,
);

/**
 * The calendar (/time/calendar, issue #17, docs/adr/0027): personal and shared calendars, departures and option
 * deadlines shown automatically, and the user's iCal feed address.
 */
export const calendarFeature: FeatureModule = {
  name: 'calendar',
  routes: [{ path: '/time/calendar', component: CalendarPage, permissions: ['calendar-read'] }],
  menu: [
    {
      key: 'calendar',
      group: 'time',
      to: '/time/calendar',
      permissions: ['calendar-read'],
      icon: CalendarMonthIcon,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
