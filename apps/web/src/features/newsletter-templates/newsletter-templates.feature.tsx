import { Route } from 'react-router-dom';
import DesignServicesIcon from '@mui/icons-material/DesignServices';
import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./template-pages.tsx');
const TemplateList = lazyPage(pages, (m) => m.TemplateList);
const TemplateCreate = lazyPage(pages, (m) => m.TemplateCreate);
const TemplateEdit = lazyPage(pages, (m) => m.TemplateEdit);
const TemplateCopy = lazyPage(pages, (m) => m.TemplateCopy);
const TemplateCards = lazyPage(
  () => import('./template-cards-page.tsx'),
  (m) => m.TemplateCardsPage,
);
const TemplateFiles = lazyPage(
  () => import('./template-files.tsx'),
  (m) => m.TemplateFilesPage,
);

/**
 * Newsletter templates (/newsletter/templates with the spec's sub-pages cards, create, files, {id}): MJML with a
 * live preview, the fixed starter templates and the images for templates. Under the newsletter rights.
 */
export const newsletterTemplatesFeature: FeatureModule = {
  name: 'newsletter-templates',
  resources: [
    {
      name: 'newsletter/templates',
      api: {
        read: '/newsletter/templates',
        permissions: {
          list: ['newsletter-read'],
          show: ['newsletter-read'],
          create: ['newsletter-create'],
          edit: ['newsletter-update'],
          delete: ['newsletter-delete'],
        },
      },
      icon: DesignServicesIcon,
      list: TemplateList,
      create: TemplateCreate,
      edit: TemplateEdit,
      recordRepresentation: 'name',
      routes: (
        <>
          <Route path="copy/:id?/*" element={<TemplateCopy />} />
          <Route path="cards" element={<TemplateCards />} />
          <Route path="files" element={<TemplateFiles />} />
        </>
      ),
    },
  ],
  menu: [
    {
      key: 'newsletterTemplates',
      group: 'newsletter',
      to: '/newsletter/templates',
      permissions: ['newsletter-read'],
      icon: DesignServicesIcon,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['campaign_count'],
};
