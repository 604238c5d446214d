import { Route } from 'react-router-dom';
import CategoryIcon from '@mui/icons-material/Inventory2';
import LocalCafeIcon from '@mui/icons-material/LocalCafe';
import type { ResourceApi } from '../../lib/resources.ts';
import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./group-pages.tsx');
const ProductGroupList = lazyPage(pages, (m) => m.ProductGroupList);
const ProductGroupCreate = lazyPage(pages, (m) => m.ProductGroupCreate);
const ProductGroupEdit = lazyPage(pages, (m) => m.ProductGroupEdit);
const ProductGroupCopy = lazyPage(pages, (m) => m.ProductGroupCopy);
const ArticleGroupList = lazyPage(pages, (m) => m.ArticleGroupList);
const ArticleGroupCreate = lazyPage(pages, (m) => m.ArticleGroupCreate);
const ArticleGroupEdit = lazyPage(pages, (m) => m.ArticleGroupEdit);

const shopRights: ResourceApi['permissions'] = {
  list: ['shop-read'],
  show: ['shop-read'],
  create: ['shop-create'],
  edit: ['shop-update'],
  delete: ['shop-delete'],
};

/** Product groups (extras sold with trips) and article groups (on-board articles), under the shop rights. */
export const productGroupsFeature: FeatureModule = {
  name: 'product-groups',
  resources: [
    {
      name: 'products/productgroups',
      api: { read: '/shop/product-group', permissions: shopRights },
      icon: CategoryIcon,
      list: ProductGroupList,
      create: ProductGroupCreate,
      edit: ProductGroupEdit,
      recordRepresentation: 'name',
      routes: <Route path="copy/:id?/*" element={<ProductGroupCopy />} />,
    },
    {
      name: 'products/articlegroups',
      api: { read: '/shop/article-group', permissions: shopRights },
      icon: LocalCafeIcon,
      list: ArticleGroupList,
      create: ArticleGroupCreate,
      edit: ArticleGroupEdit,
      recordRepresentation: 'name',
    },
  ],
  menu: [
    {
      key: 'productGroups',
      group: 'trips',
      to: '/products/productgroups',
      permissions: ['shop-read'],
      icon: CategoryIcon,
    },
    {
      key: 'articleGroups',
      group: 'trips',
      to: '/products/articlegroups',
      permissions: ['shop-read'],
      icon: LocalCafeIcon,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
