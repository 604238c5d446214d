import { Route } from 'react-router-dom';
import MenuIcon from '@mui/icons-material/Menu';
import ListIcon from '@mui/icons-material/List';
import { type FeatureModule, type LocaleFile, areaRights, localeLoaders, lazyPage } from '../../lib/feature.ts';

const menuPages = () => import('./menu-pages.tsx');
const MenuList = lazyPage(menuPages, (m) => m.MenuList);
const MenuCreate = lazyPage(menuPages, (m) => m.MenuCreate);
const MenuEdit = lazyPage(menuPages, (m) => m.MenuEdit);
const MenuCopy = lazyPage(menuPages, (m) => m.MenuCopy);
const itemPages = () => import('./item-pages.tsx');
const ItemList = lazyPage(itemPages, (m) => m.ItemList);
const ItemCreate = lazyPage(itemPages, (m) => m.ItemCreate);
const ItemEdit = lazyPage(itemPages, (m) => m.ItemEdit);

/** The website's menus and their items (/internet/menu, /internet/menu/item), under the internet rights. */
export const webMenusFeature: FeatureModule = {
  name: 'web-menus',
  resources: [
    {
      name: 'internet/menu',
      api: { read: '/web/menu', permissions: areaRights('internet') },
      icon: MenuIcon,
      list: MenuList,
      create: MenuCreate,
      edit: MenuEdit,
      recordRepresentation: 'name',
      routes: <Route path="copy/:id?/*" element={<MenuCopy />} />,
    },
    {
      name: 'internet/menu/item',
      api: { read: '/web/menu-item', permissions: areaRights('internet') },
      icon: ListIcon,
      list: ItemList,
      create: ItemCreate,
      edit: ItemEdit,
      recordRepresentation: 'name',
      routes: <Route path="create/:id/*" element={<ItemCreate />} />,
    },
  ],
  menu: [{ key: 'webMenu', group: 'trips', to: '/internet/menu', permissions: ['internet-read'], icon: MenuIcon }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['item_count', 'id_web_menu_item', 'menu_name', 'position'],
};
