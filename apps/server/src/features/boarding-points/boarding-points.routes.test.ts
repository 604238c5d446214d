import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp, call, countStatements, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createBoardingPointFixture, createStopGroupFixture } from '../../seed/catalogue-factories.ts';
import { createBoardingPoint } from './boarding-points.service.ts';

type Named = { id: number; name: string };
const fieldKeys = (body: { errors?: Array<{ field: string; key: string }> }) =>
  Object.fromEntries((body.errors ?? []).map((error) => [error.field, error.key]));

/** A journey offering a boarding point. The journeys feature builds these; here the rows are written directly. */
async function journeyUsing(t: TestApp, title: string, stopId: number) {
  const journey = await t.ctx.db
    .insertInto('jrn_journey')
    .values({ title, sort_title: title.toLowerCase() })
    .returning('id_jrn_journey')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('jrn_journey_stop')
    .values({ id_jrn_journey: journey.id_jrn_journey, id_zus_zustiege: stopId, direction: 'outbound', time: '06:30' })
    .execute();
  return journey.id_jrn_journey;
}

describe('boarding points and stop groups', () => {
  let t: TestApp;
  const as = { admin: '', office: '', agency: '', traveller: '' };
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['admin', 'office', 'agency', 'traveller'] as const) as[role] = await createLogin(t.ctx, role);
  });
  afterAll(() => t.close());

  it('creates, reads and updates a boarding point, keeping its search text and sort key', async () => {
    const created = await call(t.app, as.office, {
      method: 'POST',
      url: '/zustiege-lit',
      payload: {
        name: 'Görlitz, Postplatz',
        street: 'Postplatz',
        number: '1',
        zip: '02826',
        city: 'Görlitz',
        lat: 51.1528,
        lon: 14.9853,
        notes: 'Vor der Post',
      },
    });
    expect(created.statusCode).toBe(201);
    const stop = created.json();
    expect(stop).toMatchObject({ name: 'Görlitz, Postplatz', country: 'DE', lat: 51.1528, lon: 14.9853 });
    expect(stop.id_zus_zustiege).toBe(stop.id);
    const row = await t.ctx.db
      .selectFrom('zus_zustiege')
      .select(['search_text', 'sort_name'])
      .where('id_zus_zustiege', '=', stop.id)
      .executeTakeFirstOrThrow();
    expect(row.sort_name).toBe('gorlitz, postplatz');
    expect(row.search_text).toContain('02826');

    const updated = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/zustiege-lit/${stop.id}`,
      payload: { city: 'Zittau', zip: '02763', lat: null },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Görlitz, Postplatz', city: 'Zittau', zip: '02763', lat: null });
    const found = await call(t.app, as.office, { method: 'GET', url: '/zustiege-lit?lit-search=zittau' });
    expect(found.json().data.map((item: Named) => item.id)).toEqual([stop.id]);
    const fetched = await call(t.app, as.office, { method: 'GET', url: `/zustiege-lit/${stop.id}` });
    expect(fetched.json()).toMatchObject({ city: 'Zittau', notes: 'Vor der Post' });
  });

  it('writes a new boarding point with one statement and reads it once', async () => {
    const { statements } = await countStatements(t.ctx, (ctx) =>
      createBoardingPoint(ctx, { name: 'Bautzen, Lauengraben', city: 'Bautzen' }),
    );
    expect(statements).toEqual(['InsertQueryNode', 'SelectQueryNode']);
  });

  it('answers field keys for invalid input', async () => {
    const invalid = await call(t.app, as.office, {
      method: 'POST',
      url: '/zustiege-lit',
      payload: { name: 'A', zip: '12', country: 'deu', lat: 91, lon: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(fieldKeys(invalid.json())).toEqual({
      name: 'error.min2',
      zip: 'error.zip',
      country: 'error.invalid',
      lat: 'error.invalid',
      lon: 'error.invalid',
    });
    const empty = await call(t.app, as.office, { method: 'POST', url: '/zustiege-lit', payload: {} });
    expect(fieldKeys(empty.json())).toEqual({ name: 'error.empty' });
    expect((await call(t.app, as.office, { method: 'GET', url: '/zustiege-lit/99999' })).statusCode).toBe(404);
  });

  it('lists boarding points by name (DIN 5007), searches name, street, zip and town, and answers all', async () => {
    const a = await createBoardingPointFixture(t.ctx, 1000, { name: 'Ölsnitz, Markt', city: 'Ölsnitz', zip: '08606' });
    const b = await createBoardingPointFixture(t.ctx, 1001, { name: 'Oederan, Bahnhof', city: 'Oederan' });
    const c = await createBoardingPointFixture(t.ctx, 1002, {
      name: 'Olbernhau, Busbahnhof',
      street: 'Grünthaler Straße',
      city: 'Olbernhau',
    });
    const search = async (q: string) =>
      (await call(t.app, as.office, { method: 'GET', url: `/zustiege-lit?lit-search=${encodeURIComponent(q)}` }))
        .json()
        .data.map((item: Named) => item.name);
    expect(await search('olsnitz')).toEqual(['Ölsnitz, Markt']);
    expect(await search('08606')).toEqual(['Ölsnitz, Markt']);
    expect(await search('grunthaler')).toEqual(['Olbernhau, Busbahnhof']);
    const sorted = await call(t.app, as.office, {
      method: 'GET',
      url: '/zustiege-lit?lit-search=o&$sort[name]=1&$limit=100',
    });
    const names = sorted.json().data.map((item: Named) => item.name);
    expect(names.indexOf('Oederan, Bahnhof')).toBeLessThan(names.indexOf('Olbernhau, Busbahnhof'));
    expect(names.indexOf('Olbernhau, Busbahnhof')).toBeLessThan(names.indexOf('Ölsnitz, Markt'));
    const descending = await call(t.app, as.office, { method: 'GET', url: '/zustiege-lit?$sort[name]=-1&$limit=2' });
    expect(descending.json().limit).toBe(2);
    expect(descending.json().data[0].name >= descending.json().data[1].name).toBe(true);
    const all = await call(t.app, as.office, { method: 'GET', url: '/zustiege-lit?pagination=false' });
    expect(Array.isArray(all.json())).toBe(true);
    expect(all.json().map((item: Named) => item.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    const filtered = await call(t.app, as.office, { method: 'GET', url: '/zustiege-lit?city=Oederan' });
    expect(filtered.json().data.map((item: Named) => item.id)).toEqual([b.id]);
    const badSort = await call(t.app, as.office, { method: 'GET', url: '/zustiege-lit?$sort[nope]=1' });
    expect(badSort.statusCode).toBe(400);
  });

  it('keeps a group’s boarding points in the order sent, and reorders them', async () => {
    const [s1, s2, s3] = [
      await createBoardingPointFixture(t.ctx, 1010),
      await createBoardingPointFixture(t.ctx, 1011),
      await createBoardingPointFixture(t.ctx, 1012),
    ];
    const created = await call(t.app, as.office, {
      method: 'POST',
      url: '/zustiege-gruppen-lit',
      payload: { name: 'Erzgebirgskreis', zustiege: [s3!.id, s1!.id, s2!.id] },
    });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group.zustiege.map((member: { id_zus_zustiege: number }) => member.id_zus_zustiege)).toEqual([
      s3!.id,
      s1!.id,
      s2!.id,
    ]);
    expect(group.zustiege[0]).toMatchObject({ name: s3!.name, city: s3!.city, position: 0 });

    const reordered = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/zustiege-gruppen-lit/${group.id}`,
      payload: { name: 'Erzgebirge Nord', zustiege: [s1!.id, s2!.id] },
    });
    expect(reordered.json()).toMatchObject({ name: 'Erzgebirge Nord' });
    expect(reordered.json().zustiege.map((member: { id_zus_zustiege: number }) => member.id_zus_zustiege)).toEqual([
      s1!.id,
      s2!.id,
    ]);
    const renamedOnly = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/zustiege-gruppen-lit/${group.id}`,
      payload: { name: 'Erzgebirge' },
    });
    expect(renamedOnly.json().zustiege).toHaveLength(2);

    const list = await call(t.app, as.office, { method: 'GET', url: '/zustiege-gruppen-lit?lit-search=erzgeb' });
    expect(list.json().data.map((item: Named) => item.name)).toEqual(['Erzgebirge']);
    expect(list.json().data[0].zustiege).toHaveLength(2);
    const all = await call(t.app, as.office, { method: 'GET', url: '/zustiege-gruppen-lit?pagination=false' });
    expect(all.json().map((item: Named) => item.id)).toContain(group.id);
  });

  it('refuses unknown or repeated boarding points in a group, naming their place in the list', async () => {
    const stop = await createBoardingPointFixture(t.ctx, 1020);
    const invalid = await call(t.app, as.office, {
      method: 'POST',
      url: '/zustiege-gruppen-lit',
      payload: { name: 'Fehlerhaft', zustiege: [stop.id, 999999, stop.id] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(fieldKeys(invalid.json())).toEqual({ 'zustiege.1': 'error.invalid', 'zustiege.2': 'error.invalid' });
    const named = await t.ctx.db.selectFrom('zus_gruppen').select('id_zus_gruppen').where('name', '=', 'Fehlerhaft');
    expect(await named.execute()).toEqual([]);
    const shape = await call(t.app, as.office, {
      method: 'POST',
      url: '/zustiege-gruppen-lit',
      payload: { name: '', zustiege: ['x'] },
    });
    expect(fieldKeys(shape.json())).toEqual({ name: 'error.empty', 'zustiege.0': 'error.invalid' });
  });

  it('refuses to delete a boarding point a group or a journey uses, naming them; deletes it once free', async () => {
    const stop = await createBoardingPointFixture(t.ctx, 1030, { name: 'Glauchau, Markt' });
    const group = await createStopGroupFixture(t.ctx, 1030, { name: 'Westsachsen', zustiege: [stop.id] });
    await journeyUsing(t, 'Gardasee – Perle Italiens', stop.id);

    const refused = await call(t.app, as.admin, { method: 'DELETE', url: `/zustiege-lit/${stop.id}` });
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    expect(body.key).toBe('error.boardingPointInUse');
    expect(body.usage).toEqual({
      groups: [{ id: group.id, name: 'Westsachsen' }],
      journeys: [{ id: expect.any(Number), title: 'Gardasee – Perle Italiens' }],
    });
    expect(body.message).toContain('Westsachsen');
    expect(body.message).toContain('Gardasee – Perle Italiens');

    await t.ctx.db.deleteFrom('jrn_journey_stop').where('id_zus_zustiege', '=', stop.id).execute();
    const groupOnly = await call(t.app, as.admin, { method: 'DELETE', url: `/zustiege-lit/${stop.id}` });
    expect(groupOnly.json().usage).toEqual({ groups: [{ id: group.id, name: 'Westsachsen' }], journeys: [] });

    const removedGroup = await call(t.app, as.admin, { method: 'DELETE', url: `/zustiege-gruppen-lit/${group.id}` });
    expect(removedGroup.statusCode).toBe(200);
    expect(
      await t.ctx.db.selectFrom('zus_gruppen_member').selectAll().where('id_zus_gruppen', '=', group.id).execute(),
    ).toEqual([]);
    const deleted = await call(t.app, as.admin, { method: 'DELETE', url: `/zustiege-lit/${stop.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, as.admin, { method: 'GET', url: `/zustiege-lit/${stop.id}` })).statusCode).toBe(404);
  });

  it('needs the internet rights: office may not delete, agency and traveller may do nothing', async () => {
    const stop = await createBoardingPointFixture(t.ctx, 1040);
    expect((await call(t.app, as.office, { method: 'DELETE', url: `/zustiege-lit/${stop.id}` })).statusCode).toBe(403);
    for (const login of [as.agency, as.traveller]) {
      expect((await call(t.app, login, { method: 'GET', url: '/zustiege-lit' })).statusCode).toBe(403);
      expect((await call(t.app, login, { method: 'GET', url: '/zustiege-gruppen-lit' })).statusCode).toBe(403);
      const post = await call(t.app, login, { method: 'POST', url: '/zustiege-lit', payload: { name: 'Versuch' } });
      expect(post.statusCode).toBe(403);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/zustiege-lit' })).statusCode).toBe(401);
  });

  it('tells the web app the configured map tile URL, and the CSP lets the browser load those tiles', async () => {
    const settings = await call(t.app, null, { method: 'GET', url: '/settings-public' });
    expect(settings.json().mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    // The web page's policy (the one the map runs under) lets the browser load the tiles.
    const page = await t.app.inject({ method: 'GET', url: '/zustiege' });
    expect(page.headers['content-security-policy']).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
    expect(loadConfig({ MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' }).mapTileUrl).toBe(
      'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
    );
    expect(loadConfig({ MAP_TILE_URL: 'javascript:alert(1)' }).mapTileUrl).toBe(
      'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    );
  });
});
