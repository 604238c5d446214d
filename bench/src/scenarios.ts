export type ScenarioKind = 'list' | 'search';

export type Scenario = {
  name: string;
  kind: ScenarioKind;
  /** Request paths; every connection cycles through them in turn. */
  paths: string[];
};

/** p95 targets of the issue, per kind, in milliseconds. */
export const P95_TARGET_MS: Record<ScenarioKind, number> = { list: 15, search: 50 };

/** `/api/v1/users-lit?…` with every key and value percent-encoded (`$` → %24, `[` → %5B, ü → %C3%BC). */
export function usersLit(params: Record<string, string> = {}): string {
  const query = Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return `/api/v1/users-lit${query ? `?${query}` : ''}`;
}

const search = (fragments: string[]) => fragments.map((fragment) => usersLit({ 'lit-search': fragment }));

export const SCENARIOS: Scenario[] = [
  { name: 'list', kind: 'list', paths: [usersLit()] },
  { name: 'list page 50', kind: 'list', paths: [usersLit({ $skip: '1000' })] },
  { name: 'list sorted', kind: 'list', paths: [usersLit({ '$sort[lastname]': '1' })] },
  {
    name: 'search name',
    kind: 'search',
    paths: search(['müll', 'schä', 'weiß', 'köhl', 'krüg', 'hoffm', 'schröd', 'groß']),
  },
  {
    name: 'search city',
    kind: 'search',
    paths: search(['münchen', 'köln', 'nürnberg', 'düsseldorf', 'würzburg', 'lübeck']),
  },
  {
    name: 'search 2 words',
    kind: 'search',
    paths: search(['anna schä', 'jürgen mül', 'petra weiß', 'thomas krü', 'sabine hoff']),
  },
  {
    name: 'search email',
    kind: 'search',
    paths: search(['anna.mueller', 'juergen.schroeder', 'petra.weiss', 'thomas.krueger', 'hoffmann12']),
  },
];
