import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_STOCK_API_KEY,
  FAKE_STOCK_IDS,
  FAKE_STOCK_TOKEN,
  startFakeAdobeStock,
  type FakeAdobeStock,
} from '../../../test/fake-adobe-stock.ts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { loadConfig } from '../../config.ts';
import { createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';

type StockRow = {
  id: string;
  title: string;
  stocktype: string;
  is_licensed: string;
  licence_state: string;
  id_img_customer: number | null;
  database: { link: string | null; thumbnail: string | null };
};

/** Stock images against the fake Adobe Stock over HTTP: search, filters, licences, quota, image database. */
describe('stock images (Adobe Stock adapter)', () => {
  let t: TestApp;
  let fake: FakeAdobeStock;
  const as = { admin: '', office: '', reader: '' };

  beforeAll(async () => {
    fake = await startFakeAdobeStock({ quota: 5 });
    t = await buildTestApp({
      seed: 'defaults',
      config: {
        adobeStock: {
          ...loadConfig({}).adobeStock,
          url: fake.url,
          apiKey: FAKE_STOCK_API_KEY,
          accessToken: FAKE_STOCK_TOKEN,
        },
      },
    });
    as.admin = await createLogin(t.ctx, 'admin');
    as.office = await createLogin(t.ctx, 'office');
    const role = await createRoleFixture(t.ctx, `imagedb-reader-${nextSequence()}`, {
      access: { imagedb: { read: true } },
    });
    as.reader = `reader-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email: as.reader, role: role.id_roles });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const lastSearch = () => fake.requests.filter((request) => request.path === '/Rest/Media/1/Search/Files').at(-1)!;

  it('searches 64 a page with the default filters (orientation all, people all, type photo) and Adobe headers', async () => {
    const first = await call(t.app, as.reader, { method: 'GET', url: '/adobestock' });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ page: 1, itemsPerPage: 64 });
    expect(page.data).toHaveLength(64);
    expect(page.data.every((row: StockRow) => row.stocktype === 'photo')).toBe(true);
    const sent = lastSearch();
    expect(sent.headers['x-api-key']).toBe(FAKE_STOCK_API_KEY);
    expect(sent.headers['x-product']).toBe('Tourdesk/1.0');
    expect(sent.params.get('search_parameters[limit]')).toBe('64');
    expect(sent.params.get('search_parameters[offset]')).toBe('0');
    expect(sent.params.get('search_parameters[filters][content_type:photo]')).toBe('1');
    expect(sent.params.get('search_parameters[filters][orientation]')).toBeNull();
    expect(sent.params.get('search_parameters[filters][has_releases]')).toBeNull();
    expect(sent.params.getAll('result_columns[]')).toContain('is_licensed');
    const total = page.total;
    expect(total).toBeGreaterThan(64);

    const second = (await call(t.app, as.reader, { method: 'GET', url: '/adobestock?page=2' })).json();
    expect(lastSearch().params.get('search_parameters[offset]')).toBe('64');
    expect(second.data.length).toBe(total - 64);
    expect(second.data[0].id).not.toBe(page.data[0].id);
    const row = page.data[0] as StockRow;
    expect(row.database.thumbnail).toMatch(new RegExp(`^${fake.url}/jpg/\\d+/240\\.jpg$`));
    expect(row.database.link).toMatch(/^https:\/\/stock\.adobe\.com\/images\/\d+$/);
    const thumbnail = await fetch(row.database.thumbnail!);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect((await thumbnail.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('maps each filter to Adobe Stock search parameters', async () => {
    const response = await call(t.app, as.reader, {
      method: 'GET',
      url: '/adobestock?search=Alpine&text=lake&zoom=500&color=%231976D2&orientation=vertical&people=with&type=all&itemsPerPage=10&page=1',
    });
    expect(response.statusCode).toBe(200);
    const params = lastSearch().params;
    expect(params.get('search_parameters[words]')).toBe('Alpine lake');
    expect(params.get('search_parameters[thumbnail_size]')).toBe('500');
    expect(params.get('search_parameters[filters][colors]')).toBe('1976d2');
    expect(params.get('search_parameters[filters][orientation]')).toBe('vertical');
    expect(params.get('search_parameters[filters][has_releases]')).toBe('true');
    expect(params.get('search_parameters[filters][content_type:photo]')).toBeNull();
    expect(params.get('search_parameters[limit]')).toBe('10');
    for (const row of response.json().data as StockRow[]) expect(row.title).toMatch(/Alpine lake/);

    await call(t.app, as.reader, {
      method: 'GET',
      url: '/adobestock?people=without&type=vector&orientation=panoramic',
    });
    const more = lastSearch().params;
    expect(more.get('search_parameters[filters][has_releases]')).toBe('false');
    expect(more.get('search_parameters[filters][content_type:vector]')).toBe('1');
    expect(more.get('search_parameters[filters][panoramic:on]')).toBe('1');
    expect(more.get('search_parameters[filters][orientation]')).toBeNull();

    const illustrations = (
      await call(t.app, as.reader, { method: 'GET', url: '/adobestock?type=illustration' })
    ).json();
    expect(illustrations.data.length).toBeGreaterThan(0);
    expect(illustrations.data.every((row: StockRow) => row.stocktype === 'illustration')).toBe(true);
  });

  it('answers 400 with a key for bad filters', async () => {
    for (const query of ['itemsPerPage=65', 'page=0', 'orientation=diagonal', 'type=audio', 'color=red', 'zoom=300']) {
      const response = await call(t.app, as.reader, { method: 'GET', url: `/adobestock?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().key).toBe('error.invalidQuery');
    }
    const badId = await call(t.app, as.reader, { method: 'GET', url: '/adobestock/abc' });
    expect(badId.statusCode).toBe(400);
    const badBody = await call(t.app, as.admin, { method: 'POST', url: '/adobestock', payload: { id: 'x1' } });
    expect(badBody.statusCode).toBe(400);
  });

  it('gets one image by id, 404 for an unknown one', async () => {
    const one = await call(t.app, as.reader, { method: 'GET', url: `/adobestock/${FAKE_STOCK_IDS.first}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: FAKE_STOCK_IDS.first, stocktype: 'photo', licence_state: 'none' });
    const missing = await call(t.app, as.reader, { method: 'GET', url: '/adobestock/999' });
    expect(missing.statusCode).toBe(404);
  });

  it('licenses an image: purchased → Standard, one credit, the image in the database with its history', async () => {
    const before = (await call(t.app, as.admin, { method: 'GET', url: '/adobestock-quota' })).json();
    expect(before).toEqual({ quota: 5, credits_used: 0 });
    const id = String(Number(FAKE_STOCK_IDS.first) + 1);
    const response = await call(t.app, as.admin, { method: 'POST', url: '/adobestock', payload: { id } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'standard',
      data: { id, adobe_state: 'purchased', credits_used: 1, quota: 4 },
    });
    const after = (await call(t.app, as.admin, { method: 'GET', url: '/adobestock-quota' })).json();
    expect(after).toEqual({ quota: 4, credits_used: 1 });

    const item = await t.ctx.db
      .selectFrom('img_library_item')
      .innerJoin('img_library', 'img_library.id_img_library', 'img_library_item.id_img_library')
      .select(['img_library_item.id_img_library_item', 'img_library_item.stock_id', 'img_library_item.licence_state'])
      .select(['img_library.name', 'img_library.type', 'img_library_item.created_by', 'img_library_item.copyright'])
      .where('img_library_item.stock_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({ stock_id: id, licence_state: 'standard', name: 'Adobe Stock', type: 'library' });
    expect(item.copyright).toMatch(/stock\.adobe\.com/);
    expect(body.data.id_img_customer).toBe(item.id_img_library_item);
    const history = await t.ctx.db
      .selectFrom('img_history')
      .select(['action', 'user_id'])
      .where('id_img_library_item', '=', item.id_img_library_item)
      .execute();
    expect(history.map((row) => row.action)).toEqual(['licensed']);
    expect(history[0]!.user_id).toBe(item.created_by);

    // The search now shows it licensed; licensing it again costs nothing.
    const found = (await call(t.app, as.reader, { method: 'GET', url: `/adobestock/${id}` })).json();
    expect(found).toMatchObject({
      is_licensed: 'Standard',
      licence_state: 'standard',
      id_img_customer: item.id_img_library_item,
    });
    const again = (await call(t.app, as.admin, { method: 'POST', url: '/adobestock', payload: { id } })).json();
    expect(again).toMatchObject({ status: 'standard', data: { credits_used: 1 } });
    expect(fake.quota()).toBe(4);
  });

  it('already_purchased and just_purchased also become Standard; already_purchased uses no credit', async () => {
    const already = (
      await call(t.app, as.admin, {
        method: 'POST',
        url: '/adobestock',
        payload: { id: FAKE_STOCK_IDS.alreadyPurchased },
      })
    ).json();
    expect(already).toMatchObject({
      status: 'standard',
      data: { adobe_state: 'already_purchased', credits_used: 0, quota: 4 },
    });
    const just = (
      await call(t.app, as.admin, {
        method: 'POST',
        url: '/adobestock',
        payload: { id: Number(FAKE_STOCK_IDS.justPurchased) },
      })
    ).json();
    expect(just).toMatchObject({
      status: 'standard',
      data: { adobe_state: 'just_purchased', credits_used: 1, quota: 3 },
    });
    const items = await t.ctx.db
      .selectFrom('img_library_item')
      .select('stock_id')
      .where('stock_id', 'is not', null)
      .execute();
    expect(items.map((row) => row.stock_id).sort()).toEqual(
      [String(Number(FAKE_STOCK_IDS.first) + 1), FAKE_STOCK_IDS.alreadyPurchased, FAKE_STOCK_IDS.justPurchased].sort(),
    );
  });

  it('a failing licence call or a refusal sets Error (history licence_failed), and a retry may succeed later', async () => {
    const failed = await call(t.app, as.admin, {
      method: 'POST',
      url: '/adobestock',
      payload: { id: FAKE_STOCK_IDS.failure },
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'error', data: { id_img_customer: null, credits_used: 0 } });
    const refused = (
      await call(t.app, as.admin, { method: 'POST', url: '/adobestock', payload: { id: FAKE_STOCK_IDS.notPossible } })
    ).json();
    expect(refused).toMatchObject({ status: 'error', data: { adobe_state: 'not_possible' } });
    const history = await t.ctx.db
      .selectFrom('img_history')
      .select(['action', 'detail', 'item_name'])
      .where('action', '=', 'licence_failed')
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { action: 'licence_failed', detail: `Adobe Stock ${FAKE_STOCK_IDS.failure}`, item_name: 'Failing licence' },
      { action: 'licence_failed', detail: `Adobe Stock ${FAKE_STOCK_IDS.notPossible}`, item_name: 'Unlicensable' },
    ]);
    const row = (await call(t.app, as.reader, { method: 'GET', url: `/adobestock/${FAKE_STOCK_IDS.failure}` })).json();
    expect(row.licence_state).toBe('error');
    // An image in error may be requested again (it fails again here, but is not stuck).
    const retry = (
      await call(t.app, as.admin, { method: 'POST', url: '/adobestock', payload: { id: FAKE_STOCK_IDS.failure } })
    ).json();
    expect(retry.status).toBe('error');
    expect(fake.quota()).toBe(3);
  });

  it('two requests for one image at once license it once', async () => {
    const id = String(Number(FAKE_STOCK_IDS.first) + 10);
    const answers = await Promise.all(
      [0, 1].map(() => call(t.app, as.admin, { method: 'POST', url: '/adobestock', payload: { id } })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    if (statuses[1] === 409)
      expect(answers.find((a) => a.statusCode === 409)!.json().key).toBe('error.licenceInProgress');
    const licences = await t.ctx.db
      .selectFrom('stock_licence')
      .select('credits_used')
      .where('stock_id', '=', id)
      .execute();
    expect(licences).toEqual([{ credits_used: 1 }]);
    expect(fake.quota()).toBe(2);
  });

  it("lists the operator's licensed images (Adobe's licence history) with their image in the database", async () => {
    const response = await call(t.app, as.reader, { method: 'GET', url: '/imagedb-customer-stock?itemsPerPage=64' });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.total).toBe(4);
    const ids = (page.data as StockRow[]).map((row) => row.id);
    expect(ids).toContain(FAKE_STOCK_IDS.alreadyPurchased);
    expect(ids).toContain(FAKE_STOCK_IDS.justPurchased);
    for (const row of page.data as StockRow[]) {
      expect(row.is_licensed).toBe('Standard');
      expect(row.id_img_customer).toEqual(expect.any(Number));
    }
    const history = fake.requests
      .filter((request) => request.path === '/Rest/Libraries/1/Member/LicenseHistory')
      .at(-1)!;
    expect(history.headers.authorization).toBe(`Bearer ${FAKE_STOCK_TOKEN}`);
    expect(history.params.get('search_parameters[limit]')).toBe('64');
  });

  it('needs imagedb-read to search and imagedb-create to license', async () => {
    for (const url of [
      '/adobestock',
      `/adobestock/${FAKE_STOCK_IDS.first}`,
      '/imagedb-customer-stock',
      '/adobestock-quota',
    ]) {
      expect((await call(t.app, as.office, { method: 'GET', url })).statusCode, url).toBe(403);
      expect((await call(t.app, null, { method: 'GET', url })).statusCode, url).toBe(401);
    }
    const post = { method: 'POST' as const, url: '/adobestock', payload: { id: FAKE_STOCK_IDS.first } };
    expect((await call(t.app, as.office, post)).statusCode).toBe(403);
    expect((await call(t.app, as.reader, post)).statusCode).toBe(403);
    const status = await call(t.app, null, { method: 'GET', url: '/adobestock-status' });
    expect(status.json()).toEqual({ enabled: true, licensing: true });
  });
});

describe('stock images with the adapter off or Adobe unreachable', () => {
  it('answers error.stockNotConfigured while no API key is configured, and the status says off', async () => {
    const t = await buildTestApp({ seed: 'defaults' });
    try {
      const admin = await createLogin(t.ctx, 'admin');
      for (const [method, url] of [
        ['GET', '/adobestock'],
        ['GET', '/adobestock/300000001'],
        ['GET', '/imagedb-customer-stock'],
        ['GET', '/adobestock-quota'],
        ['POST', '/adobestock'],
      ] as const) {
        const response = await call(t.app, admin, {
          method,
          url,
          ...(method === 'POST' ? { payload: { id: '1' } } : {}),
        });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().key, url).toBe('error.stockNotConfigured');
      }
      expect((await call(t.app, null, { method: 'GET', url: '/adobestock-status' })).json()).toEqual({
        enabled: false,
        licensing: false,
      });
      const csp = (await call(t.app, null, { method: 'GET', url: '/adobestock-status' })).headers[
        'content-security-policy'
      ];
      expect(String(csp)).not.toContain('ftcdn');
    } finally {
      await t.close();
    }
  });

  it('takes a key saved at /basedata/thirdparty at once: on, searching, its image servers allowed by the pages', async () => {
    const fake = await startFakeAdobeStock();
    const t = await buildTestApp({ seed: 'defaults' });
    try {
      const superadmin = await createLogin(t.ctx, 'superadmin');
      const pageCsp = async () =>
        String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(await pageCsp()).not.toContain('ftcdn');
      const saved = await call(t.app, superadmin, {
        method: 'PUT',
        url: '/thirdparty/adobeStock',
        payload: { values: { url: fake.url }, secrets: { apiKey: FAKE_STOCK_API_KEY, accessToken: FAKE_STOCK_TOKEN } },
      });
      expect(saved.statusCode).toBe(200);
      expect((await call(t.app, null, { method: 'GET', url: '/adobestock-status' })).json()).toEqual({
        enabled: true,
        licensing: true,
      });
      const search = await call(t.app, superadmin, { method: 'GET', url: '/adobestock' });
      expect(search.statusCode).toBe(200);
      expect(fake.requests.at(-1)!.headers['x-api-key']).toBe(FAKE_STOCK_API_KEY);
      for (const origin of t.config.adobeStock.imageOrigins) expect(await pageCsp()).toContain(origin);
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('an unreachable Adobe Stock: the search answers 503, a licence ends in Error', async () => {
    const gone = await startFakeAdobeStock();
    const url = gone.url;
    await gone.close();
    const t = await buildTestApp({
      seed: 'defaults',
      config: {
        adobeStock: { ...loadConfig({}).adobeStock, url, apiKey: FAKE_STOCK_API_KEY, accessToken: FAKE_STOCK_TOKEN },
      },
    });
    try {
      const admin = await createLogin(t.ctx, 'admin');
      const search = await call(t.app, admin, { method: 'GET', url: '/adobestock' });
      expect(search.statusCode).toBe(503);
      expect(search.json().key).toBe('error.serviceUnavailable');
      const licence = await call(t.app, admin, { method: 'POST', url: '/adobestock', payload: { id: '300000001' } });
      expect(licence.statusCode).toBe(200);
      expect(licence.json()).toMatchObject({ status: 'error', data: { id: '300000001', id_img_customer: null } });
      const row = await t.ctx.db
        .selectFrom('stock_licence')
        .select('state')
        .where('stock_id', '=', '300000001')
        .executeTakeFirst();
      expect(row?.state).toBe('error');
      expect((await call(t.app, admin, { method: 'GET', url: '/adobestock-quota' })).json()).toEqual({
        quota: null,
        credits_used: 0,
      });
    } finally {
      await t.close();
    }
  });
});

describe('stock images licensed by two app instances on one database', () => {
  it('one image asked for by both at once is licensed once, with one credit', async () => {
    const fake = await startFakeAdobeStock({ quota: 3 });
    const adobeStock = {
      ...loadConfig({}).adobeStock,
      url: fake.url,
      apiKey: FAKE_STOCK_API_KEY,
      accessToken: FAKE_STOCK_TOKEN,
    };
    const first = await buildTestApp({ seed: 'defaults', keepDatabase: true, config: { adobeStock } });
    const second = await buildTestApp({ location: first.location, config: { adobeStock } });
    try {
      const admin = await createLogin(first.ctx, 'admin');
      const id = String(Number(FAKE_STOCK_IDS.first) + 20);
      const answers = await Promise.all(
        [first, second].map((instance) =>
          call(instance.app, admin, { method: 'POST', url: '/adobestock', payload: { id } }),
        ),
      );
      for (const answer of answers) {
        expect([200, 409]).toContain(answer.statusCode);
        if (answer.statusCode === 409) expect(answer.json().key).toBe('error.licenceInProgress');
      }
      expect(answers.some((answer) => answer.statusCode === 200 && answer.json().status === 'standard')).toBe(true);
      const licences = await first.ctx.db.selectFrom('stock_licence').select(['state', 'credits_used']).execute();
      expect(licences).toEqual([{ state: 'standard', credits_used: 1 }]);
      const items = await first.ctx.db.selectFrom('img_library_item').select('stock_id').execute();
      expect(items).toEqual([{ stock_id: id }]);
      expect(fake.quota()).toBe(2);
    } finally {
      await first.close();
      await second.close();
      await fake.close();
    }
  });
});
