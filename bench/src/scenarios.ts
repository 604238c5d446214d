/** `feed`: the public trip feed, measured for its throughput; the issue sets it no latency target. */
export type ScenarioKind = 'list' | 'search' | 'feed';

/** Which generated records a scenario reads: only those groups are generated for a run. */
export type ScenarioGroup = 'users' | 'customers' | 'journeys' | 'bookings' | 'processes';

/** The demo account a scenario is sent as. */
export type Account = 'admin' | 'office';

/** The demo accounts scenarios are sent as: admin for the users and journeys, office (customers-read) for the rest. */
export const ACCOUNTS: Record<Account, { email: string; password: string }> = {
  admin: { email: 'admin@example.com', password: 'Demo1234!' },
  office: { email: 'office@example.com', password: 'Demo1234!' },
};

/** Who reads each group's lists: the users need user-read, the journeys internet-read (the admin has both). */
export const ACCOUNT_OF_GROUP: Record<ScenarioGroup, Account> = {
  users: 'admin',
  customers: 'office',
  journeys: 'admin',
  bookings: 'office',
  processes: 'office',
};

export type Scenario = {
  name: string;
  group: ScenarioGroup;
  kind: ScenarioKind;
  /** Who sends it; null: no login (a public route). */
  account: Account | null;
  /** Request paths; every connection cycles through them in turn. */
  paths: string[];
  /** Headers of every request besides the token. */
  headers?: Record<string, string>;
  /**
   * Conditional: the ETag of a first answer goes along as If-None-Match, so every request is answered 304
   * (and counts as successful).
   */
  conditional?: boolean;
  /** Whether the floor server (floor.ts) answers it too: the lists do, the journey feed does not. */
  floor: boolean;
};

/** p95 targets of the issue, per kind, in milliseconds (none for the feed). */
export const P95_TARGET_MS: Partial<Record<ScenarioKind, number>> = { list: 15, search: 50 };

/** `/api/v1/<resource>?…` with every key and value percent-encoded (`$` → %24, `[` → %5B, ü → %C3%BC). */
export function apiPath(resource: string, params: Record<string, string> = {}): string {
  const query = Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return `/api/v1/${resource}${query ? `?${query}` : ''}`;
}

export const usersLit = (params: Record<string, string> = {}) => apiPath('users-lit', params);
export const customers = (params: Record<string, string> = {}) => apiPath('customers', params);

const usersSearch = (fragments: string[]) => fragments.map((fragment) => usersLit({ 'lit-search': fragment }));
const customersSearch = (fragments: string[]) => fragments.map((fragment) => customers({ 'lit-search': fragment }));

/** GET /users-lit as the demo admin (user-read). */
const users = (name: string, kind: ScenarioKind, paths: string[]): Scenario => ({
  name: `users ${name}`,
  group: 'users',
  kind,
  account: ACCOUNT_OF_GROUP.users,
  paths,
  floor: true,
});

/** GET /customers as the demo office user (customers-read: every customer, no agency scope). */
const customer = (name: string, kind: ScenarioKind, paths: string[]): Scenario => ({
  name: `customers ${name}`,
  group: 'customers',
  kind,
  account: ACCOUNT_OF_GROUP.customers,
  paths,
  floor: true,
});

export const journeyLit = (params: Record<string, string> = {}) => apiPath('journey-lit', params);
export const JOURNEY_FEED_PATH = apiPath('journey-web-legacy');

/** GET /journey-lit as the demo admin (internet-read). */
const journey = (name: string, kind: ScenarioKind, paths: string[]): Scenario => ({
  name: `journeys ${name}`,
  group: 'journeys',
  kind,
  account: ACCOUNT_OF_GROUP.journeys,
  paths,
  floor: true,
});

/** The public feed as a website polls it: no login, gzip or brotli accepted. */
const feed = (name: string, conditional: boolean): Scenario => ({
  name: `journeys feed ${name}`,
  group: 'journeys',
  kind: 'feed',
  account: null,
  paths: [JOURNEY_FEED_PATH],
  headers: { 'accept-encoding': 'gzip, deflate, br' },
  conditional,
  floor: false,
});

export const SCENARIOS: Scenario[] = [
  users('list', 'list', [usersLit()]),
  users('page 50', 'list', [usersLit({ $skip: '1000' })]),
  users('sorted', 'list', [usersLit({ '$sort[lastname]': '1' })]),
  users('search name', 'search', usersSearch(['müll', 'schä', 'weiß', 'köhl', 'krüg', 'hoffm', 'schröd', 'groß'])),
  users('search city', 'search', usersSearch(['münchen', 'köln', 'nürnberg', 'düsseldorf', 'würzburg', 'lübeck'])),
  users(
    'search 2 words',
    'search',
    usersSearch(['anna schä', 'jürgen mül', 'petra weiß', 'thomas krü', 'sabine hoff']),
  ),
  users(
    'search email',
    'search',
    usersSearch(['anna.mueller', 'juergen.schroeder', 'petra.weiss', 'thomas.krueger', 'hoffmann12']),
  ),

  customer('list', 'list', [customers()]),
  customer('page 50', 'list', [customers({ $skip: '1000' })]),
  customer('sorted name', 'list', [customers({ '$sort[name]': '1' })]),
  customer('sorted id desc', 'list', [customers({ '$sort[id]': '-1' })]),
  customer('search surname', 'search', customersSearch(['schä', 'köhl', 'krüg', 'hoffm', 'schröd', 'zimmerm'])),
  customer('search city', 'search', customersSearch(['köln', 'münchen', 'nürnberg', 'düsseldorf'])),
  customer(
    'search email',
    'search',
    customersSearch(['anna.mueller', 'juergen.schroeder', 'petra.weiss', 'thomas.krueger', 'mueller.12']),
  ),
  customer('search umlaut', 'search', customersSearch(['MÜLL', 'groß', 'gross'])),

  journey('list', 'list', [journeyLit()]),
  journey(
    'search',
    'search',
    ['gardasee', 'rügen', 'advent', 'musical', 'wien', 'südtirol'].map((word) => journeyLit({ 'lit-search': word })),
  ),
  feed('full', false),
  feed('304', true),
];

/** GET /ratio_vorgang and /process-lit as the demo office user (vorgang-read, process-read; no agency scope). */
const bookingList = (name: string, kind: ScenarioKind, paths: string[]): Scenario => ({
  name: `booking-lists ${name}`,
  group: 'bookings',
  kind,
  account: ACCOUNT_OF_GROUP.bookings,
  paths,
  floor: true,
});
const bookingsPath = (params: Record<string, string> = {}) => apiPath('ratio_vorgang', params);
const bookingsSearch = (words: string[]) => words.map((word) => bookingsPath({ 'lit-search': word }));

/**
 * The bookings list of issue #11 (`--only booking-lists`, booking-lists.ts), on its own data: `vorgangnr` are
 * booking numbers of the bulk (the search finds them among the digits of every other text too).
 */
export const bookingListScenarios = (
  vorgangnr: readonly number[],
  departure: { from: string; till: string },
  more: { termincodes: readonly string[]; agencyId: number },
) => [
  bookingList('list', 'list', [bookingsPath()]),
  bookingList('page 50', 'list', [bookingsPath({ $skip: '1000' })]),
  bookingList('filter status', 'list', [
    bookingsPath({ status: 'option' }),
    bookingsPath({ 'status[$in][]': 'option' }) + '&' + encodeURIComponent('status[$in][]') + '=request',
  ]),
  bookingList('filter departure range', 'list', [
    bookingsPath({ 'date_from[$gte]': departure.from, 'date_from[$lte]': departure.till }),
  ]),
  bookingList('search booker', 'search', bookingsSearch(['schä', 'köhl', 'krüg', 'hoffm', 'schröd', 'zimmerm'])),
  bookingList('search participant', 'search', bookingsSearch(['anna schä', 'jürgen mül', 'petra weiß', 'thomas krü'])),
  bookingList('search vorgangnr', 'search', bookingsSearch(vorgangnr.map(String))),
  bookingList('search journey', 'search', bookingsSearch(['gardasee', 'rügen', 'advent', 'südtirol'])),
  bookingList('search termincode', 'search', bookingsSearch([...more.termincodes])),
  bookingList('filter agency', 'list', [bookingsPath({ agencyId: String(more.agencyId) })]),
  // The export has no floor (CSV, not the list's JSON): its figures stand alone.
  {
    ...bookingList('csv export', 'list', [
      apiPath('ratio_vorgang/export.csv'),
      apiPath('ratio_vorgang/export.csv', { status: 'option' }),
    ]),
    floor: false,
  },
  {
    ...bookingList('processes list', 'list', [apiPath('process-lit')]),
    group: 'processes' as const,
  },
  {
    ...bookingList(
      'processes search',
      'search',
      ['hoffm', 'köhl'].map((word) => apiPath('process-lit', { 'lit-search': word })),
    ),
    group: 'processes' as const,
  },
];

/** The scenarios `--only` selects (all when it names nothing). */
export const selectScenarios = (only: readonly string[]) =>
  SCENARIOS.filter((scenario) => only.length === 0 || only.some((word) => scenario.name.includes(word)));

/** The selected list scenarios (users, customers, journeys): those explain.ts, profile.ts and variants.ts know. */
export const selectListScenarios = (only: readonly string[]) =>
  selectScenarios(only).filter((scenario) => scenario.floor);
