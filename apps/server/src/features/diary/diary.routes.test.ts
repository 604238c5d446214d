import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiaryEntry, DiaryTrip } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { book } from '../../../test/agency-money.ts';
import { filesIn, plainPng, sidewaysJpegWithGps, uploadForm } from '../../../test/fixtures/images.ts';
import { createDepartureFixture } from '../../seed/departure-factories.ts';
import { nextSequence } from '../../seed/factories.ts';
import { linkTraveller } from '../traveller-trips/traveller-trips.service.ts';

/** The traveller's diary (issue #13 item 4): private entries per booking and day, with photos. */
describe('diary', () => {
  let t: TestApp;
  let office: string;
  let traveller: string;
  let companion: string;
  let stranger: string;
  let bookingId = 0;
  let root = '';

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const write = (as: string, payload: Record<string, unknown>, booking = bookingId) =>
    call(t.app, as, { method: 'POST', url: `/users-vorgaenge/${booking}/diary`, payload });
  const list = (as: string, booking = bookingId) =>
    call(t.app, as, { method: 'GET', url: `/users-vorgaenge/${booking}/diary` });
  const upload = async (as: string, entryId: number, file: { bytes: Buffer; name: string; type?: string }) =>
    call(t.app, as, {
      method: 'POST',
      url: `/users-vorgaenge/${bookingId}/diary/${entryId}/photos`,
      payload: uploadForm(file),
    });

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    root = t.config.fileStore.kind === 'local' ? t.config.fileStore.root : '';
    office = await createLogin(t.ctx, 'office');
    traveller = await createLogin(t.ctx, 'traveller');
    companion = await createLogin(t.ctx, 'traveller');
    stranger = await createLogin(t.ctx, 'traveller');
    const departure = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2027-06-07' } });
    bookingId = (await book(t, office, departure.nr)).id;
    await linkTraveller(t.ctx, { userId: await userId(traveller), bookingId, relation: 'booker', status: 'confirmed' });
    await linkTraveller(t.ctx, { userId: await userId(companion), bookingId, relation: 'guest', status: 'confirmed' });
  });
  afterAll(() => t.close());

  it('writes, lists, changes and deletes the own entries of a trip, by day', async () => {
    const second = await write(traveller, { day: '2027-06-08', title: 'Sirmione', text: 'Burg und Eis am See.' });
    expect(second.statusCode, second.body).toBe(201);
    const first = await write(traveller, { day: '2027-06-07', title: 'Anreise' });
    expect(first.json<DiaryEntry>()).toMatchObject({ bookingId, day: '2027-06-07', text: null, photos: [] });
    const titles = (await list(traveller)).json<DiaryEntry[]>().map((entry) => entry.title);
    // In day order: the arrival (7 June) before Sirmione (8 June).
    expect(titles.indexOf('Anreise')).toBeLessThan(titles.indexOf('Sirmione'));
    expect(titles.indexOf('Anreise')).toBeGreaterThanOrEqual(0);

    const id = second.json<DiaryEntry>().id;
    const patched = await call(t.app, traveller, {
      method: 'PATCH',
      url: `/users-vorgaenge/${bookingId}/diary/${id}`,
      payload: { title: 'Sirmione und Lazise' },
    });
    expect(patched.json<DiaryEntry>()).toMatchObject({ title: 'Sirmione und Lazise', text: 'Burg und Eis am See.' });

    const trips = (await call(t.app, traveller, { method: 'GET', url: '/diary/trips' })).json<DiaryTrip[]>();
    const written = (await list(traveller)).json<DiaryEntry[]>().length;
    expect(trips).toEqual([expect.objectContaining({ bookingId, entries: written, dateFrom: '2027-06-07' })]);

    const deleted = await call(t.app, traveller, {
      method: 'DELETE',
      url: `/users-vorgaenge/${bookingId}/diary/${first.json<DiaryEntry>().id}`,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await list(traveller)).json<DiaryEntry[]>().map((entry) => entry.title)).not.toContain('Anreise');
  });

  it('refuses a day far outside the trip and an empty title', async () => {
    const response = await write(traveller, { day: '2027-08-01', title: '' });
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ errors: Array<{ field: string; key: string }> }>().errors;
    expect(fields).toEqual([expect.objectContaining({ field: 'title', key: 'error.empty' })]);
    const outside = await write(traveller, { day: '2027-08-01', title: 'Zu spät' });
    expect(outside.json<{ errors: Array<{ field: string; key: string }> }>().errors).toEqual([
      expect.objectContaining({ field: 'day', key: 'error.invalid' }),
    ]);
  });

  it('keeps entries private: another traveller of the same booking sees none and gets 404', async () => {
    const entry = (await write(traveller, { day: '2027-06-09', title: 'Nur für mich' })).json<DiaryEntry>();
    expect((await list(companion)).json<DiaryEntry[]>()).toEqual([]);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await call(t.app, companion, {
        method,
        url: `/users-vorgaenge/${bookingId}/diary/${entry.id}`,
        ...(method === 'PATCH' ? { payload: { title: 'Fremd' } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
    // A traveller not on the booking: 404 for the booking's diary; staff have no diary rights.
    expect((await list(stranger)).statusCode).toBe(404);
    expect((await write(stranger, { day: '2027-06-09', title: 'x' })).statusCode).toBe(404);
    expect((await list(office)).statusCode).toBe(403);
  });

  it('stores photos without metadata, delivers them only to the writer, and refuses other files', async () => {
    const entry = (await write(traveller, { day: '2027-06-10', title: 'Malcesine' })).json<DiaryEntry>();
    const uploaded = await upload(traveller, entry.id, { bytes: await sidewaysJpegWithGps(), name: 'IMG_0001.jpg' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photo = uploaded.json<DiaryEntry>().photos[0]!;
    // Turned upright: the sideways 1200 × 800 JPEG is stored 800 × 1200.
    expect(photo).toMatchObject({ width: 800, height: 1200 });
    const own = await call(t.app, traveller, { method: 'GET', url: photo.url });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toContain('private');
    expect((await call(t.app, companion, { method: 'GET', url: photo.url })).statusCode).toBe(404);
    expect((await call(t.app, null, { method: 'GET', url: photo.thumbUrl })).statusCode).toBe(401);
    // Never through the public file route.
    expect((await call(t.app, null, { method: 'GET', url: `/files/${photo.id}/web` })).statusCode).toBe(404);

    const text = await upload(traveller, entry.id, { bytes: Buffer.from('kein Bild'), name: 'notiz.jpg' });
    expect(text.statusCode).toBe(400);
    expect(text.json<{ key: string }>().key).toBe('error.uploadType');
    const huge = await upload(traveller, entry.id, { bytes: Buffer.alloc(13 * 1024 * 1024, 1), name: 'riesig.jpg' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ key: string }>().key).toBe('error.uploadSize');
    expect(
      (await upload(companion, entry.id, { bytes: await plainPng(200, 100), name: 'x.png', type: 'image/png' }))
        .statusCode,
    ).toBe(404);

    const before = (await filesIn(root)).length;
    expect(before).toBeGreaterThanOrEqual(3);
    const removed = await call(t.app, traveller, {
      method: 'DELETE',
      url: `/users-vorgaenge/${bookingId}/diary/${entry.id}/photos/${photo.id}`,
    });
    expect(removed.json<DiaryEntry>().photos).toEqual([]);
    expect((await filesIn(root)).length).toBe(before - 3);
    expect((await call(t.app, traveller, { method: 'GET', url: photo.url })).statusCode).toBe(404);
  });

  it('holds an entry to six photos', async () => {
    const entry = (await write(traveller, { day: '2027-06-11', title: 'Verona' })).json<DiaryEntry>();
    const png = await plainPng(120, 80);
    for (let i = 0; i < 6; i++)
      expect((await upload(traveller, entry.id, { bytes: png, name: `b${i}.png`, type: 'image/png' })).statusCode).toBe(
        201,
      );
    const seventh = await upload(traveller, entry.id, { bytes: png, name: 'b7.png', type: 'image/png' });
    expect(seventh.statusCode).toBe(400);
    expect(seventh.json<{ errors: Array<{ field: string }> }>().errors[0]!.field).toBe('file');
  });
});
