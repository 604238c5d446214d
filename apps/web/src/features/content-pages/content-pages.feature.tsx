import { Route } from 'react-router-dom';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderIcon from '@mui/icons-material/Folder';
import { type FeatureModule, type LocaleFile, areaRights, localeLoaders, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./content-pages.tsx');
const categoryPages = () => import('./content-category-pages.tsx');
const ContentList = lazyPage(pages, (m) => m.ContentList);
const ContentCreate = lazyPage(pages, (m) => m.ContentCreate);
const ContentEdit = lazyPage(pages, (m) => m.ContentEdit);
const CategoryList = lazyPage(categoryPages, (m) => m.ContentCategoryList);
const CategoryCreate = lazyPage(categoryPages, (m) => m.ContentCategoryCreate);
const CategoryEdit = lazyPage(categoryPages, (m) => m.ContentCategoryEdit);
const CategoryCopy = lazyPage(categoryPages, (m) => m.ContentCategoryCopy);

/**
 * The website's content pages (spec §2 /internet/content: create, {id}, category, category/create/{id?},
 * category/{id}): rich text pages filed in content categories.
 */
export const contentPagesFeature: FeatureModule = {
  name: 'content-pages',
  resources: [
    {
      name: 'internet/content',
      api: { read: '/web/content', permissions: areaRights('internet') },
      icon: DescriptionIcon,
      list: ContentList,
      create: ContentCreate,
      edit: ContentEdit,
      recordRepresentation: 'title',
    },
    {
      name: 'internet/content/category',
      api: { read: '/web/content-category', permissions: areaRights('internet') },
      icon: FolderIcon,
      list: CategoryList,
      create: CategoryCreate,
      edit: CategoryEdit,
      recordRepresentation: 'name',
      routes: <Route path="create/:id/*" element={<CategoryCopy />} />,
    },
  ],
  menu: [
    { key: 'content', group: 'trips', to: '/internet/content', permissions: ['internet-read'], icon: DescriptionIcon },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['category_name', 'page_count'],
};
