import { type FeatureModule, type LocaleFile, lazyPage, localeLoaders } from '../../lib/feature.ts';

const BookingWizardPage = lazyPage(
  () => import('./booking-wizard-page.tsx'),
  (m) => m.BookingWizardPage,
);

/**
 * The staff booking wizard (/vorgang/create): customer → journey → date → participants → prices, extras and
 * insurance → stops and seats → summary, saved with POST /ratio_vorgang; then the booking's page /vorgang/{id}.
 */
export const bookingWizardFeature: FeatureModule = {
  name: 'booking-wizard',
  routes: [{ path: '/vorgang/create', component: BookingWizardPage, permissions: ['vorgang-create'] }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
