import { type LocaleFile, type MobileFeature, lazyPage, localeLoaders } from '../../lib/feature.ts';
import { AutoStoriesIcon } from '../../lib/mobile-icons.tsx';

const DiaryPage = lazyPage(
  () => import('./diary-screen.tsx'),
  (m) => m.DiaryPage,
);

/** The diary's phone screen (registered in features/mobile.ts for the phone app, in diary.feature.tsx for all). */
export const diaryMobile: MobileFeature = {
  name: 'diary',
  mobileRoutes: [{ path: '/appuser/Diary/:id?', component: DiaryPage, permissions: ['Diary-read'] }],
  mobileMenu: [{ key: 'diary', to: '/appuser/Diary', permissions: ['Diary-read'], icon: AutoStoriesIcon, order: 50 }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
