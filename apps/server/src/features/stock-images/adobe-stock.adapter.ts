import type { StockCustomerQuery, StockSearchQuery } from '@tourdesk/contracts';
import type { AdobeStockConfig } from '../../config.ts';

/**
 * Tourdesk's adapter to Adobe Stock's REST API (https://stock.adobe.io/Rest, see docs/adr/0022): Search/Files for
 * the search, Member/Profile for the quota, Content/License to license an image and Member/LicenseHistory for the
 * operator's licensed images. Every call sends `x-api-key` and `x-product`; the licensing calls also the operator's
 * bearer token. Tests run it against apps/server/test/fake-adobe-stock.ts, which speaks the same wire format.
 */

/** Adobe could not be reached or answered with an error status. */
export class AdobeStockError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'AdobeStockError';
    this.status = status;
  }
}

export type AdobeFile = {
  id: number | string;
  title?: string | null;
  creator_name?: string | null;
  width?: number | null;
  height?: number | null;
  thumbnail_url?: string | null;
  media_type_id?: number | null;
  is_licensed?: string | null;
  details_url?: string | null;
};

export type AdobeHistoryFile = AdobeFile & { license?: string | null; license_date?: string | null };

export type AdobeLicence = {
  /** purchase_details.state, e.g. just_purchased, purchased, already_purchased, not_possible */
  state: string | null;
  /** purchase_details.url: where the licensed file is downloaded */
  url: string | null;
  date: string | null;
  /** available_entitlement.quota after the licence */
  quota: number | null;
};

const TIMEOUT_MS = 15_000;

/** Adobe's media_type_id → our stocktype. */
export const MEDIA_TYPES: Record<number, string> = {
  1: 'photo',
  2: 'illustration',
  3: 'vector',
  4: 'video',
  6: '3d',
  7: 'template',
};

const RESULT_COLUMNS = [
  'nb_results',
  'id',
  'title',
  'creator_name',
  'width',
  'height',
  'thumbnail_url',
  'media_type_id',
  'is_licensed',
  'details_url',
];

/** The search_parameters of a search (spec's filters mapped to Adobe's names). */
export function searchParameters(query: StockSearchQuery): URLSearchParams {
  const params = new URLSearchParams({ locale: 'de_DE' });
  const set = (name: string, value: string) => params.append(`search_parameters[${name}]`, value);
  const words = [query.search, query.text].filter((word) => word && word.length > 0).join(' ');
  if (words) set('words', words);
  set('limit', String(query.itemsPerPage));
  set('offset', String((query.page - 1) * query.itemsPerPage));
  set('thumbnail_size', query.zoom);
  set('filters][premium', 'false');
  if (query.color) set('filters][colors', query.color.replace(/^#/, '').toLowerCase());
  if (query.orientation === 'panoramic') set('filters][panoramic:on', '1');
  else if (query.orientation !== 'all') set('filters][orientation', query.orientation);
  // People: Adobe's filter for assets with model (people) releases.
  if (query.people !== 'all') set('filters][has_releases', query.people === 'with' ? 'true' : 'false');
  if (query.type !== 'all') set(`filters][content_type:${query.type}`, '1');
  for (const column of RESULT_COLUMNS) params.append('result_columns[]', column);
  return params;
}

export class AdobeStockAdapter {
  private readonly config: AdobeStockConfig;
  constructor(config: AdobeStockConfig) {
    this.config = config;
  }

  get enabled(): boolean {
    return this.config.apiKey !== null;
  }

  get canLicense(): boolean {
    return this.config.apiKey !== null && this.config.accessToken !== null;
  }

  private headers(auth: boolean): Record<string, string> {
    return {
      'x-api-key': this.config.apiKey ?? '',
      'x-product': this.config.product,
      accept: 'application/json',
      ...(auth && this.config.accessToken ? { authorization: `Bearer ${this.config.accessToken}` } : {}),
    };
  }

  private async request(path: string, params: URLSearchParams, init: { method?: string; auth: boolean }) {
    const url = `${this.config.url}${path}?${params.toString()}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method ?? 'GET',
        headers: this.headers(init.auth),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new AdobeStockError(`Adobe Stock unreachable: ${(error as Error).message}`, null);
    }
    return response;
  }

  private async json(path: string, params: URLSearchParams, init: { method?: string; auth: boolean }) {
    const response = await this.request(path, params, init);
    const text = await response.text();
    if (!response.ok) throw new AdobeStockError(`Adobe Stock answered ${response.status}: ${text}`, response.status);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new AdobeStockError('Adobe Stock answered no JSON', response.status);
    }
  }

  async search(query: StockSearchQuery): Promise<{ total: number; files: AdobeFile[] }> {
    const body = (await this.json('/Rest/Media/1/Search/Files', searchParameters(query), {
      auth: this.canLicense,
    })) as { nb_results?: number; files?: AdobeFile[] };
    return { total: Number(body.nb_results ?? 0), files: Array.isArray(body.files) ? body.files : [] };
  }

  /** One image by its content id (a search for its media_id). */
  async file(id: string): Promise<AdobeFile | null> {
    const params = new URLSearchParams({ locale: 'de_DE' });
    params.append('search_parameters[media_id]', id);
    params.append('search_parameters[thumbnail_size]', '500');
    for (const column of RESULT_COLUMNS) params.append('result_columns[]', column);
    const body = (await this.json('/Rest/Media/1/Search/Files', params, { auth: this.canLicense })) as {
      files?: AdobeFile[];
    };
    return (body.files ?? []).find((file) => String(file.id) === id) ?? null;
  }

  /** The remaining credits (Member/Profile available_entitlement.quota). */
  async quota(): Promise<number | null> {
    const params = new URLSearchParams({ locale: 'de_DE' });
    const body = (await this.json('/Rest/Libraries/1/Member/Profile', params, { auth: true })) as {
      available_entitlement?: { quota?: number };
    };
    const quota = body.available_entitlement?.quota;
    return typeof quota === 'number' ? quota : null;
  }

  /** Licenses one image under the Standard licence (Content/License). */
  async license(id: string): Promise<AdobeLicence> {
    const params = new URLSearchParams({ content_id: id, license: 'Standard', locale: 'de_DE' });
    const body = (await this.json('/Rest/Libraries/1/Content/License', params, { method: 'POST', auth: true })) as {
      available_entitlement?: { quota?: number };
      contents?: Record<string, { purchase_details?: { state?: string; url?: string; date?: string } }>;
    };
    const details = body.contents?.[id]?.purchase_details;
    const quota = body.available_entitlement?.quota;
    return {
      state: details?.state ?? null,
      url: details?.url ?? null,
      date: details?.date ?? null,
      quota: typeof quota === 'number' ? quota : null,
    };
  }

  /** The licensed file's bytes (the download URL wants the bearer token). */
  async download(url: string): Promise<{ buffer: Buffer; mimetype: string }> {
    let response: Response;
    try {
      response = await fetch(url, { headers: this.headers(true), signal: AbortSignal.timeout(TIMEOUT_MS * 4) });
    } catch (error) {
      throw new AdobeStockError(`Adobe Stock download failed: ${(error as Error).message}`, null);
    }
    if (!response.ok) throw new AdobeStockError(`Adobe Stock download answered ${response.status}`, response.status);
    return {
      buffer: Buffer.from(await response.arrayBuffer()),
      mimetype: response.headers.get('content-type')?.split(';')[0] ?? 'image/jpeg',
    };
  }

  /** The operator's licensed images (Member/LicenseHistory), newest first. */
  async licenseHistory(query: StockCustomerQuery): Promise<{ total: number; files: AdobeHistoryFile[] }> {
    const params = new URLSearchParams({ locale: 'de_DE' });
    params.append('search_parameters[limit]', String(query.itemsPerPage));
    params.append('search_parameters[offset]', String((query.page - 1) * query.itemsPerPage));
    params.append('search_parameters[thumbnail_size]', query.zoom);
    for (const column of ['nb_results', 'id', 'title', 'thumbnail_url', 'license', 'license_date', 'media_type_id'])
      params.append('result_columns[]', column);
    const body = (await this.json('/Rest/Libraries/1/Member/LicenseHistory', params, { auth: true })) as {
      nb_results?: number;
      files?: AdobeHistoryFile[];
    };
    return { total: Number(body.nb_results ?? 0), files: Array.isArray(body.files) ? body.files : [] };
  }
}
