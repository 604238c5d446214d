import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import { type FeatureModule, lazyPage } from '../../lib/feature.ts';
import { myJourneysMobile } from './my-journeys.mobile.ts';

const codePages = () => import('./booking-code-pages.tsx');
const SignupVorgangPage = lazyPage(codePages, (m) => m.SignupVorgangPage);
const LoginVorgangPage = lazyPage(codePages, (m) => m.LoginVorgangPage);
const EmergencyCallPage = lazyPage(
  () => import('./emergency-call-page.tsx'),
  (m) => m.EmergencyCallPage,
);

/**
 * "My journeys" of the traveller app (issue #13): the coming and past trips, the journey for the phone (departure,
 * seats, itinerary, hotel, documents, emergency numbers, sharing), the traveller's processes, adding a trip by
 * booking number (also when registering or logging in; the phone screens in my-journeys.mobile.ts), and the staff
 * page of the emergency numbers.
 */
export const myJourneysFeature: FeatureModule = {
  ...myJourneysMobile,
  guestRoutes: [
    { path: 'signup-vorgang', component: SignupVorgangPage },
    { path: 'login-vg', component: LoginVorgangPage },
  ],
  routes: [
    {
      path: '/app/emergencycall',
      component: EmergencyCallPage,
      permissions: ['appusermanagement-read'],
    },
  ],
  menu: [
    {
      key: 'emergencyCall',
      group: 'app',
      to: '/app/emergencycall',
      permissions: ['appusermanagement-read'],
      icon: ContactPhoneIcon,
    },
  ],
};
