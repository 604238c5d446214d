import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import { ALL_ITEMS_LIMIT, type Page } from '@tourdesk/contracts/list';
import { api } from './api-client.ts';
import { setToken } from './auth-token.ts';
import { rememberFirstList, takeFirstList } from './first-list.ts';
import { FEATURES } from '../features/index.ts';
import { resourceApi, type ResourceApi } from './resources.ts';

/**
 * react-admin ↔ the list contract: `$limit`/`$skip` from the page, `$sort[field]`, filters as query
 * parameters (`q` becomes `lit-search`, arrays become `$in`), answers `{ total, limit, skip, data }`.
 */
type Row = Record<string, unknown>;

/** react-admin needs `id`; resources with their own id field (`id_roles`) get it copied. */
const withId = <RecordType extends RaRecord>(config: ResourceApi, row: Row): RecordType =>
  ({ ...row, id: row[config.idField ?? 'id'] as Identifier }) as unknown as RecordType;

export function listQuery(config: ResourceApi, params: Partial<GetListParams>): string {
  const query = new URLSearchParams();
  const { page = 1, perPage = 20 } = params.pagination ?? {};
  const limit = perPage === -1 ? ALL_ITEMS_LIMIT : perPage;
  query.set('$limit', String(perPage === -1 ? -1 : limit));
  query.set('$skip', String((page - 1) * limit));
  if (params.sort?.field) {
    const field = params.sort.field === 'id' && config.idField ? config.idField : params.sort.field;
    query.set(`$sort[${field}]`, params.sort.order === 'DESC' ? '-1' : '1');
  }
  const filter = { ...(params.filter ?? {}), ...(config.fixedFilter ?? {}) };
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'q') {
      query.set('lit-search', String(value));
    } else if (Array.isArray(value)) {
      for (const item of value) query.append(`${key}[$in][]`, String(item));
    } else if (typeof value === 'object') {
      // A range filter from inputs like `date_from.$gte`: `date_from[$gte]=…`.
      for (const [operator, item] of Object.entries(value as Record<string, unknown>)) {
        if (item !== undefined && item !== null && item !== '') query.set(`${key}[${operator}]`, String(item));
      }
    } else {
      query.set(key, String(value));
    }
  }
  return query.toString();
}

/** The booking system's paging (`limit`, `offset`, `search`); it has no sort, so none is sent. */
export function offsetListQuery(config: ResourceApi, params: Partial<GetListParams>): string {
  const query = new URLSearchParams();
  const { page = 1, perPage = 20 } = params.pagination ?? {};
  const limit = perPage === -1 ? ALL_ITEMS_LIMIT : perPage;
  query.set('limit', String(limit));
  query.set('offset', String((page - 1) * limit));
  const filter = { ...(params.filter ?? {}), ...(config.fixedFilter ?? {}) };
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key === 'q' ? 'search' : key, String(value));
  }
  return query.toString();
}

const path = (base: string, id?: Identifier) => (id === undefined ? base : `${base}/${encodeURIComponent(String(id))}`);

export const dataProvider: DataProvider = {
  async getList<RecordType extends RaRecord>(resource: string, params: GetListParams) {
    const config = resourceApi(resource);
    const query = config.paging === 'offset' ? offsetListQuery(config, params) : listQuery(config, params);
    const listPath = `${config.list ?? config.read}?${query}`;
    const page = await api<Pick<Page<Row>, 'total' | 'data'>>(listPath, {
      signal: params.signal,
      sent: takeFirstList(listPath),
    });
    rememberFirstList(listPath);
    return { data: page.data.map((row) => withId<RecordType>(config, row)), total: page.total };
  },
  async getOne<RecordType extends RaRecord>(resource: string, params: GetOneParams) {
    const config = resourceApi(resource);
    return {
      data: withId<RecordType>(config, await api<Row>(path(config.read, params.id), { signal: params.signal })),
    };
  },
  async getMany<RecordType extends RaRecord>(resource: string, params: GetManyParams) {
    const config = resourceApi(resource);
    const idField = config.idField ?? 'id';
    if (params.ids.length === 0) return { data: [] };
    const query = new URLSearchParams({ $limit: String(ALL_ITEMS_LIMIT) });
    for (const id of params.ids) query.append(`${idField}[$in][]`, String(id));
    const page = await api<Page<Row>>(`${config.read}?${query}`, { signal: params.signal });
    return { data: page.data.map((row) => withId<RecordType>(config, row)) };
  },
  async getManyReference<RecordType extends RaRecord>(resource: string, params: GetManyReferenceParams) {
    const config = resourceApi(resource);
    const filter = { ...params.filter, [params.target]: params.id };
    const page = await api<Page<Row>>(`${config.read}?${listQuery(config, { ...params, filter })}`, {
      signal: params.signal,
    });
    return { data: page.data.map((row) => withId<RecordType>(config, row)), total: page.total };
  },
  async create<RecordType extends RaRecord>(resource: string, params: CreateParams) {
    const config = resourceApi(resource);
    const answer = await api<Row>(config.create ?? config.read, { method: 'POST', body: params.data });
    const row = config.createResult ? (answer[config.createResult] as Row) : answer;
    return { data: withId<RecordType>(config, row) };
  },
  async update<RecordType extends RaRecord>(resource: string, params: UpdateParams) {
    const config = resourceApi(resource);
    const changes = changedFields(params.data as Row, params.previousData as Row);
    const row = await api<Row>(path(config.update ?? config.read, params.id), { method: 'PATCH', body: changes });
    // After changing one's own password every session has ended; this one continues with the token answered.
    if (typeof row.accessToken === 'string') setToken(row.accessToken);
    return { data: withId<RecordType>(config, row) };
  },
  async updateMany(resource: string, params: UpdateManyParams) {
    const config = resourceApi(resource);
    for (const id of params.ids)
      await api(path(config.update ?? config.read, id), { method: 'PATCH', body: params.data });
    return { data: params.ids };
  },
  async delete<RecordType extends RaRecord>(resource: string, params: DeleteParams) {
    const config = resourceApi(resource);
    const row = await api<Row>(path(config.remove ?? config.read, params.id), { method: 'DELETE' });
    return { data: withId<RecordType>(config, row) };
  },
  async deleteMany(resource: string, params: DeleteManyParams) {
    const config = resourceApi(resource);
    for (const id of params.ids) await api(path(config.remove ?? config.read, id), { method: 'DELETE' });
    return { data: params.ids };
  },
};

/** PATCH sends only what changed (and never the derived, read-only fields). */
export function changedFields(data: Row, previous: Row | undefined): Row {
  const changes: Row = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id' || READ_ONLY_FIELDS.has(key)) continue;
    if (previous && JSON.stringify(previous[key]) === JSON.stringify(value)) continue;
    changes[key] = value;
  }
  return changes;
}

/** Timestamps of every record, and whatever read-only fields the features declare. */
const READ_ONLY_FIELDS = new Set([
  'createdAt',
  'updatedAt',
  ...FEATURES.flatMap((feature) => feature.readOnlyFields ?? []),
]);
