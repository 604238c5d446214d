import MapIcon from '@mui/icons-material/Map';
import { type FeatureModule, lazyPage } from '../../lib/feature.ts';
import { busLocationMobile } from './bus-location.mobile.ts';

const CoachMapPage = lazyPage(
  () => import('./coach-map-page.tsx'),
  (m) => m.CoachMapPage,
);

/**
 * The coach's live position (issue #13): the traveller's bus location (/appuser/Buslocation), the driver's
 * position sharing (/driver/drive/{transportId}) — both in bus-location.mobile.ts — and the office's map of the
 * coaches on the road (/maps).
 */
export const busLocationFeature: FeatureModule = {
  ...busLocationMobile,
  routes: [{ path: '/maps', component: CoachMapPage, permissions: ['vorgang-read'] }],
  menu: [{ key: 'coachMap', group: 'bookings', to: '/maps', permissions: ['vorgang-read'], icon: MapIcon }],
};
