import type { Browser, BrowserContext, Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';

/** A phone's screen in CSS pixels (the 390 px of UX.md's phone checks). */
const PHONE = { width: 390, height: 844 };

export type PhoneOptions = {
  /** The app's language, chosen as a visitor chooses it (the `i18n_redirected` cookie); German by default. */
  language?: string;
  /**
   * Light or dark: the phone's colour scheme, which the traveller and driver apps follow, and the theme the back
   * office and the phone apps store when someone switches it. Light when not given.
   */
  theme?: 'light' | 'dark';
  /** A traveller's session (the app's token cookie), for pages opened without logging in first. */
  token?: string;
  /** The phone may share its location (the test sets the position with `context.setGeolocation`). */
  geolocation?: boolean;
  /** A touch screen with the mobile viewport (the phone apps); false for the back office at phone width. */
  touch?: boolean;
};

const browserLocale = (language: string) => ({ de: 'de-DE', en: 'en-GB' })[language] ?? language;

/** A browser context that is a phone: its screen, touch, language and theme (close it after the test). */
export async function phoneContext(browser: Browser, options: PhoneOptions = {}): Promise<BrowserContext> {
  const { language = 'de', theme, token, geolocation, touch = true } = options;
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: PHONE,
    isMobile: touch,
    hasTouch: touch,
    locale: browserLocale(language),
    colorScheme: theme ?? 'light',
    ...(geolocation ? { permissions: ['geolocation'] } : {}),
  });
  await context.addCookies([
    { name: 'i18n_redirected', value: language, url: BASE_URL },
    ...(token ? [{ name: 'tourdesk_token', value: token, url: BASE_URL }] : []),
  ]);
  if (theme) {
    await context.addInitScript((value) => {
      localStorage.setItem('RaStoretourdesk.theme', JSON.stringify(value));
      localStorage.setItem('tourdesk.mobile.theme', value);
    }, theme);
  }
  return context;
}

/** A page on a new phone (`phoneContext`); `page.context().close()` ends it. */
export async function phonePage(browser: Browser, options: PhoneOptions = {}): Promise<Page> {
  return (await phoneContext(browser, options)).newPage();
}
