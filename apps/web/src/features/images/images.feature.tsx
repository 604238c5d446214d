import HistoryIcon from '@mui/icons-material/History';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { type FeatureModule, type LocaleFile, lazyPage, localeLoaders } from '../../lib/feature.ts';

const libraryPages = () => import('./library-pages.tsx');
const LibrariesPage = lazyPage(libraryPages, (m) => m.LibrariesPage);
const LibraryPage = lazyPage(libraryPages, (m) => m.LibraryPage);
const HistoryPage = lazyPage(
  () => import('./history-page.tsx'),
  (m) => m.HistoryPage,
);

/**
 * The image database (issue #15): libraries with upload, edit and trash, the history, and the picker other
 * features open ("From the image database"). The menu entries need `admin` (spec "Menu entries"); the API
 * itself checks the imagedb rights.
 */
export const imagesFeature: FeatureModule = {
  name: 'images',
  routes: [
    { path: '/imagedb/library', component: LibrariesPage, permissions: ['admin'] },
    { path: '/imagedb/library/:id', component: LibraryPage, permissions: ['admin'] },
    { path: '/imagedb/history', component: HistoryPage, permissions: ['admin'] },
  ],
  menu: [
    { key: 'imageLibrary', group: 'images', to: '/imagedb/library', permissions: ['admin'], icon: PhotoLibraryIcon },
    { key: 'imageHistory', group: 'images', to: '/imagedb/history', permissions: ['admin'], icon: HistoryIcon },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
