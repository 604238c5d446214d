import { type Country, type ListQuery } from '@tourdesk/contracts';
import { toBool } from '../../db/dialect.ts';
import { invalidField } from '../../lib/errors.ts';
import { runList, type ListSpec } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import { settingValue } from '../settings/settings.service.ts';
import { countryBaseQuery, type CountryRow } from './countries.repository.ts';

const COUNTRY_LIST_SPEC: ListSpec = {
  table: 'loc_country',
  idColumn: 'id_loc_country',
  idField: 'id_loc_country',
  searchable: false,
  defaultSort: [['name', 1]],
  // A country select wants them all.
  defaultLimit: 300,
  fields: {
    id_loc_country: { column: 'loc_country.id_loc_country', type: 'number' },
    iso: { column: 'loc_country.iso', type: 'string' },
    iso3: { column: 'loc_country.iso3', type: 'string' },
    name: { column: 'loc_country.name_en', type: 'string' },
    name_de: { column: 'loc_country.name_de', type: 'string' },
    name_en: { column: 'loc_country.name_en', type: 'string' },
    bookingCountry: { column: 'loc_country.booking_country', type: 'boolean' },
  },
  selectable: ['id_loc_country', 'iso', 'iso3', 'name', 'name_de', 'name_en', 'bookingCountry'],
  ownParams: ['countries'],
};

const toCountry = (row: CountryRow): Country => ({
  id_loc_country: row.id_loc_country,
  iso: row.iso,
  iso3: row.iso3,
  name: row.name_en,
  name_de: row.name_de,
  name_en: row.name_en,
  bookingCountry: toBool(row.booking_country),
});

/** `countries=32,44` or `countries[]=32&countries[]=44`: only these ids. */
function parseIds(raw: unknown): number[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const parts = (Array.isArray(raw) ? raw : String(raw).split(',')).map((part) => String(part).trim()).filter(Boolean);
  const ids = parts.map(Number);
  if (ids.some((id) => !Number.isInteger(id))) throw invalidField('countries', 'error.invalidFilter');
  return ids;
}

/** GET /country: every ISO country with German and English names; `countries` restricts to ids. */
export function listCountries(ctx: DbContext, query: ListQuery & { countries?: unknown }) {
  const ids = parseIds(query.countries);
  let base = countryBaseQuery(ctx.db);
  // No country has id 0, so an empty list finds nothing.
  if (ids) base = base.where('loc_country.id_loc_country', 'in', ids.length > 0 ? ids : [0]);
  return runList(ctx, COUNTRY_LIST_SPEC, query, base, (rows) => rows.map(toCountry));
}

/** GET /country/short: the short list of the `countries` setting, in its order. */
export async function shortCountries(ctx: DbContext) {
  const configured = await settingValue<unknown>(ctx, 'countries', []);
  const ids = Array.isArray(configured) ? configured.filter((id): id is number => Number.isInteger(id)) : [];
  const rows =
    ids.length === 0 ? [] : await countryBaseQuery(ctx.db).where('loc_country.id_loc_country', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id_loc_country, toCountry(row)]));
  return { ids, data: ids.flatMap((id) => byId.get(id) ?? []) };
}
