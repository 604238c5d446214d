import { describe, expect, it } from 'vitest';
import LuggageIcon from '@mui/icons-material/Luggage';
import { normalizeAccess } from '@tourdesk/contracts/permissions';
import type { FeatureModule, MobileUser } from './feature.ts';
import { isMobilePath, mayOpen, mobileHome, mobileMenuOf } from './mobile.tsx';

const Page = () => null;
const Icon = LuggageIcon;
const messages = {
  en: async () => ({ default: {} }),
  de: async () => ({ default: {} }),
  es: async () => ({ default: {} }),
  ru: async () => ({ default: {} }),
};

const FEATURES: FeatureModule[] = [
  {
    name: 'trips',
    messages,
    mobileRoutes: [{ path: '/appuser/aktJourneys/:id?', component: Page, permissions: ['myJourneys-read'] }],
    mobileMenu: [
      { key: 'journeys', to: '/appuser/aktJourneys', permissions: ['myJourneys-read'], icon: Icon, order: 10 },
    ],
  },
  {
    name: 'driving',
    messages,
    mobileRoutes: [
      {
        path: '/driver',
        component: Page,
        permissions: ['Buslocation-read'],
        usable: (user) => user.isDriver,
      },
    ],
    mobileMenu: [
      {
        key: 'driver',
        to: '/driver',
        permissions: ['Buslocation-read'],
        icon: Icon,
        order: 1,
        usable: (user) => user.isDriver,
      },
    ],
  },
];

/** A user granted `names` (e.g. `myJourneys-read`), in the access map's shape `{ area: { action: true } }`. */
const userWith = (names: Record<string, boolean>, isDriver = false) => {
  const access: Record<string, Record<string, boolean>> = {};
  for (const name of Object.keys(names)) {
    const dash = name.lastIndexOf('-');
    (access[name.slice(0, dash)] ??= {})[name.slice(dash + 1)] = true;
  }
  const user: MobileUser = { permissions: { admin: false, role: 'x', access: normalizeAccess(access) }, isDriver };
  return user;
};

describe('the mobile app registry', () => {
  it('serves only the registered screens, with their parameters', () => {
    expect(isMobilePath(FEATURES, '/appuser/aktJourneys')).toBe(true);
    expect(isMobilePath(FEATURES, '/appuser/aktJourneys/12')).toBe(true);
    expect(isMobilePath(FEATURES, '/appuser/myProfile')).toBe(false);
    expect(isMobilePath(FEATURES, '/vorgang')).toBe(false);
  });

  it('shows an entry only with its permission and what the screen needs', () => {
    const traveller = userWith({ 'myJourneys-read': true, 'Buslocation-read': true });
    expect(mobileMenuOf(FEATURES, traveller).map((entry) => entry.key)).toEqual(['journeys']);
    const driver = userWith({ 'myJourneys-read': true, 'Buslocation-read': true }, true);
    expect(mobileMenuOf(FEATURES, driver).map((entry) => entry.key)).toEqual(['driver', 'journeys']);
    expect(mayOpen(FEATURES[1]!.mobileRoutes![0]!, traveller)).toBe(false);
  });

  it('starts a user on the first screen they may use, or nowhere', () => {
    expect(mobileHome(FEATURES, userWith({ 'myJourneys-read': true }))).toBe('/appuser/aktJourneys');
    expect(mobileHome(FEATURES, userWith({ 'Buslocation-read': true }, true))).toBe('/driver');
    expect(mobileHome(FEATURES, userWith({}))).toBeNull();
  });
});
