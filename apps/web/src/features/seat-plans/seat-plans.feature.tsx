import { type FeatureModule, type LocaleFile, localeLoaders } from '../../lib/feature.ts';

/**
 * Coach seat plans (/seat-plans): the list and editor of the operator's layouts, and the SeatGrid renderer
 * (seat-grid.tsx) that the seat picker and the manifests share. Under the internet rights.
 */
export const seatPlansFeature: FeatureModule = {
  name: 'seat-plans',
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
