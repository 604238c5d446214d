import { type LocaleFile, type MobileFeature, lazyPage, localeLoaders } from '../../lib/feature.ts';
import { ForumIcon } from '../../lib/mobile-icons.tsx';

const DriverChatScreen = lazyPage(
  () => import('./driver-chat-screen.tsx'),
  (m) => m.DriverChatScreen,
);

const isDriver = (user: { isDriver: boolean }) => user.isDriver;

/** The driver's part of the chat (docs/adr/0026): the channels of the departures they drive. */
export const chatMobile: MobileFeature = {
  name: 'chat',
  mobileRoutes: [
    { path: '/driver/chat', component: DriverChatScreen, permissions: ['Buslocation-update'], usable: isDriver },
    { path: '/driver/chat/:id', component: DriverChatScreen, permissions: ['Buslocation-update'], usable: isDriver },
  ],
  mobileMenu: [
    {
      key: 'driverChat',
      to: '/driver/chat',
      permissions: ['Buslocation-update'],
      icon: ForumIcon,
      usable: isDriver,
      order: 2,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
