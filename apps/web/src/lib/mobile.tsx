import { createContext, useContext } from 'react';
import { matchPath } from 'react-router-dom';
import { hasAnyPermission } from '@tourdesk/contracts/permissions';
import type { UserData } from '@tourdesk/contracts';
import type { FeatureModule, LazyPage, MobileMenuEntry, MobileRoute, MobileUser } from './feature.ts';

/** What the phone app needs of a feature (a MobileFeature of features/mobile.ts, or a whole FeatureModule). */
type WithMobile = Pick<FeatureModule, 'mobileRoutes' | 'mobileMenu'>;

/**
 * What every screen of the traveller and driver app gets from the mobile shell: the logged-in user, the
 * translation function and the language. The screens use these hooks, never react-admin's.
 */
export type MobileContextValue = {
  user: UserData;
  /** i18n key → text (`%{name}` placeholders as in the back office). */
  t: (key: string, options?: Record<string, unknown>) => string;
  locale: string;
  setLocale: (locale: string) => void;
};

export const MobileContext = createContext<MobileContextValue | null>(null);

function useMobileContext(): MobileContextValue {
  const value = useContext(MobileContext);
  if (!value) throw new Error('A mobile screen rendered outside the mobile shell');
  return value;
}

/** The logged-in traveller or driver. */
export const useMobileUser = (): UserData => useMobileContext().user;

/** The translation function of the mobile app. */
export const useT = (): MobileContextValue['t'] => useMobileContext().t;

/** The current language and the function that changes it. */
export function useMobileLocale(): [string, (locale: string) => void] {
  const { locale, setLocale } = useMobileContext();
  return [locale, setLocale];
}

/** Whether `user` may open a mobile screen or entry: one of its permissions and whatever `usable` adds. */
export const mayOpen = (item: Pick<MobileRoute, 'permissions' | 'usable'>, user: MobileUser | undefined): boolean =>
  user !== undefined && hasAnyPermission(user.permissions, item.permissions) && (!item.usable || item.usable(user));

export const mobileRoutesOf = (features: readonly WithMobile[]): MobileRoute[] =>
  features.flatMap((feature) => feature.mobileRoutes ?? []);

/** The navigation entries `user` may use, in their order. */
export const mobileMenuOf = (features: readonly WithMobile[], user: MobileUser | undefined): MobileMenuEntry[] =>
  features
    .flatMap((feature) => feature.mobileMenu ?? [])
    .filter((entry) => mayOpen(entry, user))
    .sort((a, b) => a.order - b.order);

/** The mobile screen `pathname` opens, if any. */
export const mobileRouteAt = (features: readonly WithMobile[], pathname: string): MobileRoute | undefined =>
  mobileRoutesOf(features).find((route) => matchPath(route.path, pathname) !== null);

/** Whether `pathname` is a screen of the mobile app (the mobile shell serves it, not the back office). */
export const isMobilePath = (features: readonly WithMobile[], pathname: string): boolean =>
  mobileRouteAt(features, pathname) !== undefined;

/**
 * Starts loading the chunk of the mobile screen `pathname` opens, so it arrives beside the shell's instead of
 * after the shell has rendered its routes.
 */
export function preloadMobilePage(features: readonly WithMobile[], pathname: string): void {
  const page = mobileRouteAt(features, pathname)?.component;
  if (page && 'preload' in page && typeof page.preload === 'function') void (page as LazyPage).preload();
}

/** Where an app user (traveller or driver) starts: the first mobile entry they may use, if any. */
export const mobileHome = (features: readonly WithMobile[], user: MobileUser | undefined): string | null =>
  mobileMenuOf(features, user)[0]?.to ?? null;
