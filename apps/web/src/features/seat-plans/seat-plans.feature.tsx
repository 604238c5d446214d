import AirlineSeatReclineNormalIcon from '@mui/icons-material/AirlineSeatReclineNormal';
import { type FeatureModule, type LocaleFile, areaRights, lazyPage, localeLoaders } from '../../lib/feature.ts';

const pages = () => import('./seat-plan-pages.tsx');

const SeatPlanList = lazyPage(
  () => import('./seat-plan-list.tsx'),
  (m) => m.SeatPlanList,
);
const SeatPlanCreate = lazyPage(pages, (m) => m.SeatPlanCreate);
const SeatPlanEdit = lazyPage(pages, (m) => m.SeatPlanEdit);
const SeatPlanShow = lazyPage(pages, (m) => m.SeatPlanShow);

/**
 * Coach seat plans (/seat-plans): the list and editor of the operator's layouts, and the SeatGrid renderer
 * (seat-grid.tsx) that the seat picker and the manifests share. Under the internet rights.
 */
export const seatPlansFeature: FeatureModule = {
  name: 'seat-plans',
  resources: [
    {
      name: 'seat-plans',
      api: { read: '/seat-plans', permissions: areaRights('internet') },
      icon: AirlineSeatReclineNormalIcon,
      list: SeatPlanList,
      create: SeatPlanCreate,
      edit: SeatPlanEdit,
      show: SeatPlanShow,
      recordRepresentation: 'name',
    },
  ],
  menu: [
    {
      key: 'seatPlans',
      group: 'trips',
      to: '/seat-plans',
      permissions: ['internet-read'],
      icon: AirlineSeatReclineNormalIcon,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['seat_count'],
};
