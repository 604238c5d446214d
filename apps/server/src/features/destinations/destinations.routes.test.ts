import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { countryIdsByIso, createDestinationFixture } from '../../seed/catalogue-factories.ts';

type Row = { id: number; name: string };

describe('destinations', () => {
  let t: TestApp;
  const as = { admin: '', office: '', agency: '', traveller: '' };
  let italy = 0;
  let austria = 0;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['admin', 'office', 'agency', 'traveller'] as const) as[role] = await createLogin(t.ctx, role);
    const ids = await countryIdsByIso(t.ctx, ['IT', 'AT']);
    italy = ids[0]!;
    austria = ids[1]!;
  });
  afterAll(() => t.close());

  it('creates a destination with countries and sanitised SEO text, updates and deletes it', async () => {
    const created = await call(t.app, as.office, {
      method: 'POST',
      url: '/journey/destination',
      payload: {
        name: 'Lago Maggiore',
        seo_title: 'Busreisen an den Lago Maggiore',
        seo_description: 'Borromäische Inseln und Palmen',
        seo_text:
          '<p onclick="x()">Stresa <strong>und</strong> Locarno<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
        countries: [italy, italy],
      },
    });
    expect(created.statusCode).toBe(201);
    const destination = created.json();
    expect(destination).toMatchObject({
      name: 'Lago Maggiore',
      active: true,
      seo_text: '<p>Stresa <strong>und</strong> Locarno</p><a>x</a>',
      countries: [italy],
      picture: null,
      pictureUrl: null,
      pictureThumbUrl: null,
      journey_count: 0,
    });
    const updated = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/journey/destination/${destination.id}`,
      payload: { countries: [italy, austria], active: false, seo_text: '' },
    });
    expect(updated.json()).toMatchObject({ countries: [italy, austria], active: false, seo_text: null });
    const stored = await t.ctx.db
      .selectFrom('jrn_destination')
      .select(['seo_text', 'sort_name'])
      .where('id_jrn_destination', '=', destination.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ seo_text: null, sort_name: 'lago maggiore' });
    const deleted = await call(t.app, as.admin, { method: 'DELETE', url: `/journey/destination/${destination.id}` });
    expect(deleted.statusCode).toBe(200);
    const gone = await call(t.app, as.office, { method: 'GET', url: `/journey/destination/${destination.id}` });
    expect(gone.statusCode).toBe(404);
  });

  it('answers the picture’s URLs when one is set, and refuses an unknown file', async () => {
    const file = await t.ctx.db
      .insertInto('stored_file')
      .values({ storage_key: 'dest/rügen.webp', original_name: 'ruegen.webp', mime_type: 'image/webp', size: 1000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const destination = await createDestinationFixture(t.ctx, 1, { picture: file.id });
    expect(destination).toMatchObject({
      name: 'Rügen',
      picture: file.id,
      pictureUrl: `/api/v1/files/${file.id}/web`,
      pictureThumbUrl: `/api/v1/files/${file.id}/thumb`,
    });
    const unknown = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/journey/destination/${destination.id}`,
      payload: { picture: 999999 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'picture', key: 'error.invalid' })]);
  });

  it('answers field keys for invalid input', async () => {
    const invalid = await call(t.app, as.office, {
      method: 'POST',
      url: '/journey/destination',
      payload: { name: 'W', seo_title: 'x'.repeat(121), countries: [0], picture: -1 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      Object.fromEntries(
        invalid.json().errors.map((error: { field: string; key: string }) => [error.field, error.key]),
      ),
    ).toEqual({
      name: 'error.min2',
      seo_title: 'error.tooLong',
      'countries.0': 'error.invalid',
      picture: 'error.invalid',
    });
  });

  it('searches and sorts, answers all, counts journeys and refuses to delete a destination in use', async () => {
    const wien = await createDestinationFixture(t.ctx, 4);
    await createDestinationFixture(t.ctx, 5);
    const search = await call(t.app, as.office, { method: 'GET', url: '/journey/destination?lit-search=sudt' });
    expect(search.json().data.map((row: Row) => row.name)).toEqual(['Südtirol']);
    const sorted = await call(t.app, as.office, { method: 'GET', url: '/journey/destination?$sort[name]=1' });
    const names = sorted.json().data.map((row: Row) => row.name);
    expect(names.indexOf('Südtirol')).toBeLessThan(names.indexOf('Wien'));
    const all = await call(t.app, as.office, { method: 'GET', url: '/journey/destination?pagination=false' });
    expect(all.json().map((row: Row) => row.name)).toEqual(expect.arrayContaining(['Wien', 'Südtirol']));

    await t.ctx.db
      .insertInto('jrn_journey')
      .values({ title: 'Wien zur Adventszeit', sort_title: 'wien zur adventszeit', id_jrn_destination: wien.id })
      .execute();
    const counted = await call(t.app, as.office, { method: 'GET', url: `/journey/destination/${wien.id}` });
    expect(counted.json().journey_count).toBe(1);
    const refused = await call(t.app, as.admin, { method: 'DELETE', url: `/journey/destination/${wien.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      key: 'error.destinationInUse',
      usage: { journeys: [{ id: expect.any(Number), title: 'Wien zur Adventszeit' }] },
    });
  });

  it('needs the internet rights', async () => {
    const destination = await createDestinationFixture(t.ctx, 7);
    const remove = await call(t.app, as.office, { method: 'DELETE', url: `/journey/destination/${destination.id}` });
    expect(remove.statusCode).toBe(403);
    for (const login of [as.agency, as.traveller]) {
      expect((await call(t.app, login, { method: 'GET', url: '/journey/destination' })).statusCode).toBe(403);
      const patch = await call(t.app, login, {
        method: 'PATCH',
        url: `/journey/destination/${destination.id}`,
        payload: { name: 'Anders' },
      });
      expect(patch.statusCode).toBe(403);
    }
  });
});
