import { type LocaleFile, type MobileFeature, lazyPage, localeLoaders } from '../../lib/feature.ts';
import { ForumIcon, NotificationsIcon } from '../../lib/mobile-icons.tsx';

const InboxPage = lazyPage(
  () => import('./inbox-screen.tsx'),
  (m) => m.InboxPage,
);
const NotificationPage = lazyPage(
  () => import('./notification-screen.tsx'),
  (m) => m.NotificationPage,
);
const TopicsPage = lazyPage(
  () => import('./topics-screen.tsx'),
  (m) => m.TopicsPage,
);
const BusThreadPage = lazyPage(
  () => import('./bus-thread-screen.tsx'),
  (m) => m.BusThreadPage,
);
const DriverMessagePage = lazyPage(
  () => import('./driver-message-screen.tsx'),
  (m) => m.DriverMessagePage,
);

const isDriver = (user: { isDriver: boolean }) => user.isDriver;

/**
 * The traveller's push messages (issue #16, docs/adr/0023): the inbox and a message, the topics they follow, the
 * chat-style thread of the channel messages ("Bus"), and the driver's quick message to their coach.
 */
export const notificationsMobile: MobileFeature = {
  name: 'notifications',
  mobileRoutes: [
    { path: '/appuser/notifications', component: InboxPage, permissions: ['pushmessage-read'] },
    { path: '/appuser/notifications/topics', component: TopicsPage, permissions: ['pushmessage-read'] },
    {
      path: '/appuser/notifications/create',
      component: DriverMessagePage,
      permissions: ['pushmessage-send'],
      usable: isDriver,
    },
    {
      path: '/appuser/notifications/copy/:id',
      component: DriverMessagePage,
      permissions: ['pushmessage-send'],
      usable: isDriver,
    },
    { path: '/appuser/notifications/:id', component: NotificationPage, permissions: ['pushmessage-read'] },
    { path: '/appuser/BusChat', component: BusThreadPage, permissions: ['pushmessage-read'] },
  ],
  mobileMenu: [
    {
      key: 'notifications',
      to: '/appuser/notifications',
      permissions: ['pushmessage-read'],
      icon: NotificationsIcon,
      order: 80,
    },
    { key: 'busChat', to: '/appuser/BusChat', permissions: ['pushmessage-read'], icon: ForumIcon, order: 85 },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
