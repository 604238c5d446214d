import { getToken, tokenSubject } from './auth-token.ts';

/**
 * The list a page opens with, requested before React has rendered anything.
 *
 * A list page asks for its rows only after the app's chunks, the brand, the user, the translations and
 * react-admin's own start-up (session, access check) are through, one after the other. Its request does not
 * depend on any of that: it is whatever the same user's list asked for the last time this address was opened
 * (react-admin keeps sort, filter and page size per list). So the first list request of each page load is
 * remembered per user and address, and the next load of that address sends it at once, beside the brand and
 * the user; the data provider's identical request then takes that answer instead of asking again.
 */

const STORAGE_KEY = 'tourdesk.firstLists';
/** Remembered addresses per browser; the oldest go first. */
const MAX_ADDRESSES = 40;
/** An early answer older than this is not handed out (the page asked for something else, or much later). */
const MAX_AGE_MS = 10_000;

type Remembered = Record<string, string>;

const pageKey = (subject: string) => `${subject} ${window.location.pathname}${window.location.search}`;

/** Which list request a page load asked for first; only the page as it was opened (not after navigating). */
const opened = { key: null as string | null };
/** The request sent early: its API path (with query) and its answer, handed out once. */
let early: { path: string; at: number; response: Promise<Response> } | null = null;

function readRemembered(): Remembered {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Remembered) : {};
  } catch {
    return {};
  }
}

/**
 * Called once at start-up with a valid session: sends the list request this address made the last time, with
 * `send(path)` (the API client's fetch), and starts watching for this load's first list request.
 */
export function startFirstList(send: (path: string) => Promise<Response>): void {
  const token = getToken();
  const subject = token ? tokenSubject(token) : null;
  if (!subject) return;
  opened.key = pageKey(subject);
  const path = readRemembered()[opened.key];
  if (path) early = { path, at: Date.now(), response: send(path) };
}

/** The early answer for `path`, if this is the request it was sent for (the answer is handed out once). */
export function takeFirstList(path: string): Promise<Response> | null {
  if (!early || early.path !== path) return null;
  const sent = early;
  early = null;
  return Date.now() - sent.at > MAX_AGE_MS ? null : sent.response;
}

/** Any change makes an early answer stale. */
export function dropFirstList(): void {
  early = null;
}

/** Remembers the first list request this page load made successfully, for the next load of the same address. */
export function rememberFirstList(path: string): void {
  const token = getToken();
  const subject = token ? tokenSubject(token) : null;
  const key = opened.key;
  opened.key = null;
  if (!key || !subject || key !== pageKey(subject)) return;
  const remembered = readRemembered();
  delete remembered[key];
  const entries = [...Object.entries(remembered), [key, path] as const].slice(-MAX_ADDRESSES);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage full or blocked: the next load asks at the usual time.
  }
}
