import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import type { QueryKey } from '@tanstack/react-query';
import type { UserData } from '@tourdesk/contracts';
import type { PermissionName } from '@tourdesk/contracts/permissions';
import type { Messages } from '../locales/merge.ts';
import type { TranslatedLanguage } from './i18n.ts';
import type { MobileIcon } from './mobile-icons.tsx';
import type { ResourceApi } from './resources.ts';

/** The drawer's groups, in this order (layout/menu-groups.ts gives each its icon). */
export type MenuGroupKey =
  | 'agency'
  | 'bookings'
  | 'customers'
  | 'trips'
  | 'newsletter'
  | 'app'
  | 'myTrip'
  | 'surveys'
  | 'images'
  | 'communication'
  | 'time'
  | 'system';

/** What decides whether a user sees a menu entry: the permissions and the agency of the card. */
export type MenuUser = Pick<UserData, 'permissions' | 'vc_card'>;

/** What decides whether a user may open a screen of the traveller and driver app. */
export type MobileUser = Pick<UserData, 'permissions' | 'isDriver'>;

/**
 * A screen the drawer links to (and, unless `tile` is false, the dashboard too). It shows only to users
 * with one of `permissions` for whom `usable` (if given) holds, e.g. the agency portal needs an agency.
 */
export type MenuEntry = {
  /** i18n key under `menu.items.` */
  key: string;
  group: MenuGroupKey;
  to: string;
  permissions: readonly PermissionName[];
  icon: SvgIconComponent;
  usable?: (user: MenuUser) => boolean;
  tile?: boolean;
};

/** A shortcut of the toolbar's apps grid (i18n key under `app.quickApps.`). */
export type QuickApp = Omit<MenuEntry, 'group' | 'tile'>;

/** One react-admin resource: its API (lib/resources.ts) and its lazily loaded pages. */
export type FeatureResource = {
  name: string;
  api: ResourceApi;
  icon: SvgIconComponent;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  recordRepresentation?: string | ((record: Record<string, unknown>) => string);
  /** Extra routes below the resource's path, e.g. `<Route path="copy/:id?/*" … />`. */
  routes?: ReactElement;
};

/** A page of its own inside the back-office layout, guarded by its permission (403 without it). */
export type FeatureRoute = {
  path: string;
  component: ComponentType;
  permissions: readonly PermissionName[];
};

/**
 * A screen of the traveller and driver app (`/appuser/…`, `/driver/…`): mobile-first, inside the mobile shell
 * (layout/mobile-shell.tsx), which loads neither react-admin nor the back office. Guarded like a FeatureRoute;
 * `usable` adds what else the screen needs (the driver app a card with `isDriver`).
 */
export type MobileRoute = {
  path: string;
  component: ComponentType;
  permissions: readonly PermissionName[];
  usable?: (user: MobileUser) => boolean;
  /** A query the screen starts with, asked for as the page starts (before the shell renders). */
  prefetch?: { queryKey: QueryKey; queryFn: () => Promise<unknown> };
  /**
   * The screen is plain HTML and CSS (no MUI): the shell shows it without loading MUI's theme. A phone's first
   * screen stays small this way (docs/adr/0020); every other screen gets the MUI theme from the shell.
   */
  plain?: boolean;
};

/** An entry of the mobile app's navigation (i18n key under `mobile.nav.`), shown like a MenuEntry. */
export type MobileMenuEntry = {
  key: string;
  to: string;
  permissions: readonly PermissionName[];
  /** A plain SVG icon of lib/mobile-icons.tsx (an MUI icon would bring MUI into the phone app's first load). */
  icon: MobileIcon;
  usable?: (user: MobileUser) => boolean;
  /** Lower comes first; the first usable entry is the user's home in the app. */
  order: number;
};

/** A page under /auth/ that visitors open before logging in (path relative to /auth/). */
export type GuestRoute = { path: string; component: ComponentType };

/**
 * A page anyone may open without logging in at an address of its own (absolute path, ending in `/*`), e.g. the
 * newsletter's unsubscribe page `/newsletter/unsubscribe/:token/*`; rendered in the visitor shell.
 */
export type PublicRoute = { path: string; component: ComponentType };

/**
 * Everything the shell needs to know about a web feature, exported by the feature's `<name>.feature.tsx`.
 * The shell derives resources, routes, the menu, dashboard tiles, translations and the data provider's
 * read-only fields from the list in features/index.ts; adding a feature adds one line there.
 */
export type FeatureModule = {
  name: string;
  resources?: readonly FeatureResource[];
  routes?: readonly FeatureRoute[];
  guestRoutes?: readonly GuestRoute[];
  publicRoutes?: readonly PublicRoute[];
  menu?: readonly MenuEntry[];
  quickApps?: readonly QuickApp[];
  /** Screens of the traveller and driver app, and their navigation entries. */
  mobileRoutes?: readonly MobileRoute[];
  mobileMenu?: readonly MobileMenuEntry[];
  /** The feature's messages per language, each a chunk of its own loaded with the language. */
  messages: Record<TranslatedLanguage, () => Promise<LocaleFile>>;
  /** Fields the API answers but never accepts; PATCH leaves them out. */
  readOnlyFields?: readonly string[];
};

/**
 * A feature's part of the traveller and driver app, in a `<name>.mobile.ts` of its own: the phone app's registry
 * (features/mobile.ts) imports only these, so the phone never loads the back office's registrations.
 */
export type MobileFeature = Pick<FeatureModule, 'name' | 'mobileRoutes' | 'mobileMenu' | 'messages'>;

/** Whether `user` may open `entry`: one of its permissions, and whatever else the screen needs. */
export const isUsable = (entry: Pick<MenuEntry, 'usable'>, user: MenuUser | undefined, allowed: boolean): boolean =>
  allowed && (!entry.usable || (user !== undefined && entry.usable(user)));

/** The usual rights of an area: `customers` → customers-read, -create, -update, -delete. */
export const areaRights = (area: 'customers' | 'user' | 'agencydata' | 'internet'): ResourceApi['permissions'] => ({
  list: [`${area}-read`],
  show: [`${area}-read`],
  create: [`${area}-create`],
  edit: [`${area}-update`],
  delete: [`${area}-delete`],
});

/** Every action needs the same permission (admin or superadmin screens). */
export const onlyRight = (permission: PermissionName): ResourceApi['permissions'] => ({
  list: [permission],
  show: [permission],
  create: [permission],
  edit: [permission],
  delete: [permission],
});

/**
 * A feature's translations from `import.meta.glob('./locales/*.json')` (Vite resolves the glob at build time,
 * one chunk per language); a language without a file gets none.
 */
/** A translation file as Vite's `import.meta.glob` loads it. */
export type LocaleFile = { default: Messages };

export function localeLoaders(files: Record<string, () => Promise<LocaleFile>>): FeatureModule['messages'] {
  const loader = (language: TranslatedLanguage) =>
    files[`./locales/${language}.json`] ?? (() => Promise.resolve({ default: {} }));
  return { en: loader('en'), de: loader('de'), es: loader('es'), ru: loader('ru') };
}

/** A lazily loaded page that can also be fetched ahead of time (before its route renders). */
export type LazyPage<Props extends object = object> = ComponentType<Props> & { preload: () => Promise<unknown> };

/**
 * `lazy()` for a page of a chunk, with `preload` to start the download early. A page whose chunk is already in
 * when it first renders is rendered at once: `lazy()` alone would still suspend it for a tick, and React reveals
 * a suspended boundary no sooner than 300 ms after the last fallback it showed (FALLBACK_THROTTLE_MS), so each
 * such boundary on the way to a list (shell, page) could hold its first row back by up to that much.
 */
export function lazyPage<Module, Props extends object = object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyPage<Props> {
  let loaded: ComponentType<Props> | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = pick(module);
      return module;
    });
  const Lazy: ComponentType<Props> = lazy(() => preload().then((module) => ({ default: pick(module) })));
  function Page(props: Props) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the page.
    const [Component] = useState(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Page, { preload });
}

/**
 * Starts loading the page `pathname` opens, when it is a resource's list, create or edit page: its chunks then
 * arrive beside the shell's instead of after it.
 */
export function preloadPage(features: readonly FeatureModule[], pathname: string): void {
  const resources = features.flatMap((feature) => feature.resources ?? []);
  const resource = resources
    .filter((candidate) => pathname === `/${candidate.name}` || pathname.startsWith(`/${candidate.name}/`))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!resource) return;
  const rest = pathname.slice(resource.name.length + 1);
  const page = rest === '' ? resource.list : rest === '/create' ? resource.create : (resource.edit ?? resource.show);
  if (page && 'preload' in page && typeof page.preload === 'function') void (page as LazyPage).preload();
}
