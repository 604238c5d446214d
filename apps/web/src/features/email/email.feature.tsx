import MailIcon from '@mui/icons-material/Mail';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';

const InboxPage = lazyPage(
  () => import('./inbox-page.tsx'),
  (m) => m.InboxPage,
);
const MailAccountsPage = lazyPage(
  () => import('./mail-accounts-page.tsx'),
  (m) => m.MailAccountsPage,
);

/**
 * The e-mail inbox over IMAP (issue #17, docs/adr/0025): /email and /email/inbox (email-read), the mailboxes for
 * administrators (/email/accounts). The outbox (/email/debug) stays the mail feature's.
 */
export const emailFeature: FeatureModule = {
  name: 'email',
  routes: [
    { path: '/email', component: InboxPage, permissions: ['email-read'] },
    { path: '/email/inbox', component: InboxPage, permissions: ['email-read'] },
    { path: '/email/accounts', component: MailAccountsPage, permissions: ['admin'] },
  ],
  menu: [
    { key: 'email', group: 'communication', to: '/email', permissions: ['email-read'], icon: MailIcon },
    {
      key: 'mailAccounts',
      group: 'system',
      to: '/email/accounts',
      permissions: ['admin'],
      icon: ManageAccountsIcon,
    },
  ],
  quickApps: [{ key: 'inbox', to: '/email/inbox', permissions: ['email-read'], icon: MailIcon }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
