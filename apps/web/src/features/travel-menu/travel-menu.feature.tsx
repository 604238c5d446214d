import { type FeatureModule, lazyPage } from '../../lib/feature.ts';
import { travelMenuMobile } from './travel-menu.mobile.ts';

const StaffPage = lazyPage(
  () => import('./travel-menu-staff-page.tsx'),
  (m) => m.TravelMenuStaffPage,
);

/**
 * The on-board travel menu (issue #13 item 5): staff keep it per journey (/internet/journeys/{id}/travel-menu,
 * linked from the journey); travellers read it and their bill on the phone; drivers sell from it
 * (/driver/sales/{transportId}, linked from the driver's home) — the phone screens are in travel-menu.mobile.ts.
 */
export const travelMenuFeature: FeatureModule = {
  ...travelMenuMobile,
  routes: [{ path: '/internet/journeys/:id/travel-menu', component: StaffPage, permissions: ['internet-read'] }],
};
