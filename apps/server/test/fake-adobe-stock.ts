import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A fake Adobe Stock on loopback that speaks the wire format of the real REST API (stock.adobe.io/Rest): Search/Files
 * with search_parameters[...] and result_columns[], Member/Profile, Content/License, Member/LicenseHistory and the
 * licensed download, with `x-api-key` / `x-product` and, for licensing, a bearer token. The catalogue is
 * deterministic; thumbnails and downloads are real JPEGs it makes itself. The quota goes down by one per new
 * licence. Some content ids exist to reach every branch:
 *  - FAKE_STOCK_IDS.alreadyPurchased is licensed from the start (answers already_purchased, no credit),
 *  - FAKE_STOCK_IDS.justPurchased answers Adobe's just_purchased,
 *  - FAKE_STOCK_IDS.failure makes Content/License fail with HTTP 500,
 *  - FAKE_STOCK_IDS.notPossible answers not_possible (no licence, no download).
 * Every other id answers purchased on its first licence and already_purchased afterwards.
 */

export const FAKE_STOCK_API_KEY = 'fake-adobe-stock-key';
export const FAKE_STOCK_TOKEN = 'fake-adobe-stock-token';
const FIRST_ID = 300000001;
const CATALOGUE_SIZE = 150;

export const FAKE_STOCK_IDS = {
  first: String(FIRST_ID),
  alreadyPurchased: String(FIRST_ID + 2),
  justPurchased: String(FIRST_ID + 4),
  failure: String(FIRST_ID + CATALOGUE_SIZE),
  notPossible: String(FIRST_ID + CATALOGUE_SIZE + 1),
};

const SUBJECTS = [
  'Dresden Frauenkirche',
  'Alpine lake',
  'Coach on a mountain road',
  'Vineyard in autumn',
  'Baltic Sea beach',
  'Christmas market',
  'Old town of Prague',
  'Tulip field',
  'Lighthouse at dusk',
  'Venice canal',
];
const COLORS = ['d32f2f', '1976d2', '388e3c', 'fbc02d', '7b1fa2', 'f57c00'];
const ORIENTATIONS = ['horizontal', 'vertical', 'square'] as const;
const CREATORS = ['Anna Berg', 'Jonas Weber', 'Mia Schulz'];

export type FakeAsset = {
  id: number;
  title: string;
  creator_name: string;
  media_type_id: number;
  orientation: (typeof ORIENTATIONS)[number];
  panoramic: boolean;
  has_releases: boolean;
  color: string;
  width: number;
  height: number;
};

function asset(index: number): FakeAsset {
  const id = FIRST_ID + index;
  const orientation = ORIENTATIONS[index % 3]!;
  const special =
    id === Number(FAKE_STOCK_IDS.failure)
      ? 'Failing licence'
      : id === Number(FAKE_STOCK_IDS.notPossible)
        ? 'Unlicensable'
        : null;
  return {
    id,
    title: special ?? `${SUBJECTS[index % SUBJECTS.length]} ${index + 1}`,
    creator_name: CREATORS[index % CREATORS.length]!,
    // mostly photos; every 5th an illustration, every 7th a vector
    media_type_id: index % 7 === 6 ? 3 : index % 5 === 4 ? 2 : 1,
    orientation,
    panoramic: index % 11 === 10,
    has_releases: index % 3 === 1,
    color: COLORS[index % COLORS.length]!,
    width: orientation === 'horizontal' ? 6000 : orientation === 'vertical' ? 4000 : 5000,
    height: orientation === 'horizontal' ? 4000 : orientation === 'vertical' ? 6000 : 5000,
  };
}

export const FAKE_CATALOGUE: readonly FakeAsset[] = Array.from({ length: CATALOGUE_SIZE + 2 }, (_, index) =>
  asset(index),
);

const CONTENT_TYPES: Record<string, number> = { photo: 1, illustration: 2, vector: 3, video: 4, '3d': 6, template: 7 };

export type FakeRequest = {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: IncomingMessage['headers'];
};

export type FakeAdobeStock = {
  url: string;
  port: number;
  /** Every request, in order (tests read the parameters the adapter sent). */
  requests: FakeRequest[];
  quota: () => number;
  licensed: () => string[];
  close: () => Promise<void>;
};

const jpegCache = new Map<string, Promise<Buffer>>();

/** A real small JPEG in the asset's colour, with a lighter band so it is not a flat square. */
function jpeg(color: string, width: number, height: number, seed: number): Promise<Buffer> {
  const key = `${color}-${width}-${height}-${seed}`;
  let cached = jpegCache.get(key);
  if (!cached) {
    const band = Math.max(1, Math.round(height / 4));
    // Where the band sits depends on the id, so no two images have the same bytes.
    const top = seed % Math.max(1, height - band);
    cached = sharp({ create: { width, height, channels: 3, background: `#${color}` } })
      .composite([
        {
          input: { create: { width, height: band, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0.35 } } },
          top,
          left: 0,
        },
      ])
      .jpeg({ quality: 70 })
      .toBuffer();
    jpegCache.set(key, cached);
  }
  return cached;
}

const thumbSize = (item: FakeAsset, size: number) => {
  if (item.orientation === 'horizontal') return { width: size, height: Math.round((size * 2) / 3) };
  if (item.orientation === 'vertical') return { width: Math.round((size * 2) / 3), height: size };
  return { width: size, height: size };
};

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const adobeDate = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 19);

export async function startFakeAdobeStock(
  options: { port?: number; quota?: number; apiKey?: string; token?: string } = {},
): Promise<FakeAdobeStock> {
  const apiKey = options.apiKey ?? FAKE_STOCK_API_KEY;
  const token = options.token ?? FAKE_STOCK_TOKEN;
  let quota = options.quota ?? 10;
  const requests: FakeRequest[] = [];
  const licensed = new Map<string, Date>([[FAKE_STOCK_IDS.alreadyPurchased, new Date('2026-01-15T10:00:00Z')]]);
  let base = '';

  const fileJson = (item: FakeAsset, size: number, columns: string[]) => {
    const thumb = thumbSize(item, size);
    const full: Record<string, unknown> = {
      id: item.id,
      title: item.title,
      creator_name: item.creator_name,
      creator_id: 1000 + (item.id % 3),
      width: item.width,
      height: item.height,
      thumbnail_url: `${base}/jpg/${item.id}/${size}.jpg`,
      thumbnail_width: thumb.width,
      thumbnail_height: thumb.height,
      media_type_id: item.media_type_id,
      has_releases: item.has_releases,
      is_licensed: licensed.has(String(item.id)) ? 'Standard' : '',
      details_url: `https://stock.adobe.com/images/${item.id}`,
      content_type: 'image/jpeg',
      premium_level_id: 0,
    };
    if (columns.length === 0) return full;
    return Object.fromEntries(Object.entries(full).filter(([key]) => columns.includes(key)));
  };

  const search = (params: URLSearchParams) => {
    const p = (name: string) => params.get(`search_parameters[${name}]`);
    const f = (name: string) => params.get(`search_parameters[filters][${name}]`);
    const columns = params.getAll('result_columns[]');
    const size = Number(p('thumbnail_size') ?? 500);
    const limit = Math.min(64, Math.max(1, Number(p('limit') ?? 32)));
    const offset = Math.max(0, Number(p('offset') ?? 0));
    const words = (p('words') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const mediaId = p('media_id');
    const types = Object.entries(CONTENT_TYPES)
      .filter(([name]) => f(`content_type:${name}`) === '1')
      .map(([, id]) => id);
    const orientation = f('orientation');
    const panoramic = f('panoramic:on') === '1';
    const releases = f('has_releases');
    const colors = (f('colors') ?? '').split(',').filter(Boolean);
    const found = FAKE_CATALOGUE.filter(
      (item) =>
        (!mediaId || String(item.id) === mediaId) &&
        words.every((word) => item.title.toLowerCase().includes(word) || String(item.id) === word) &&
        (types.length === 0 || types.includes(item.media_type_id)) &&
        (!orientation || orientation === 'all' || item.orientation === orientation) &&
        (!panoramic || item.panoramic) &&
        (!releases || releases === 'all' || String(item.has_releases) === releases) &&
        (colors.length === 0 || colors.includes(item.color)),
    );
    return {
      nb_results: found.length,
      files: found.slice(offset, offset + limit).map((item) => fileJson(item, size, columns)),
    };
  };

  const entitlement = () => ({
    quota,
    license_type_id: 1,
    has_credit_model: false,
    has_agency_model: false,
    is_cce: false,
    full_entitlement_quota: { standard_credits_quota: quota },
  });

  const license = (params: URLSearchParams, response: ServerResponse) => {
    const id = params.get('content_id') ?? '';
    const item = FAKE_CATALOGUE.find((entry) => String(entry.id) === id);
    if (!item) return send(response, 404, { code: 10, message: 'Content not found' });
    if (params.get('license') !== 'Standard') return send(response, 400, { code: 10, message: 'Invalid license' });
    if (id === FAKE_STOCK_IDS.failure) return send(response, 500, { code: 20, message: 'Internal error' });
    let state: string;
    if (licensed.has(id)) state = 'already_purchased';
    else if (id === FAKE_STOCK_IDS.notPossible || quota <= 0) state = 'not_possible';
    else {
      quota -= 1;
      licensed.set(id, new Date());
      state = id === FAKE_STOCK_IDS.justPurchased ? 'just_purchased' : 'purchased';
    }
    const owned = licensed.get(id);
    send(response, 200, {
      available_entitlement: entitlement(),
      member: { member_id: 12345 },
      contents: {
        [id]: {
          content_id: item.id,
          size: owned ? 'Original' : 'Comp',
          purchase_details: {
            state,
            license: owned ? 'Standard' : '',
            ...(owned
              ? {
                  date: adobeDate(owned),
                  url: `${base}/Rest/Libraries/Download/${id}/1`,
                  content_type: 'image/jpeg',
                  width: item.width,
                  height: item.height,
                }
              : {}),
          },
        },
      },
    });
  };

  const history = (params: URLSearchParams) => {
    const p = (name: string) => params.get(`search_parameters[${name}]`);
    const size = Number(p('thumbnail_size') ?? 500);
    const limit = Math.min(100, Math.max(1, Number(p('limit') ?? 100)));
    const offset = Math.max(0, Number(p('offset') ?? 0));
    const owned = [...licensed.entries()]
      .sort((a, b) => b[1].getTime() - a[1].getTime())
      .map(([id, date]) => ({ item: FAKE_CATALOGUE.find((entry) => String(entry.id) === id)!, date }));
    return {
      nb_results: owned.length,
      files: owned.slice(offset, offset + limit).map(({ item, date }) => ({
        id: item.id,
        title: item.title,
        license: 'Standard',
        license_date: adobeDate(date),
        thumbnail_url: `${base}/jpg/${item.id}/${size}.jpg`,
        thumbnail_width: thumbSize(item, size).width,
        thumbnail_height: thumbSize(item, size).height,
        media_type_id: item.media_type_id,
        download_url: `${base}/Rest/Libraries/Download/${item.id}/1`,
      })),
    };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    requests.push({ method: request.method ?? 'GET', path, params: url.searchParams, headers: request.headers });
    // Previews are public, as Adobe's image servers are.
    const thumb = /^\/jpg\/(\d+)\/(\d+)\.jpg$/.exec(path);
    if (thumb) {
      const item = FAKE_CATALOGUE.find((entry) => String(entry.id) === thumb[1]);
      if (!item) return send(response, 404, { code: 10, message: 'Not found' });
      const size = thumbSize(item, Math.min(1000, Number(thumb[2])));
      const bytes = await jpeg(item.color, size.width, size.height, item.id);
      response.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'max-age=3600' });
      return response.end(bytes);
    }
    if (request.headers['x-api-key'] !== apiKey) return send(response, 403, { code: 11, message: 'Invalid API Key' });
    const bearer = request.headers.authorization === `Bearer ${token}`;
    if (path === '/Rest/Media/1/Search/Files' && request.method === 'GET')
      return send(response, 200, search(url.searchParams));
    if (!bearer) return send(response, 401, { code: 401, message: 'Oauth token is not valid' });
    if (path === '/Rest/Libraries/1/Member/Profile') {
      return send(response, 200, {
        available_entitlement: entitlement(),
        member: { member_id: 12345 },
        purchase_options: {
          state: quota > 0 ? 'possible' : 'not_possible',
          requires_checkout: false,
          message: `You have ${quota} licenses left.`,
        },
      });
    }
    if (path === '/Rest/Libraries/1/Content/License') return license(url.searchParams, response);
    if (path === '/Rest/Libraries/1/Member/LicenseHistory') return send(response, 200, history(url.searchParams));
    const download = /^\/Rest\/Libraries\/Download\/(\d+)\/1$/.exec(path);
    if (download) {
      const item = FAKE_CATALOGUE.find((entry) => String(entry.id) === download[1]);
      if (!item || !licensed.has(download[1]!)) return send(response, 404, { code: 10, message: 'Not licensed' });
      const size = thumbSize(item, 1200);
      const bytes = await jpeg(item.color, size.width, size.height, item.id);
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      return response.end(bytes);
    }
    send(response, 404, { code: 10, message: 'Unknown endpoint' });
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { code: 20, message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    requests,
    quota: () => quota,
    licensed: () => [...licensed.keys()],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
