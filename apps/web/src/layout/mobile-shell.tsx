import {
  Suspense,
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { Brand, UserData } from '@tourdesk/contracts';
import { DEFAULT_PRIMARY_COLOR } from '@tourdesk/contracts/brand';
import { MOBILE_FEATURES } from '../features/mobile.ts';
import { lazyPage, type MobileRoute } from '../lib/feature.ts';
import { BrandProvider } from '../lib/brand.tsx';
import { OFFERED_LANGUAGES } from '../lib/language.ts';
import { startMobileI18n, type MobileI18n } from '../lib/mobile-i18n.ts';
import { mobileQueryClient } from '../lib/mobile-query.ts';
import {
  AccountBoxIcon,
  DarkModeIcon,
  LightModeIcon,
  LogoutIcon,
  MenuIcon,
  TranslateIcon,
} from '../lib/mobile-icons.tsx';
import { hasUnsentChanges } from '../lib/offline-data.ts';
import { loadUserData } from '../lib/user-data.ts';
import {
  MobileContext,
  mayOpen,
  mobileHome,
  mobileMenuOf,
  mobileRoutesOf,
  type MobileContextValue,
} from '../lib/mobile.tsx';
import { contrastText, lighten } from './mobile-colours.ts';
import { MobileBell } from './mobile-bell.tsx';
import './mobile-shell.css';

const ROUTES = mobileRoutesOf(MOBILE_FEATURES);
const THEME_KEY = 'tourdesk.mobile.theme';
/** How many entries the bottom bar holds; the drawer has them all. */
const BOTTOM_ENTRIES = 4;
/** In the dark theme the brand's colour is lightened, as in the back office (layout/theme-palette.ts). */
const DARK_LIGHTEN = 0.7;

/**
 * MUI's theme (and MUI) for the screens that use MUI's components: loaded with such a screen, not with the shell.
 * Screens marked `plain` (plain HTML and CSS, e.g. the journeys, the first screen of most visits) go without.
 */
export const MobileMuiTheme = lazyPage(
  () => import('./mobile-mui-theme.tsx'),
  (m) => m.MobileMuiTheme,
);

function useDarkTheme() {
  const query = '(prefers-color-scheme: dark)';
  const [systemDark, setSystemDark] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const follow = () => setSystemDark(media.matches);
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);
  const [choice, setChoice] = useState(() => localStorage.getItem(THEME_KEY));
  const dark = choice ? choice === 'dark' : systemDark;
  const toggle = () => {
    const next = dark ? 'light' : 'dark';
    localStorage.setItem(THEME_KEY, next);
    setChoice(next);
  };
  return { dark, toggle };
}

/**
 * The user and the messages, both requested when the page started; null until both are in. The first screen then
 * renders as a transition: React renders it in slices and lets the phone answer a tap in between.
 */
function useStart(): { user: UserData; i18n: MobileI18n } | null {
  const [state, setState] = useState<{ user: UserData; i18n: MobileI18n } | null>(null);
  useEffect(() => {
    let active = true;
    void Promise.all([loadUserData(), startMobileI18n()]).then(([user, i18n]) => {
      if (active) startTransition(() => setState({ user, i18n }));
    });
    return () => {
      active = false;
    };
  }, []);
  return state;
}

/** A spinner in plain HTML and CSS (layout/mobile-shell.css). */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="m-loading">
      <span className="m-spinner" role="progressbar" aria-label={label} />
    </div>
  );
}

/**
 * The traveller and driver app (spec §2 "App-user area"): a phone layout with a top bar, a bottom bar of the
 * main screens and a drawer with all of them, the profile, the theme and logout. It renders the screens the
 * features register as `mobileRoutes` (features/mobile.ts). Plain HTML and CSS: neither react-admin nor MUI load
 * with it; a screen built with MUI gets MUI's theme around it (MobileMuiTheme).
 */
export function MobileShell({ brand }: { brand: Brand }) {
  const started = useStart();
  const { dark, toggle } = useDarkTheme();
  // The language chosen here; until then the one the messages started with.
  const [chosen, setChosen] = useState<string | null>(null);
  const locale = chosen ?? started?.i18n.getLocale() ?? '';
  const context = useMemo<MobileContextValue | null>(
    () =>
      started && {
        user: started.user,
        // `locale` is read so that a language change renders the screens again with the new texts.
        t: (key, options) => (locale ? started.i18n.translate(key, options) : key),
        locale,
        setLocale: (next) => {
          void started.i18n.changeLocale(next).then(() => setChosen(next));
        },
      },
    [started, locale],
  );
  const primary = brand.primaryColor ?? DEFAULT_PRIMARY_COLOR;
  const colours = {
    '--m-primary': dark ? lighten(primary, DARK_LIGHTEN) : primary,
    '--m-on-primary': dark ? 'rgba(0, 0, 0, 0.87)' : contrastText(primary),
  } as CSSProperties;
  useEffect(() => {
    document.documentElement.dataset.mobileTheme = dark ? 'dark' : 'light';
  }, [dark]);
  const screen = (route: MobileRoute, user: UserData, t: MobileContextValue['t']) => {
    const { component: Page } = route;
    if (!mayOpen(route, user)) return <Forbidden t={t} />;
    if (route.plain) return <Page />;
    return (
      <MobileMuiTheme brand={brand} dark={dark}>
        <Page />
      </MobileMuiTheme>
    );
  };
  return (
    <BrandProvider brand={brand}>
      <QueryClientProvider client={mobileQueryClient}>
        <div className="m-app" data-theme={dark ? 'dark' : 'light'} style={colours}>
          {context ? (
            <MobileContext.Provider value={context}>
              <MobileLayout brand={brand} dark={dark} toggleTheme={toggle} context={context}>
                <Suspense fallback={<Spinner label="…" />}>
                  <Routes>
                    {ROUTES.map((route) => (
                      <Route key={route.path} path={route.path} element={screen(route, context.user, context.t)} />
                    ))}
                    <Route
                      path="*"
                      element={<Navigate to={mobileHome(MOBILE_FEATURES, context.user) ?? '/'} replace />}
                    />
                  </Routes>
                </Suspense>
              </MobileLayout>
            </MobileContext.Provider>
          ) : (
            <Spinner label="…" />
          )}
        </div>
      </QueryClientProvider>
    </BrandProvider>
  );
}

function Forbidden({ t }: { t: MobileContextValue['t'] }) {
  return <h1 className="m-forbidden">{t('error.forbiddenTitle')}</h1>;
}

/** The language menu of the top bar: a button and, while open, a menu of the offered languages. */
function LanguageMenu({ context }: { context: MobileContextValue }) {
  const { t } = context;
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLUListElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[aria-checked="true"], [role="menuitemradio"]')?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const move = (step: number) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    items[(index + step + items.length) % items.length]?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="m-icon-button"
        aria-label={t('app.toolbar.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <TranslateIcon />
      </button>
      {open ? (
        <>
          <div className="m-backdrop m-backdrop--clear" onClick={() => setOpen(false)} />
          <ul
            ref={menu}
            role="menu"
            aria-label={t('app.toolbar.language')}
            className="m-menu"
            onKeyDown={(event) => {
              if (event.key === 'Escape') close();
              else if (event.key === 'ArrowDown') move(1);
              else if (event.key === 'ArrowUp') move(-1);
              else return;
              event.preventDefault();
            }}
          >
            {OFFERED_LANGUAGES.map((language) => (
              <li key={language.locale} role="none">
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={language.locale === context.locale}
                  lang={language.locale}
                  onClick={() => {
                    context.setLocale(language.locale);
                    close();
                  }}
                >
                  {language.name}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** The drawer: a modal <dialog> (focus kept inside, Escape and a tap beside it close it). */
function Drawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="m-drawer"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}

function MobileLayout({
  brand,
  dark,
  toggleTheme,
  context,
  children,
}: {
  brand: Brand;
  dark: boolean;
  toggleTheme: () => void;
  context: MobileContextValue;
  children: ReactNode;
}) {
  const { t, user } = context;
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState(false);
  const entries = mobileMenuOf(MOBILE_FEATURES, user);
  // The entry whose address is the longest prefix of this page's: /driver/chat is the chat, not /driver.
  const current = entries
    .filter((entry) => pathname === entry.to || pathname.startsWith(`${entry.to}/`))
    .reduce<(typeof entries)[number] | undefined>(
      (best, entry) => (!best || entry.to.length > best.to.length ? entry : best),
      undefined,
    );
  const bottom = entries.slice(0, BOTTOM_ENTRIES);
  const close = () => setDrawer(false);
  return (
    <div className="m-layout">
      <header className="m-bar">
        <button
          type="button"
          className="m-icon-button m-icon-button--start"
          aria-label={t('mobile.shell.menu')}
          onClick={() => setDrawer(true)}
        >
          <MenuIcon />
        </button>
        <span className="m-bar-title">{current ? t(`mobile.nav.${current.key}`) : brand.name}</span>
        {mayOpen({ permissions: ['pushmessage-read'] }, user) ? (
          <MobileBell label={(count) => t('notifications.bell', { count })} />
        ) : null}
        <LanguageMenu context={context} />
      </header>
      <Drawer open={drawer} onClose={close}>
        <nav aria-label={t('mobile.shell.menu')}>
          <p className="m-drawer-user">{`${user.firstname ?? ''} ${user.lastname ?? ''}`.trim() || user.email}</p>
          <hr />
          <ul className="m-list">
            {entries.map(({ key, to, icon: Icon }) => (
              <li key={key}>
                <Link
                  to={to}
                  className="m-list-item"
                  aria-current={current?.to === to ? 'page' : undefined}
                  onClick={close}
                >
                  <Icon />
                  <span>{t(`mobile.nav.${key}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
          <hr />
          <ul className="m-list">
            <li>
              {/* The profile and the logout are the back office's pages: the browser loads them. */}
              <a href="/appuser/myProfile" className="m-list-item">
                <AccountBoxIcon />
                <span>{t('app.userMenu.profile')}</span>
              </a>
            </li>
            <li>
              <button type="button" className="m-list-item" onClick={toggleTheme}>
                {dark ? <LightModeIcon /> : <DarkModeIcon />}
                <span>{t(dark ? 'mobile.shell.lightTheme' : 'mobile.shell.darkTheme')}</span>
              </button>
            </li>
            <li>
              <a
                href="/auth/logout"
                className="m-list-item"
                onClick={(event) => {
                  // Logging out empties the phone's offline data: changes still waiting for the network would go.
                  if (hasUnsentChanges() && !window.confirm(t('mobile.shell.logoutUnsent'))) event.preventDefault();
                }}
              >
                <LogoutIcon />
                <span>{t('ra.auth.logout')}</span>
              </a>
            </li>
          </ul>
        </nav>
      </Drawer>
      <main className="m-main">{children}</main>
      {bottom.length > 1 ? (
        <nav aria-label={t('mobile.shell.mainScreens')} className="m-bottom">
          {bottom.map(({ key, to, icon: Icon }) => (
            <Link key={key} to={to} className="m-bottom-item" aria-current={current?.to === to ? 'page' : undefined}>
              <Icon />
              <span>{t(`mobile.nav.${key}`)}</span>
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}
