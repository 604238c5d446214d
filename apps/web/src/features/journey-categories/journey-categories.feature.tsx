import { Route } from 'react-router-dom';
import CategoryIcon from '@mui/icons-material/Category';
import { type FeatureModule, type LocaleFile, areaRights, localeLoaders, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./category-pages.tsx');
const CategoryList = lazyPage(pages, (m) => m.CategoryList);
const CategoryCreate = lazyPage(pages, (m) => m.CategoryCreate);
const CategoryEdit = lazyPage(pages, (m) => m.CategoryEdit);
const CategoryCopy = lazyPage(pages, (m) => m.CategoryCopy);

/** Trip categories (/internet/categories; the spec's 31 and the operator's own), under the internet rights. */
export const journeyCategoriesFeature: FeatureModule = {
  name: 'journey-categories',
  resources: [
    {
      name: 'internet/categories',
      api: { read: '/journey/category', permissions: areaRights('internet') },
      icon: CategoryIcon,
      list: CategoryList,
      create: CategoryCreate,
      edit: CategoryEdit,
      recordRepresentation: 'name',
      routes: <Route path="copy/:id?/*" element={<CategoryCopy />} />,
    },
  ],
  menu: [
    {
      key: 'categories',
      group: 'trips',
      to: '/internet/categories',
      permissions: ['internet-read'],
      icon: CategoryIcon,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['journey_count', 'id_jrn_category'],
};
