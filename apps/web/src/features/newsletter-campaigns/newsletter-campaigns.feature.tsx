import { Route } from 'react-router-dom';
import CampaignIcon from '@mui/icons-material/Campaign';
import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./campaign-pages.tsx');
const CampaignList = lazyPage(pages, (m) => m.CampaignList);
const CampaignCreate = lazyPage(pages, (m) => m.CampaignCreate);
const CampaignEdit = lazyPage(pages, (m) => m.CampaignEdit);
const CampaignCopy = lazyPage(pages, (m) => m.CampaignCopy);
const CampaignReview = lazyPage(
  () => import('./campaign-review.tsx'),
  (m) => m.CampaignReview,
);
const UnsubscribePage = lazyPage(
  () => import('./unsubscribe-page.tsx'),
  (m) => m.UnsubscribePage,
);

/**
 * Newsletter campaigns (issue #14): the list with status and progress, create, edit, copy, the spec's `id_save`
 * page (the review of a saved campaign: test send, schedule, send now, progress) and the public unsubscribe page.
 */
export const newsletterCampaignsFeature: FeatureModule = {
  name: 'newsletter-campaigns',
  resources: [
    {
      name: 'newsletter/campaigns',
      api: {
        read: '/newsletter/campaigns',
        permissions: {
          list: ['newsletter-read'],
          show: ['newsletter-read'],
          create: ['newsletter-create'],
          edit: ['newsletter-update'],
          delete: ['newsletter-delete'],
        },
      },
      icon: CampaignIcon,
      list: CampaignList,
      create: CampaignCreate,
      edit: CampaignEdit,
      recordRepresentation: 'title',
      routes: (
        <>
          <Route path="copy/:id?/*" element={<CampaignCopy />} />
          <Route path="id_save/:id/*" element={<CampaignReview />} />
        </>
      ),
    },
  ],
  publicRoutes: [{ path: '/newsletter/unsubscribe/:token/*', component: UnsubscribePage }],
  menu: [
    {
      key: 'campaigns',
      group: 'newsletter',
      to: '/newsletter/campaigns',
      permissions: ['newsletter-read'],
      icon: CampaignIcon,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: [
    'template_name',
    'status',
    'scheduled_at',
    'started_at',
    'finished_at',
    'recipients',
    'progress',
    'createdAt',
    'updatedAt',
  ],
};
