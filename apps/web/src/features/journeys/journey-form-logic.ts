import type { FieldValues } from 'react-hook-form';

/** The editor's tabs in their order; `images` shows only for a saved journey. */
export const JOURNEY_TABS = [
  'basic',
  'texts',
  'accommodations',
  'dates',
  'images',
  'extras',
  'stops',
  'terms',
  'meta',
] as const;
export type JourneyTab = (typeof JOURNEY_TABS)[number];

/** Which tab holds a field of the body; the first part of the path decides (`dates.2.termincode` → dates). */
const TAB_OF_FIELD: Record<string, JourneyTab> = {
  detail: 'texts',
  days: 'texts',
  accommodations: 'accommodations',
  dates: 'dates',
  images: 'images',
  extras: 'extras',
  stops: 'stops',
  cancellation_terms: 'terms',
  payment_terms: 'terms',
  meta_title: 'meta',
  meta_description: 'meta',
  slug: 'meta',
  keywords: 'meta',
};

/** The tab a field error belongs on: `slug` → meta, `dates.0.date_till` → dates, anything else → basic. */
export const tabOfField = (path: string): JourneyTab => TAB_OF_FIELD[path.split('.')[0] ?? ''] ?? 'basic';

/** The tabs that hold at least one of the fields (in the editor's order). */
export const tabsWithErrors = (paths: Iterable<string>): JourneyTab[] => {
  const tabs = new Set([...paths].map(tabOfField));
  return JOURNEY_TABS.filter((tab) => tabs.has(tab));
};

/** The dotted paths of every leaf of react-hook-form's error tree (`{ dates: [, , { termincode }] }`). */
export function errorPaths(errors: FieldValues, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object' || key === 'ref') return [];
    if (typeof (value as { message?: unknown }).message === 'string') return [`${prefix}${key}`];
    return errorPaths(value as FieldValues, `${prefix}${key}.`);
  });
}

const GERMAN_LETTERS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * The URL slug of a title: lower case, umlauts as `ae`/`oe`/`ue`, `ß` as `ss`, other accents dropped, every
 * run of other characters one dash (soft hyphens vanish), at most 120 characters. "Gardasee & Verona – 5 Tage" → `gardasee-verona-5-tage`.
 */
export function slugFromTitle(title: string | null | undefined): string {
  const slug = (title ?? '')
    .toLowerCase()
    .replace(/\p{Cf}/gu, '')
    .replace(/[äöüß]/g, (letter) => GERMAN_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 120).replace(/-+$/, '');
}

type Row = Record<string, unknown>;

const rows = (value: unknown): Row[] =>
  Array.isArray(value) ? value.filter((row): row is Row => Boolean(row) && typeof row === 'object') : [];

/** A row the form added has `null` where the API wants nothing (`id`, `nr`): those keys are dropped. */
const withoutUnsetKeys = (row: Row, keys: readonly string[]): Row =>
  Object.fromEntries(Object.entries(row).filter(([key, value]) => !(keys.includes(key) && value == null)));

const ROW_KEYS = ['id', 'nr'] as const;

/** An optional amount left empty counts as 0 € (a surcharge, an additional price, an extra's price). */
const amountOrZero = (value: unknown) => (value === null || value === undefined ? 0 : value);

/**
 * The form's values as the contract reads them: rows added in the form lose their empty ids, itinerary days
 * are numbered in their order, each direction's stops get their position in it, and optional amounts left
 * empty are 0. Indexes stay as they are, so an error at `dates.2.termincode` is still the third date.
 */
export function journeyBody(values: FieldValues): FieldValues {
  const body: FieldValues = { ...values };
  if ('days' in values)
    body.days = rows(values.days).map((day, index) => ({ ...withoutUnsetKeys(day, ROW_KEYS), day_no: index + 1 }));
  if ('accommodations' in values)
    body.accommodations = rows(values.accommodations).map((hotel) => ({
      ...withoutUnsetKeys(hotel, ROW_KEYS),
      roomTypes: rows(hotel.roomTypes).map((room) => withoutUnsetKeys(room, ROW_KEYS)),
    }));
  if ('dates' in values)
    body.dates = rows(values.dates).map((date) => ({
      ...withoutUnsetKeys(date, ROW_KEYS),
      prices: rows(date.prices).map((price) => ({
        ...withoutUnsetKeys(price, ROW_KEYS),
        additional_price: amountOrZero(price.additional_price),
      })),
    }));
  if ('extras' in values)
    body.extras = rows(values.extras).map((extra) => ({
      ...withoutUnsetKeys(extra, ROW_KEYS),
      price: amountOrZero(extra.price),
      required: Boolean(extra.required),
    }));
  if ('stops' in values) {
    const positions = new Map<unknown, number>();
    body.stops = rows(values.stops).map((stop) => {
      const position = positions.get(stop.direction) ?? 0;
      positions.set(stop.direction, position + 1);
      return {
        ...withoutUnsetKeys(stop, ROW_KEYS),
        position,
        day_offset: stop.day_offset ?? 0,
        surcharge: amountOrZero(stop.surcharge),
      };
    });
  }
  // No terms of its own (an empty list, three empty payment fields): null, the settings apply.
  if ('cancellation_terms' in values) {
    const terms = rows(values.cancellation_terms);
    body.cancellation_terms = terms.length > 0 ? terms : null;
  }
  if ('payment_terms' in values) {
    const terms = values.payment_terms as Row | null | undefined;
    body.payment_terms = terms && Object.values(terms).some((value) => value != null && value !== '') ? terms : null;
  }
  return body;
}

/** A plain date moved by whole days: `2027-05-30` + 3 → `2027-06-02` (no time zone involved). */
export function shiftIsoDate(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
