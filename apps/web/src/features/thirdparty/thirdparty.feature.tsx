import HubIcon from '@mui/icons-material/Hub';
import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./thirdparty-pages.tsx');
const ThirdPartyListPage = lazyPage(pages, (m) => m.ThirdPartyListPage);
const ThirdPartyProviderPage = lazyPage(pages, (m) => m.ThirdPartyProviderPage);

/**
 * Third-party services (/basedata/thirdparty, configs-read; issue #18 item 4): SMTP, IMAP, Web Push, map tiles,
 * Adobe Stock, ratio, Kuschick, the insurer and the Facebook page, each with "Verbindung testen".
 */
export const thirdPartyFeature: FeatureModule = {
  name: 'thirdparty',
  routes: [
    { path: '/basedata/thirdparty', component: ThirdPartyListPage, permissions: ['configs-read'] },
    {
      path: '/basedata/thirdparty/provider/:provider',
      component: ThirdPartyProviderPage,
      permissions: ['configs-read'],
    },
  ],
  menu: [
    { key: 'thirdparty', group: 'system', to: '/basedata/thirdparty', permissions: ['configs-read'], icon: HubIcon },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
