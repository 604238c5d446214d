import { Navigate, Route } from 'react-router-dom';
import ArticleIcon from '@mui/icons-material/Article';
import LabelIcon from '@mui/icons-material/Label';
import { type FeatureModule, type LocaleFile, areaRights, localeLoaders, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./blog-pages.tsx');
const typePages = () => import('./blog-type-pages.tsx');
const BlogList = lazyPage(pages, (m) => m.BlogList);
const BlogCreate = lazyPage(pages, (m) => m.BlogCreate);
const BlogEdit = lazyPage(pages, (m) => m.BlogEdit);
const BlogTypeList = lazyPage(typePages, (m) => m.BlogTypeList);
const BlogTypeCreate = lazyPage(typePages, (m) => m.BlogTypeCreate);
const BlogTypeEdit = lazyPage(typePages, (m) => m.BlogTypeEdit);
const BlogTypeCopy = lazyPage(typePages, (m) => m.BlogTypeCopy);

/**
 * The website's blog (spec §2 /internet/blog: create, {id}, BlogTypes, type, type/create/{id?}, type/{id}):
 * posts with rich text and images from the image database, and the blog types they are filed under.
 */
export const blogFeature: FeatureModule = {
  name: 'blog',
  resources: [
    {
      name: 'internet/blog',
      api: { read: '/web/blog', permissions: areaRights('internet') },
      icon: ArticleIcon,
      list: BlogList,
      create: BlogCreate,
      edit: BlogEdit,
      recordRepresentation: 'title',
      routes: <Route path="BlogTypes/*" element={<Navigate to="/internet/blog/type" replace />} />,
    },
    {
      name: 'internet/blog/type',
      api: { read: '/web/blog-type', permissions: areaRights('internet') },
      icon: LabelIcon,
      list: BlogTypeList,
      create: BlogTypeCreate,
      edit: BlogTypeEdit,
      recordRepresentation: 'title',
      routes: <Route path="create/:id/*" element={<BlogTypeCopy />} />,
    },
  ],
  menu: [{ key: 'blog', group: 'trips', to: '/internet/blog', permissions: ['internet-read'], icon: ArticleIcon }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['imageFiles', 'image_count', 'type_title', 'post_count'],
};
