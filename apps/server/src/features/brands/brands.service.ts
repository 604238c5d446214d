import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_PRIMARY_COLOR,
  fallbackBrand,
  type Brand,
  type CreateBrandBody,
  type ListQuery,
  type UpdateBrandBody,
} from '@tourdesk/contracts';
import { nowIso, parseJson, toBool } from '../../db/dialect.ts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { runList, type ListSpec } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import {
  brandBaseQuery,
  brandHostTaken,
  clearDevelopmentFlag,
  deleteBrandRow,
  findBrandByHost,
  findBrandById,
  findDevelopmentBrand,
  insertBrand,
  updateBrandRow,
  type BrandRow,
} from './brands.repository.ts';

const BRAND_LIST_SPEC: ListSpec = {
  table: 'brand',
  idColumn: 'id',
  idField: 'id',
  searchable: false,
  defaultSort: [['host', 1]],
  fields: {
    id: { column: 'brand.id', type: 'number' },
    host: { column: 'brand.host', type: 'string' },
    name: { column: 'brand.name', type: 'string' },
    company: { column: 'brand.company', type: 'string' },
    isDevelopment: { column: 'brand.is_development', type: 'boolean' },
  },
};

const toBrand = (row: BrandRow): Brand => ({
  id: row.id,
  host: row.host,
  isDevelopment: toBool(row.is_development),
  name: row.name,
  logo: row.logo,
  company: row.company,
  street: row.street,
  zip: row.zip,
  city: row.city,
  tel: row.tel,
  fax: row.fax,
  email: row.email,
  web: row.web,
  court: row.court,
  RegistrationNumber: row.registration_number,
  companyId: row.company_id,
  pushChannel: row.push_channel,
  primaryColor: row.primary_color ?? DEFAULT_PRIMARY_COLOR,
  legalLinks: parseJson(row.legal_links, {}),
});

const hasCompanyData = (row: BrandRow) => Boolean(row.company && row.street && row.city);

/**
 * The brand for a host name (spec §1). Unknown hosts get the development host's brand; a brand
 * without company data logs `PRODUCT DATA NOT SET!` and the development host's data is used.
 */
export async function brandForHost(ctx: DbContext, host: string, log?: FastifyBaseLogger): Promise<Brand> {
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  const own = await findBrandByHost(ctx.db, hostname);
  if (own && hasCompanyData(own)) return toBrand(own);
  if (own) log?.warn({ host: hostname }, 'PRODUCT DATA NOT SET!');
  const development = await findDevelopmentBrand(ctx.db);
  return development ? toBrand(development) : fallbackBrand('localhost');
}

export const listBrands = (ctx: DbContext, query: ListQuery) =>
  runList(ctx, BRAND_LIST_SPEC, query, brandBaseQuery(ctx.db), (rows) => rows.map(toBrand));

export async function getBrand(ctx: DbContext, id: number): Promise<Brand> {
  const row = await findBrandById(ctx.db, id);
  if (!row) throw notFound();
  return toBrand(row);
}

const brandColumns = (body: UpdateBrandBody) => {
  const columns: Record<string, unknown> = {};
  const mapping: Record<string, string> = {
    host: 'host',
    isDevelopment: 'is_development',
    name: 'name',
    logo: 'logo',
    company: 'company',
    street: 'street',
    zip: 'zip',
    city: 'city',
    tel: 'tel',
    fax: 'fax',
    email: 'email',
    web: 'web',
    court: 'court',
    RegistrationNumber: 'registration_number',
    companyId: 'company_id',
    pushChannel: 'push_channel',
    primaryColor: 'primary_color',
  };
  for (const [field, column] of Object.entries(mapping)) {
    const value = body[field as keyof UpdateBrandBody];
    if (value !== undefined) columns[column] = field === 'host' ? String(value).toLowerCase() : value;
  }
  if (body.legalLinks !== undefined) columns.legal_links = JSON.stringify(body.legalLinks);
  return columns;
};

const hostTaken = () => invalidField('host', 'error.nameExists');

export async function createBrand(ctx: DbContext, body: CreateBrandBody): Promise<Brand> {
  try {
    const id = await inTransaction(ctx, async (trx) => {
      if (await brandHostTaken(trx.db, body.host.toLowerCase())) throw hostTaken();
      const now = nowIso();
      const id = await insertBrand(trx.db, {
        ...(brandColumns(body) as { host: string; name: string }),
        created_at: now,
        updated_at: now,
      });
      if (body.isDevelopment) await clearDevelopmentFlag(trx.db, id);
      return id;
    });
    return getBrand(ctx, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw hostTaken();
    throw error;
  }
}

export async function updateBrand(ctx: DbContext, id: number, body: UpdateBrandBody): Promise<Brand> {
  await getBrand(ctx, id);
  try {
    await inTransaction(ctx, async (trx) => {
      if (body.host && (await brandHostTaken(trx.db, body.host.toLowerCase(), id))) throw hostTaken();
      await updateBrandRow(trx.db, id, { ...brandColumns(body), updated_at: nowIso() });
      if (body.isDevelopment) await clearDevelopmentFlag(trx.db, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw hostTaken();
    throw error;
  }
  return getBrand(ctx, id);
}

export async function deleteBrand(ctx: DbContext, id: number): Promise<Brand> {
  const brand = await getBrand(ctx, id);
  // The development host is the fallback for every unknown host; it cannot go.
  if (brand.isDevelopment) throw invalidField('isDevelopment', 'error.actionFailed');
  await deleteBrandRow(ctx.db, id);
  return brand;
}
