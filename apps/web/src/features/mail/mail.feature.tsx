import OutboxIcon from '@mui/icons-material/Outbox';
import { type FeatureModule, type LocaleFile, localeLoaders, onlyRight, lazyPage } from '../../lib/feature.ts';

const EmailDebugPage = lazyPage(
  () => import('./email-debug-page.tsx'),
  (m) => m.EmailDebugPage,
);

/** The mail outbox (/email/debug, admins): what was sent or waits, with resend. */
export const mailFeature: FeatureModule = {
  name: 'mail',
  // The outbox page lists through react-admin's <List resource="email/debug">: an API mapping, no pages.
  resources: [
    { name: 'email/debug', api: { read: '/mail-outbox', permissions: onlyRight('admin') }, icon: OutboxIcon },
  ],
  routes: [{ path: '/email/debug', component: EmailDebugPage, permissions: ['admin'] }],
  menu: [{ key: 'outbox', group: 'system', to: '/email/debug', permissions: ['admin'], icon: OutboxIcon }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
