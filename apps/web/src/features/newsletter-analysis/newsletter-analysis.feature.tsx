import InsightsIcon from '@mui/icons-material/Insights';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import QueueIcon from '@mui/icons-material/Queue';
import { type FeatureModule, type LocaleFile, lazyPage, localeLoaders, onlyRight } from '../../lib/feature.ts';

const AnalysisPage = lazyPage(
  () => import('./analysis-page.tsx'),
  (m) => m.AnalysisPage,
);
const SendingPage = lazyPage(
  () => import('./sending-page.tsx'),
  (m) => m.SendingPage,
);
const QueuePage = lazyPage(
  () => import('./queue-page.tsx'),
  (m) => m.QueuePage,
);

/**
 * Newsletter analysis (issue #14 items 5, 6): the figures per campaign with charts (/newsletter/analysis), the
 * sending overview (/mailjet) and the sending queue (/mailjet/debug). Everything needs newsletter-read.
 */
export const newsletterAnalysisFeature: FeatureModule = {
  name: 'newsletter-analysis',
  // The queue page lists through react-admin's <List resource="mailjet/debug">: an API mapping, no pages.
  resources: [
    {
      name: 'mailjet/debug',
      api: { read: '/newsletter/queue', permissions: onlyRight('newsletter-read') },
      icon: QueueIcon,
    },
  ],
  routes: [
    { path: '/newsletter/analysis', component: AnalysisPage, permissions: ['newsletter-read'] },
    { path: '/mailjet', component: SendingPage, permissions: ['newsletter-read'] },
    { path: '/mailjet/debug', component: QueuePage, permissions: ['newsletter-read'] },
  ],
  menu: [
    {
      key: 'newsletterAnalysis',
      group: 'newsletter',
      to: '/newsletter/analysis',
      permissions: ['newsletter-read'],
      icon: InsightsIcon,
    },
    { key: 'mailjet', group: 'newsletter', to: '/mailjet', permissions: ['newsletter-read'], icon: ForwardToInboxIcon },
    {
      key: 'mailjetDebug',
      group: 'newsletter',
      to: '/mailjet/debug',
      permissions: ['newsletter-read'],
      icon: QueueIcon,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
