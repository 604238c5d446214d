import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Journey, JourneyImage } from '@tourdesk/contracts';
import { createJourneyFixture, createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { filesIn, plainPng, sidewaysJpegWithGps, uploadForm } from '../../../test/fixtures/images.ts';

describe('journey images', () => {
  let t: TestApp;
  let admin: string;
  let office: string;
  let root: string;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    admin = await createLogin(t.ctx, 'admin');
    office = await createLogin(t.ctx, 'office');
    root = t.config.fileStore.kind === 'local' ? t.config.fileStore.root : '';
  });
  afterAll(() => t.close());

  const createJourney = async (title = `Gardasee ${nextSequence()}`) =>
    (await createJourneyFixture(t.ctx, nextSequence(), { title, accommodations: [] })).id;
  const createHotel = async (journeyId: number, name: string) => {
    const journey = await call(t.app, admin, { method: 'GET', url: `/journey-lit/${journeyId}` });
    const accommodations = journey.json<Journey>().accommodations;
    const patched = await call(t.app, admin, {
      method: 'PATCH',
      url: `/journey-lit/${journeyId}`,
      payload: { accommodations: [...accommodations, { name }] },
    });
    return patched.json<Journey>().accommodations.find((hotel) => hotel.name === name)!.id;
  };

  const upload = async (
    journey: number | string,
    name = 'bild.png',
    fields: Record<string, string> = {},
    as = office,
  ) =>
    call(t.app, as, {
      method: 'POST',
      url: '/journey/files',
      payload: uploadForm({ bytes: await plainPng(800, 600), name, type: 'image/png' }, { journey, ...fields }),
    });
  const list = async (journey: number) =>
    (await call(t.app, office, { method: 'GET', url: `/journey/files?journey=${journey}` })).json<JourneyImage[]>();
  const counts = async () => ({
    images: (await t.ctx.db.selectFrom('jrn_journey_image').select('id').execute()).length,
    files: (await t.ctx.db.selectFrom('stored_file').select('id').execute()).length,
    bytes: (await filesIn(root)).length,
  });

  it('uploads images to a journey, each after the last, with caption and copyright', async () => {
    const journey = await createJourney();
    const first = await call(t.app, office, {
      method: 'POST',
      url: '/journey/files',
      payload: uploadForm(
        { bytes: await sidewaysJpegWithGps(2400, 1600), name: 'Limone am Gardasee.jpg' },
        { journey, caption: 'Blick auf Limone', copyright: '© Reisebüro Müller' },
      ),
    });
    expect(first.statusCode).toBe(201);
    const image = first.json<JourneyImage>();
    expect(image).toMatchObject({
      original_name: 'Limone am Gardasee.jpg',
      position: 0,
      caption: 'Blick auf Limone',
      copyright: '© Reisebüro Müller',
      width: 1600,
      height: 2400,
      id_jrn_accommodation: null,
    });
    expect(image.url).toMatch(/^\/api\/v1\/files\/\d+\/web$/);
    expect(image.thumbUrl).toMatch(/^\/api\/v1\/files\/\d+\/thumb$/);
    // A journey's images are public: the website and the editor load them without a token.
    const thumb = await call(t.app, null, { method: 'GET', url: image.thumbUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const second = (await upload(journey, 'zweites.png')).json<JourneyImage>();
    expect(second.position).toBe(1);
    expect((await list(journey)).map((entry) => entry.id)).toEqual([image.id, second.id]);
  });

  it("marks the journey changed with every image change, so every instance's trip feed sees it", async () => {
    const journey = await createJourney();
    const longAgo = '2000-01-01T00:00:00.000Z';
    const age = () =>
      t.ctx.db.updateTable('jrn_journey').set({ updated_at: longAgo }).where('id_jrn_journey', '=', journey).execute();
    const changedSinceAged = async () =>
      (await call(t.app, admin, { method: 'GET', url: `/journey-lit/${journey}` })).json<Journey>().updatedAt > longAgo;
    await age();
    const image = (await upload(journey)).json<JourneyImage>();
    expect(await changedSinceAged()).toBe(true);
    await age();
    await call(t.app, office, { method: 'PATCH', url: `/journey/files/${image.id}`, payload: { caption: 'Neu' } });
    expect(await changedSinceAged()).toBe(true);
    await age();
    await call(t.app, admin, { method: 'DELETE', url: `/journey/files/${image.id}` });
    expect(await changedSinceAged()).toBe(true);
  });

  it('checks the journey and the fields, and stores nothing when it refuses', async () => {
    const journey = await createJourney();
    const before = await counts();
    const unknown = await upload(999_999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: [{ field: 'journey', key: 'error.notFound' }] });
    const missing = await call(t.app, office, {
      method: 'POST',
      url: '/journey/files',
      payload: uploadForm({ bytes: await plainPng(20, 20), name: 'a.png' }),
    });
    expect(missing.json()).toMatchObject({ errors: [{ field: 'journey', key: 'error.empty' }] });
    const long = await upload(journey, 'a.png', { caption: 'x'.repeat(301) });
    expect(long.json()).toMatchObject({ errors: [{ field: 'caption', key: 'error.tooLong' }] });
    const text = await call(t.app, office, {
      method: 'POST',
      url: '/journey/files',
      payload: uploadForm({ bytes: 'Hallo, ich bin kein Bild.', name: 'foto.jpg' }, { journey }),
    });
    expect(text.json()).toMatchObject({ errors: [{ field: 'file', key: 'error.uploadType' }] });
    const pathName = await upload(journey, '../../etc/foto.png');
    expect(pathName.json()).toMatchObject({ errors: [{ field: 'file', key: 'error.uploadName' }] });
    const notMultipart = await call(t.app, office, { method: 'POST', url: '/journey/files', payload: { journey } });
    expect(notMultipart.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await list(journey)).toEqual([]);
  });

  it('edits caption, copyright and hotel; the hotel must be one of the same journey', async () => {
    const journey = await createJourney();
    const other = await createJourney();
    const hotel = await createHotel(journey, 'Hotel Garda');
    const foreignHotel = await createHotel(other, 'Hotel Anderswo');
    const image = (await upload(journey)).json<JourneyImage>();
    const patch = (payload: object) =>
      call(t.app, office, { method: 'PATCH', url: `/journey/files/${image.id}`, payload });

    const updated = await patch({ caption: 'Hotelpool', copyright: 'Hotel Garda', id_jrn_accommodation: hotel });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      caption: 'Hotelpool',
      copyright: 'Hotel Garda',
      id_jrn_accommodation: hotel,
    });
    const refused = await patch({ id_jrn_accommodation: foreignHotel });
    expect(refused.json()).toMatchObject({ errors: [{ field: 'id_jrn_accommodation', key: 'error.notFound' }] });
    // Only what is sent changes; empty texts and a null hotel clear.
    const cleared = (await patch({ caption: '', id_jrn_accommodation: null })).json<JourneyImage>();
    expect(cleared).toMatchObject({ caption: null, copyright: 'Hotel Garda', id_jrn_accommodation: null });
    expect((await call(t.app, office, { method: 'PATCH', url: '/journey/files/999999', payload: {} })).statusCode).toBe(
      404,
    );
  });

  it('moves an image to a position and renumbers the others', async () => {
    const journey = await createJourney();
    const ids: number[] = [];
    for (const name of ['a.png', 'b.png', 'c.png']) ids.push((await upload(journey, name)).json<JourneyImage>().id);
    const move = (id: number, position: number) =>
      call(t.app, office, { method: 'PATCH', url: `/journey/files/${id}`, payload: { position } });

    expect((await move(ids[2]!, 0)).json()).toMatchObject({ position: 0 });
    let order = await list(journey);
    expect(order.map((image) => image.original_name)).toEqual(['c.png', 'a.png', 'b.png']);
    expect(order.map((image) => image.position)).toEqual([0, 1, 2]);

    // Past the end is last.
    await move(ids[2]!, 99);
    order = await list(journey);
    expect(order.map((image) => [image.original_name, image.position])).toEqual([
      ['a.png', 0],
      ['b.png', 1],
      ['c.png', 2],
    ]);
    const negative = await move(ids[0]!, -1);
    expect(negative.json()).toMatchObject({ errors: [{ field: 'position', key: 'error.number' }] });
  });

  it('deletes an image with its stored file and sizes, closing the gap in the order', async () => {
    const journey = await createJourney();
    const first = (await upload(journey, 'eins.png')).json<JourneyImage>();
    const second = (await upload(journey, 'zwei.png')).json<JourneyImage>();
    const before = await counts();

    const response = await call(t.app, admin, { method: 'DELETE', url: `/journey/files/${first.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: first.id, original_name: 'eins.png' });
    expect(await counts()).toEqual({ images: before.images - 1, files: before.files - 1, bytes: before.bytes - 3 });
    expect((await call(t.app, null, { method: 'GET', url: first.thumbUrl })).statusCode).toBe(404);
    expect(await list(journey)).toMatchObject([{ id: second.id, position: 0 }]);
    expect((await call(t.app, admin, { method: 'DELETE', url: `/journey/files/${first.id}` })).statusCode).toBe(404);
  });

  it('keeps a file that a copied journey still shows until its last image goes', async () => {
    const journey = await createJourney();
    const copy = await createJourney();
    const image = (await upload(journey, 'geteilt.png')).json<JourneyImage>();
    const fileId = Number(image.url.split('/')[4]);
    // What copying a journey does: a second image row on the same stored file.
    const copied = (
      await t.ctx.db
        .insertInto('jrn_journey_image')
        .values({ id_jrn_journey: copy, id_stored_file: fileId, position: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const before = await counts();

    await call(t.app, admin, { method: 'DELETE', url: `/journey/files/${image.id}` });
    expect(await counts()).toEqual({ ...before, images: before.images - 1 });
    expect((await call(t.app, null, { method: 'GET', url: image.url })).statusCode).toBe(200);
    expect((await list(copy)).map((entry) => entry.url)).toEqual([image.url]);

    await call(t.app, admin, { method: 'DELETE', url: `/journey/files/${copied}` });
    expect(await counts()).toEqual({ images: before.images - 2, files: before.files - 1, bytes: before.bytes - 3 });
  });

  it('needs the internet rights: read to list, create or update to upload, update to edit, delete to delete', async () => {
    const journey = await createJourney();
    const image = (await upload(journey)).json<JourneyImage>();
    const readerRole = await createRoleFixture(t.ctx, `internet-reader-${nextSequence()}`, {
      access: { internet: { read: true } },
    });
    const reader = `reader-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email: reader, role: readerRole.id_roles });
    const traveller = await createLogin(t.ctx, 'traveller');

    expect((await call(t.app, reader, { method: 'GET', url: `/journey/files?journey=${journey}` })).statusCode).toBe(
      200,
    );
    expect((await upload(journey, 'x.png', {}, reader)).statusCode).toBe(403);
    expect(
      (await call(t.app, reader, { method: 'PATCH', url: `/journey/files/${image.id}`, payload: { caption: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, traveller, { method: 'GET', url: `/journey/files?journey=${journey}` })).statusCode).toBe(
      403,
    );
    expect((await call(t.app, null, { method: 'GET', url: `/journey/files?journey=${journey}` })).statusCode).toBe(401);
    // The office may edit trips but not delete (its role has no internet-delete).
    expect((await call(t.app, office, { method: 'DELETE', url: `/journey/files/${image.id}` })).statusCode).toBe(403);
    expect((await call(t.app, admin, { method: 'DELETE', url: `/journey/files/${image.id}` })).statusCode).toBe(200);
    expect((await call(t.app, office, { method: 'GET', url: '/journey/files?journey=999999' })).statusCode).toBe(404);
  });
});
