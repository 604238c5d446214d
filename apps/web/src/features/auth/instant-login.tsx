import { useEffect, useState } from 'react';
import type { Brand, LoginResponse, LoginSelection } from '@tourdesk/contracts';
import { DEFAULT_PRIMARY_COLOR } from '@tourdesk/contracts/brand';
import { ERROR_MESSAGES } from '@tourdesk/contracts/errors';
import { getToken, setToken, tokenExpired } from '../../lib/auth-token.ts';
import {
  initialLanguage,
  OFFERED_LANGUAGES,
  rememberLanguage,
  TRANSLATED_LANGUAGES,
  type TranslatedLanguage,
} from '../../lib/language.ts';
import { useLoginSubmit, type LoginCredentials, type LoginOutcome } from '../../shared/login-submit.ts';
import './instant-login.css';

/**
 * /auth/login as the first screen: React and plain CSS only, no MUI, router or admin framework, so the form
 * shows as soon as a small chunk and two small message files are in. After the login the browser loads the
 * page first wanted (react-router keeps it in `history.state.usr`), where the back office starts fresh.
 */
type Tree = { [key: string]: string | Tree };
type Next = { nextPathname?: string; nextSearch?: string } | undefined;

const AUTH: Record<TranslatedLanguage, () => Promise<{ default: Tree }>> = {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
  ru: () => import('./locales/ru.json'),
};
/** The app's messages (toolbar, error texts); English error texts are the catalogue's own. */
const APP: Record<TranslatedLanguage, () => Promise<{ default: Tree }>> = {
  en: () => import('../../locales/app/en.json'),
  de: () => import('../../locales/app/de.json'),
  es: () => import('../../locales/app/es.json'),
  ru: () => import('../../locales/app/ru.json'),
};
const ENGLISH_ERRORS: Tree = Object.fromEntries(
  Object.entries(ERROR_MESSAGES).map(([key, text]) => [key.slice('error.'.length), text]),
);

const translated = (language: string): TranslatedLanguage =>
  (TRANSLATED_LANGUAGES as readonly string[]).includes(language) ? (language as TranslatedLanguage) : 'en';

async function loadTexts(language: string): Promise<Tree> {
  const wanted = translated(language);
  const [auth, app] = await Promise.all([AUTH[wanted](), APP[wanted]()]);
  return { ...app.default, ...auth.default, error: wanted === 'en' ? ENGLISH_ERRORS : (app.default.error ?? {}) };
}

function lookup(tree: Tree, key: string, values: Record<string, string> = {}): string {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  const text = typeof node === 'string' ? node : key;
  return text.replace(/%\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}

async function postLogin(body: LoginCredentials): Promise<LoginResponse | LoginSelection> {
  const response = await fetch('/api/v1/authentication', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ strategy: 'local', ...body }),
  });
  const data = (await response.json().catch(() => null)) as { key?: string } | null;
  if (!response.ok) throw new Error(data?.key ?? 'error.loginFailed');
  return data as LoginResponse | LoginSelection;
}

function goToWantedPage(): void {
  const next = (window.history.state as { usr?: Next } | null)?.usr;
  const path = next?.nextPathname;
  window.location.replace(path && !path.startsWith('/auth/') ? path + (next?.nextSearch ?? '') : '/');
}

function CompanyPanel({ brand, t }: { brand: Brand; t: (key: string, values?: Record<string, string>) => string }) {
  const lines = [brand.company, brand.street, [brand.zip, brand.city].filter(Boolean).join(' ')].filter(Boolean);
  const legal = (['imprint', 'privacy', 'terms'] as const).filter((key) => brand.legalLinks[key]);
  return (
    <aside className="il-panel">
      <div>
        {brand.logo ? (
          <img className="il-logo" src={brand.logo} alt={brand.name} />
        ) : (
          <p className="il-brand">{brand.name}</p>
        )}
        <h2 className="il-welcome">{t('app.companyPanel.welcome', { name: brand.name })}</h2>
      </div>
      <div className="il-company" data-testid="company-details">
        {lines.map((line) => (
          <div key={line}>{line}</div>
        ))}
        {brand.tel ? <div>{t('app.companyPanel.tel', { tel: brand.tel })}</div> : null}
        {brand.email ? <div>{brand.email}</div> : null}
        <div>
          {legal.map((key) => (
            <a key={key} href={brand.legalLinks[key] ?? undefined} target="_blank" rel="noopener noreferrer">
              {t(`app.companyPanel.${key}`)}
            </a>
          ))}
        </div>
      </div>
    </aside>
  );
}

export function InstantLoginPage() {
  const [language, setLanguage] = useState(initialLanguage);
  const [texts, setTexts] = useState<Tree | null>(null);
  const [brand, setBrand] = useState<Brand | null>(null);
  const [choices, setChoices] = useState<LoginSelection['selection'] | null>(null);
  const { email, setEmail, password, setPassword, error, busy, submit, loginAs } = useLoginSubmit(
    async (credentials): Promise<LoginOutcome> => {
      const answer = await postLogin(credentials);
      if ('selection' in answer) {
        setChoices(answer.selection);
        return 'choose';
      }
      setToken(answer.accessToken);
      goToWantedPage();
      return 'left';
    },
  );
  const expired = new URLSearchParams(window.location.search).get('session') === 'expired';

  useEffect(() => {
    // A valid session has nothing to do here (guest-only page, spec §4).
    const token = getToken();
    if (token && !tokenExpired(token)) window.location.replace('/');
    void fetch('/api/v1/brand')
      .then((response) => (response.ok ? (response.json() as Promise<Brand>) : Promise.reject(new Error())))
      .then((loaded) => {
        setBrand(loaded);
        document.title = loaded.name;
      })
      .catch(() => window.location.replace('/maintenance'));
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
    void loadTexts(language).then(setTexts);
  }, [language]);

  if (!texts || !brand) return null;
  const t = (key: string, values?: Record<string, string>) => lookup(texts, key, values);

  return (
    <div className="il-root" style={{ ['--il-primary' as string]: brand.primaryColor ?? DEFAULT_PRIMARY_COLOR }}>
      <CompanyPanel brand={brand} t={t} />
      <main className="il-main">
        <div className="il-top">
          <select
            aria-label={t('app.toolbar.language')}
            value={language}
            onChange={(event) => {
              rememberLanguage(event.target.value);
              setLanguage(event.target.value);
            }}
          >
            {OFFERED_LANGUAGES.map((offered) => (
              <option key={offered.locale} value={offered.locale} lang={offered.locale}>
                {offered.name}
              </option>
            ))}
          </select>
        </div>
        <div className="il-center">
          <div className="il-card">
            {choices ? (
              <>
                <h1>{t('auth.selection.title')}</h1>
                <p>{t('auth.selection.text', { email: email.trim() })}</p>
                {error ? (
                  <div className="il-notice il-error" role="alert">
                    {t(error)}
                  </div>
                ) : null}
                {choices.map((choice) => (
                  <button
                    key={choice.kind}
                    type="button"
                    className="il-button il-outlined"
                    disabled={busy}
                    onClick={() => void loginAs(choice.kind)}
                  >
                    {t(`auth.selection.${choice.area}`)}
                  </button>
                ))}
              </>
            ) : (
              <form onSubmit={submit} noValidate>
                <h1>{t('auth.login.title')}</h1>
                {error ? (
                  <div className="il-notice il-error" role="alert">
                    {t(error)}
                  </div>
                ) : expired ? (
                  <div className="il-notice il-info" role="status">
                    {t('error.tokenInvalid')}
                  </div>
                ) : null}
                <div className="il-field">
                  <label htmlFor="il-email">{t('auth.login.email')} *</label>
                  <input
                    id="il-email"
                    type="email"
                    name="email"
                    autoComplete="username"
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                    required
                    autoFocus
                  />
                </div>
                <div className="il-field">
                  <label htmlFor="il-password">{t('auth.login.password')} *</label>
                  <input
                    id="il-password"
                    type="password"
                    name="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    required
                  />
                </div>
                <button type="submit" className="il-button" disabled={busy}>
                  {t('auth.login.submit')}
                </button>
                <div className="il-links">
                  <a href="/auth/forgot">{t('auth.links.forgot')}</a>
                  <a href="/auth/register">{t('auth.links.register')}</a>
                </div>
              </form>
            )}
          </div>
        </div>
      </main>
    </div>
  );
}
