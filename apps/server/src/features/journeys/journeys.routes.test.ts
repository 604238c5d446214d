import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Journey, UpdateJourneyBody } from '@tourdesk/contracts';
import { buildTestApp, call, countStatements, createLogin, type TestApp } from '../../../test/helpers.ts';
import { addDays, createAgencyFixture, createJourneyFixture, makeJourneyBody } from '../../seed/factories.ts';
import { addJourneyDeleteCheck, createJourney, getJourney, updateJourney } from './journeys.service.ts';

const today = new Date().toISOString().slice(0, 10);

/** Each test makes the journeys it needs (factories or the API); no demo data. */
describe('journeys', () => {
  let t: TestApp;
  const as = { office: '', admin: '', agency: '', traveller: '' };
  let n = 100;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['office', 'admin', 'agency', 'traveller'] as const) as[role] = await createLogin(t.ctx, role);
  });
  afterAll(() => t.close());

  const post = (payload: unknown) =>
    call(t.app, as.office, { method: 'POST', url: '/journey-lit', payload: payload as object });
  const patch = (id: number, payload: unknown) =>
    call(t.app, as.office, { method: 'PATCH', url: `/journey-lit/${id}`, payload: payload as object });
  const read = async (id: number): Promise<Journey> =>
    (await call(t.app, as.office, { method: 'GET', url: `/journey-lit/${id}` })).json();
  const create = async (overrides: Record<string, unknown> = {}): Promise<Journey> => {
    const response = await post(makeJourneyBody(++n, overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const fieldErrors = (response: { json: () => { errors?: Array<{ field: string; key: string }> } }) =>
    (response.json().errors ?? []).map((error) => `${error.field} ${error.key}`);

  it('creates a whole journey and reads it back the same', async () => {
    const journey = await create({ category: 24, countries: [44, 65], rating_stars: 4.5, recommendation_rate: 96 });
    expect(journey).toMatchObject({
      title: `Frühling am Gardasee ${n}`,
      code: `GAR-${n}`,
      category: 24,
      categoryName: 'Städtereise',
      countries: [44, 65],
      catalog_state: 1,
      online: false,
      rating_stars: 4.5,
      recommendation_rate: 96,
      slug: `gardasee-${n}`,
      dateCount: 2,
      detail: { title: 'Gardasee', introduction: '<p>Fünf Tage am größten See Italiens.</p>' },
    });
    expect(journey.days.map((day) => [day.day_no, day.daytitle])).toEqual([
      [1, 'Anreise'],
      [2, 'Sirmione'],
    ]);
    expect(journey.accommodations).toHaveLength(1);
    expect(journey.accommodations[0]!.roomTypes.map((room) => [room.kind, room.rooms])).toEqual([
      ['double', 18],
      ['single', 6],
    ]);
    expect(journey.extras[0]).toMatchObject({ type: 'Ausflug', price: 29, price_due: 'per_person', required: false });
    expect(journey.dates.map((date) => [date.termincode, date.date_from, date.date_till])).toEqual([
      [`GAR${n}-1`, '2027-05-03', '2027-05-07'],
      [`GAR${n}-2`, '2027-05-10', '2027-05-14'],
    ]);
    expect(journey.dates[0]!.prices.map((price) => [price.category, price.room_kind, price.amount])).toEqual([
      ['adult', 'double', 649],
      ['supplement', 'single', 120],
      ['child', null, 399.5],
    ]);
    expect(await read(journey.id)).toEqual(journey);
  });

  it('keeps euro amounts exact through cents (19.99 stays 19.99)', async () => {
    const journey = await create({
      extras: [{ type: 'Eintritt', value: 'Arena di Verona', price: 19.99 }],
      dates: [
        {
          termincode: 'M1',
          date_from: '2027-06-01',
          date_till: '2027-06-03',
          prices: [
            { description: 'Doppelzimmer', amount: 0.1 },
            { description: 'Zuschlag', amount: 0.2, additional_price: 1234.56 },
          ],
        },
      ],
    });
    expect(journey.extras[0]!.price).toBe(19.99);
    expect(journey.dates[0]!.prices.map((price) => [price.amount, price.additional_price])).toEqual([
      [0.1, 0],
      [0.2, 1234.56],
    ]);
    const stored = await t.ctx.db
      .selectFrom('jrn_date_price')
      .select(['amount_cents', 'additional_price_cents'])
      .where('id', '=', journey.dates[0]!.prices[1]!.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ amount_cents: 20, additional_price_cents: 123456 });
    const extra = await t.ctx.db
      .selectFrom('jrn_extra')
      .select('price_cents')
      .where('id', '=', journey.extras[0]!.id)
      .executeTakeFirstOrThrow();
    expect(extra.price_cents).toBe(1999);
    // Saving the read journey again changes nothing.
    const again = await patch(journey.id, { extras: journey.extras, dates: journey.dates });
    expect(again.json().extras[0].price).toBe(19.99);
    expect(again.json().dates).toEqual(journey.dates);
  });

  it('writes a whole journey with one statement per table, and an edit of one row with one more', async () => {
    const created = await countStatements(t.ctx, (ctx) => createJourney(ctx, makeJourneyBody(++n)));
    const read = await countStatements(t.ctx, (ctx) => getJourney(ctx, created.result.id));
    expect(read.statements).toHaveLength(9);
    // references and slug checks; journey, days, extras, hotel, room types, dates, prices; the answer.
    expect(created.statements).toHaveLength(2 + 7 + 9);
    const journey = created.result;
    const [first, second] = journey.days;
    const updated = await countStatements(t.ctx, (ctx) =>
      updateJourney(ctx, journey.id, {
        days: [{ ...first!, daytitle: 'Anreise über Innsbruck' }, second!, { day_no: 3, daytitle: 'Verona' }],
        dates: journey.dates as UpdateJourneyBody['dates'],
      }),
    );
    // the journey read, references, the journey row; days: delete, one update, one insert; dates: delete of
    // dropped dates and of dropped prices; the answer. Unchanged dates and prices are not written.
    expect(updated.statements).toHaveLength(9 + 1 + 1 + 3 + 2 + 9);
    expect(updated.result.days.map((day) => day.daytitle)).toEqual(['Anreise über Innsbruck', 'Sirmione', 'Verona']);
  });

  it('replaces collections: a sent day is updated, a missing one dropped, a new one added', async () => {
    const journey = await create();
    const [first, second] = journey.days;
    const response = await patch(journey.id, {
      days: [
        { id: first!.id, day_no: 1, daytitle: 'Anreise über Innsbruck', daytext: first!.daytext },
        { day_no: 3, daytitle: 'Verona', daytext: '<p>Arena</p>' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const days = response.json<Journey>().days;
    expect(days.map((day) => [day.day_no, day.daytitle])).toEqual([
      [1, 'Anreise über Innsbruck'],
      [3, 'Verona'],
    ]);
    expect(days[0]!.id).toBe(first!.id);
    expect(days.some((day) => day.id === second!.id)).toBe(false);
    // Parts that were not sent stay as they were.
    const after = await read(journey.id);
    expect(after.dates).toEqual(journey.dates);
    expect(after.accommodations).toEqual(journey.accommodations);
  });

  it('replaces hotels with their room types, and dates with their prices, keeping the ids of kept rows', async () => {
    const journey = await create();
    const hotel = journey.accommodations[0]!;
    const [double] = hotel.roomTypes;
    const [date1, date2] = journey.dates;
    const response = await patch(journey.id, {
      accommodations: [
        {
          ...hotel,
          name: 'Hotel Bella Riva & Spa',
          roomTypes: [
            { ...double!, rooms: 20 },
            { kind: 'triple', rooms: 2 },
          ],
        },
        { name: 'Hotel Verona', roomTypes: [{ kind: 'double', rooms: 10 }] },
      ],
      dates: [
        { ...date2!, termincode: 'NEU-2', prices: [{ ...date2!.prices[0]!, amount: 699 }] },
        {
          termincode: 'NEU-3',
          date_from: '2027-09-01',
          date_till: '2027-09-05',
          prices: [{ description: 'DZ', amount: 599 }],
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<Journey>();
    expect(saved.accommodations.map((row) => row.name)).toEqual(['Hotel Bella Riva & Spa', 'Hotel Verona']);
    expect(saved.accommodations[0]!.id).toBe(hotel.id);
    expect(saved.accommodations[0]!.roomTypes.map((room) => [room.id === double!.id, room.kind, room.rooms])).toEqual([
      [true, 'double', 20],
      [false, 'triple', 2],
    ]);
    expect(saved.accommodations[1]!.roomTypes).toHaveLength(1);
    expect(
      saved.dates.map((date) => [date.termincode, date.nr === date2!.nr, date.prices.map((p) => p.amount)]),
    ).toEqual([
      ['NEU-2', true, [699]],
      ['NEU-3', false, [599]],
    ]);
    expect(saved.dates.some((date) => date.nr === date1!.nr)).toBe(false);
    expect(saved.dateCount).toBe(2);
    // Nothing of the dropped date is left behind.
    const orphans = await t.ctx.db
      .selectFrom('jrn_date_price')
      .select('id')
      .where('id_jrn_date', '=', date1!.nr)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('stores the most dates and prices the contract allows', async () => {
    const prices = Array.from({ length: 30 }, (_, index) => ({
      description: `Preis ${index + 1}`,
      amount: 100 + index,
    }));
    const dates = Array.from({ length: 400 }, (_, index) => ({
      termincode: `T${index}`,
      date_from: addDays('2027-01-01', index),
      date_till: addDays('2027-01-01', index + 2),
      prices,
    }));
    const created = await createJourney(t.ctx, makeJourneyBody(++n, { dates }));
    expect(created.dateCount).toBe(400);
    expect(created.dates[399]!.prices.map((price) => price.amount)).toEqual(prices.map((price) => price.amount));
  });

  it('lets two dates swap their codes in one save', async () => {
    const journey = await create();
    const [a, b] = journey.dates;
    const response = await patch(journey.id, {
      dates: [
        { ...a!, termincode: b!.termincode },
        { ...b!, termincode: a!.termincode },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Journey>().dates.map((date) => [date.nr, date.termincode])).toEqual([
      [a!.nr, b!.termincode],
      [b!.nr, a!.termincode],
    ]);
  });

  it('refuses a row id that belongs to another journey', async () => {
    const other = await create();
    const journey = await create();
    const response = await patch(journey.id, { days: [{ id: other.days[0]!.id, day_no: 1, daytitle: 'Fremd' }] });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual(['days.0.id error.invalid']);
    const dates = await patch(journey.id, { dates: [{ ...journey.dates[0]!, prices: other.dates[0]!.prices }] });
    expect(fieldErrors(dates)).toEqual(['dates.0.prices.0.id error.invalid']);
    expect((await read(other.id)).days).toEqual(other.days);
  });

  it('checks the date rules with keys at the fields', async () => {
    const body = (dates: unknown[]) => ({ ...makeJourneyBody(++n), dates });
    const tillBeforeFrom = await post(body([{ termincode: 'A', date_from: '2027-05-10', date_till: '2027-05-09' }]));
    expect(tillBeforeFrom.statusCode).toBe(400);
    expect(fieldErrors(tillBeforeFrom)).toEqual(['dates.0.date_till error.dateTillBeforeFrom']);
    const fifteenDays = await post(body([{ termincode: 'A', date_from: '2027-05-01', date_till: '2027-05-15' }]));
    expect(fieldErrors(fifteenDays)).toEqual(['dates.0.date_till error.journeyDuration']);
    const fourteen = await post(body([{ termincode: 'A', date_from: '2027-05-01', date_till: '2027-05-14' }]));
    expect(fourteen.statusCode).toBe(201);
    const duplicate = await post(
      body([
        { termincode: 'A', date_from: '2027-05-01', date_till: '2027-05-02' },
        { termincode: 'B', date_from: '2027-05-03', date_till: '2027-05-04' },
        { termincode: 'a', date_from: '2027-05-05', date_till: '2027-05-06' },
      ]),
    );
    expect(fieldErrors(duplicate)).toEqual(['dates.2.termincode error.termincodeExists']);
    const price = await post(
      body([
        {
          termincode: 'A',
          date_from: '2027-05-01',
          date_till: '2027-05-02',
          prices: [{ description: 'DZ', amount: -1 }],
        },
      ]),
    );
    expect(fieldErrors(price)).toEqual(['dates.0.prices.0.amount error.float']);
  });

  it('keeps slugs unique', async () => {
    const first = await create({ slug: 'rom-fuer-geniesser' });
    const clash = await post(makeJourneyBody(++n, { slug: 'rom-fuer-geniesser' }));
    expect(clash.statusCode).toBe(400);
    expect(fieldErrors(clash)).toEqual(['slug error.slugExists']);
    const other = await create();
    const update = await patch(other.id, { slug: 'rom-fuer-geniesser' });
    expect(fieldErrors(update)).toEqual(['slug error.slugExists']);
    // Its own slug is no clash.
    expect((await patch(first.id, { slug: 'rom-fuer-geniesser', title: 'Rom für Genießer' })).statusCode).toBe(200);
    expect(fieldErrors(await post(makeJourneyBody(++n, { slug: 'Nicht gültig!' })))).toEqual(['slug error.invalid']);
  });

  it('answers 400 at the field for ids of records that do not exist, never a 500', async () => {
    for (const [field, value] of [
      ['category', 999],
      ['destination', 999],
      ['organization', 999_999],
    ] as const) {
      const response = await post(makeJourneyBody(++n, { [field]: value }));
      expect(response.statusCode, field).toBe(400);
      expect(fieldErrors(response)).toEqual([`${field} error.invalid`]);
    }
    const stop = await post(
      makeJourneyBody(++n, { stops: [{ id_zus_zustiege: 999_999, direction: 'outbound', time: '06:30' }] }),
    );
    expect(fieldErrors(stop)).toEqual(['stops.0.id_zus_zustiege error.invalid']);
    const country = await post(makeJourneyBody(++n, { countries: [44, 999_999] }));
    expect(fieldErrors(country)).toEqual(['countries.1 error.invalid']);
    // Ids beyond the integer range are no database error either.
    const huge = await post(
      makeJourneyBody(++n, {
        countries: [2_147_483_648],
        stops: [{ id_zus_zustiege: 2_147_483_648, direction: 'outbound' }],
      }),
    );
    expect(huge.statusCode).toBe(400);
    expect(fieldErrors(huge)).toEqual(['countries.0 error.invalid']);
    const journey = await create();
    expect(fieldErrors(await patch(journey.id, { category: 4711 }))).toEqual(['category error.invalid']);
    expect((await read(journey.id)).category).toBeNull();
  });

  it('links an organizer, and stops with their boarding point, ordered by direction and position', async () => {
    const agency = await createAgencyFixture(t.ctx, ++n);
    const points = await t.ctx.db
      .insertInto('zus_zustiege')
      .values([
        { name: 'Leipzig Hauptbahnhof', city: 'Leipzig' },
        { name: 'Dresden Neustadt', city: 'Dresden' },
      ])
      .returning('id_zus_zustiege')
      .execute();
    const [leipzig, dresden] = points.map((point) => point.id_zus_zustiege);
    const journey = await create({
      organization: agency.id,
      stops: [
        { id_zus_zustiege: dresden, direction: 'return', time: '20:15', day_offset: 4 },
        { id_zus_zustiege: dresden, direction: 'outbound', time: '05:30', surcharge: 12.5 },
        { id_zus_zustiege: leipzig, direction: 'outbound', time: '06:45' },
      ],
    });
    expect(journey.organization).toBe(agency.id);
    expect(journey.organizationName).toBe(agency.name);
    expect(
      journey.stops.map((stop) => [stop.direction, stop.position, stop.name, stop.city, stop.time, stop.surcharge]),
    ).toEqual([
      ['outbound', 0, 'Dresden Neustadt', 'Dresden', '05:30', 12.5],
      ['outbound', 1, 'Leipzig Hauptbahnhof', 'Leipzig', '06:45', 0],
      ['return', 0, 'Dresden Neustadt', 'Dresden', '20:15', 0],
    ]);
    const twice = await patch(journey.id, {
      stops: [
        { id_zus_zustiege: leipzig, direction: 'outbound' },
        { id_zus_zustiege: leipzig, direction: 'outbound' },
      ],
    });
    expect(fieldErrors(twice)).toEqual(['stops.1.id_zus_zustiege error.invalid']);
    // Two kept stops swap their boarding points.
    const [a, b] = journey.stops;
    const swapped = await patch(journey.id, {
      stops: [
        { ...a!, id_zus_zustiege: b!.id_zus_zustiege },
        { ...b!, id_zus_zustiege: a!.id_zus_zustiege },
      ],
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json<Journey>().stops.map((stop) => [stop.id, stop.name])).toEqual([
      [a!.id, 'Leipzig Hauptbahnhof'],
      [b!.id, 'Dresden Neustadt'],
    ]);
  });

  it('stores a journey of a blocked category offline', async () => {
    await t.ctx.db.updateTable('jrn_category').set({ active: false }).where('id_jrn_category', '=', 20).execute();
    const blocked = await create({ category: 20, online: true });
    expect(blocked.online).toBe(false);
    const open = await create({ category: 21, online: true });
    expect(open.online).toBe(true);
  });

  it('never stores a script, an event handler or a javascript: link in rich text', async () => {
    const journey = await create({
      detail: {
        title: 'Titel',
        introduction: '<p onclick="alert(1)">Hallo<script>alert(1)</script></p><img src=x onerror="alert(1)">',
        highlights: '<a href="javascript:alert(1)">klick</a><iframe src="https://evil.example"></iframe>',
      },
      days: [{ day_no: 1, daytitle: 'Tag 1', daytext: '<p>Text</p><script>steal()</script>' }],
      accommodations: [{ name: 'Hotel', description: '<p style="x" onmouseover="x()">Schön</p>' }],
    });
    expect(journey.detail.introduction).toBe('<p>Hallo</p>');
    expect(journey.detail.highlights).toBe('<a>klick</a>');
    expect(journey.days[0]!.daytext).toBe('<p>Text</p>');
    expect(journey.accommodations[0]!.description).toBe('<p>Schön</p>');
    const updated = await patch(journey.id, { detail: { notes: '<p>ok</p><script>x</script>' } });
    expect(updated.json<Journey>().detail).toMatchObject({ notes: '<p>ok</p>', introduction: '<p>Hallo</p>' });
    const stored = await t.ctx.db
      .selectFrom('jrn_journey')
      .select(['introduction', 'highlights', 'notes'])
      .where('id_jrn_journey', '=', journey.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toMatch(/script|onerror|onclick|javascript:/i);
  });

  it('copies everything but bookings, moving the dates, and shares nothing the copy could change', async () => {
    const original = await create({ slug: 'wien-im-advent' });
    await t.ctx.db
      .insertInto('stored_file')
      .values({ storage_key: `test/${n}.jpg`, original_name: 'stephansdom.jpg', mime_type: 'image/jpeg', size: 100 })
      .execute();
    const file = await t.ctx.db
      .selectFrom('stored_file')
      .select('id')
      .where('storage_key', '=', `test/${n}.jpg`)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('jrn_journey_image')
      .values({
        id_jrn_journey: original.id,
        id_stored_file: file.id,
        id_jrn_accommodation: original.accommodations[0]!.id,
        caption: 'Dom',
      })
      .execute();
    const before = await read(original.id);
    await create({ slug: 'wien-im-advent-2' });

    const response = await call(t.app, as.office, {
      method: 'POST',
      url: `/journey-lit/${original.id}/copy`,
      payload: { shiftDays: 364, title: 'Wien im Advent 2028' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<Journey>();
    expect(copy.id).not.toBe(original.id);
    expect(copy.title).toBe('Wien im Advent 2028');
    expect(copy.slug).toBe('wien-im-advent-3');
    expect(copy.dates.map((date) => [date.termincode, date.date_from, date.date_till])).toEqual(
      before.dates.map((date) => [date.termincode, addDays(date.date_from, 364), addDays(date.date_till, 364)]),
    );
    expect(copy.dates.map((date) => date.prices.map(({ id: _id, ...price }) => price))).toEqual(
      before.dates.map((date) => date.prices.map(({ id: _id, ...price }) => price)),
    );
    expect(copy.detail).toEqual(before.detail);
    expect(copy.days.map(({ id: _id, ...day }) => day)).toEqual(before.days.map(({ id: _id, ...day }) => day));
    expect(copy.extras.map(({ id: _id, ...extra }) => extra)).toEqual(
      before.extras.map(({ id: _id, ...extra }) => extra),
    );
    expect(copy.accommodations[0]!.roomTypes.map((room) => room.kind)).toEqual(['double', 'single']);
    expect(copy.accommodations[0]!.id).not.toBe(before.accommodations[0]!.id);
    expect(copy.images).toHaveLength(1);
    expect(copy.images[0]).toMatchObject({
      url: before.images[0]!.url,
      caption: 'Dom',
      id_jrn_accommodation: copy.accommodations[0]!.id,
    });
    expect(copy.images[0]!.id).not.toBe(before.images[0]!.id);

    // Editing every part of the copy leaves the original as it was.
    const edited = await patch(copy.id, {
      detail: { introduction: '<p>Neu</p>' },
      days: [{ id: copy.days[0]!.id, day_no: 1, daytitle: 'Geändert' }],
      accommodations: [{ ...copy.accommodations[0]!, name: 'Anderes Hotel', roomTypes: [{ kind: 'suite', rooms: 1 }] }],
      extras: [],
      dates: [{ ...copy.dates[0]!, prices: [{ ...copy.dates[0]!.prices[0]!, amount: 1 }] }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await read(original.id)).toEqual(before);

    const defaultTitle = await call(t.app, as.office, {
      method: 'POST',
      url: `/journey-lit/${original.id}/copy`,
      payload: {},
    });
    expect(defaultTitle.json()).toMatchObject({ title: `${before.title} (Kopie)`, slug: 'wien-im-advent-4' });
    expect(defaultTitle.json().dates[0].date_from).toBe(before.dates[0]!.date_from);
    const missing = await call(t.app, as.office, { method: 'POST', url: '/journey-lit/999999/copy', payload: {} });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a journey with all its parts, unless a delete check refuses', async () => {
    const journey = await create();
    const refuse = addJourneyDeleteCheck(async (_ctx, id) => (id === journey.id ? 'error.journeyHasBookings' : null));
    try {
      const refused = await call(t.app, as.admin, { method: 'DELETE', url: `/journey-lit/${journey.id}` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().key).toBe('error.journeyHasBookings');
      expect((await read(journey.id)).id).toBe(journey.id);
    } finally {
      refuse();
    }
    const deleted = await call(t.app, as.admin, { method: 'DELETE', url: `/journey-lit/${journey.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().id).toBe(journey.id);
    expect((await call(t.app, as.office, { method: 'GET', url: `/journey-lit/${journey.id}` })).statusCode).toBe(404);
    const left = await t.ctx.db.selectFrom('jrn_date').select('nr').where('id_jrn_journey', '=', journey.id).execute();
    expect(left).toEqual([]);
    expect((await call(t.app, as.admin, { method: 'DELETE', url: `/journey-lit/${journey.id}` })).statusCode).toBe(404);
  });

  describe('list', () => {
    const marker = 'Zugspitzblick';
    let ids: Record<string, number>;
    beforeAll(async () => {
      const past = addDays(today, -30);
      const soon = addDays(today, 10);
      const later = addDays(today, 40);
      const destination = await t.ctx.db
        .insertInto('jrn_destination')
        .values({ name: 'Südtirol', sort_name: 'sudtirol' })
        .returning('id_jrn_destination')
        .executeTakeFirstOrThrow();
      const make = (title: string, overrides: Record<string, unknown>) =>
        createJourneyFixture(t.ctx, ++n, { title: `${title} ${marker}`, slug: null, ...overrides });
      const ohne = await make('Ägypten', { dates: [], catalog_state: 4, bookable: 2 });
      const alpen = await make('Alpenrundfahrt', {
        firstDate: later,
        category: 27,
        online: true,
        destination: destination.id_jrn_destination,
      });
      const zell = await make('Zell am See', {
        code: 'ZELL-77',
        category: 30,
        dates: [
          { termincode: 'P', date_from: past, date_till: addDays(past, 2) },
          { termincode: 'S', date_from: soon, date_till: addDays(soon, 2) },
          { termincode: 'L', date_from: later, date_till: addDays(later, 2) },
        ],
      });
      const oesterreich = await make('Österreich', { firstDate: past, bookable: 1 });
      ids = { ohne: ohne.id, alpen: alpen.id, zell: zell.id, oesterreich: oesterreich.id };
    });

    type Row = { id: number; title: string; nextDate: string | null; dateCount: number };
    const list = async (query: string): Promise<{ total: number; data: Row[] }> => {
      const response = await call(t.app, as.office, {
        method: 'GET',
        url: `/journey-lit?lit-search=${marker}&${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const titles = (rows: Row[]) => rows.map((row) => row.title.replace(` ${marker}`, ''));

    it('sorts titles in German dictionary order and answers the next date and number of dates', async () => {
      const page = await list('');
      expect(page.total).toBe(4);
      expect(titles(page.data)).toEqual(['Ägypten', 'Alpenrundfahrt', 'Österreich', 'Zell am See']);
      const byTitle = new Map(page.data.map((row) => [row.id, row]));
      expect(byTitle.get(ids.ohne!)).toMatchObject({ nextDate: null, dateCount: 0 });
      expect(byTitle.get(ids.zell!)).toMatchObject({ nextDate: addDays(today, 10), dateCount: 3 });
      expect(byTitle.get(ids.oesterreich!)).toMatchObject({ nextDate: null, dateCount: 2 });
      expect(titles((await list('lit-sort=-title')).data)).toEqual([
        'Zell am See',
        'Österreich',
        'Alpenrundfahrt',
        'Ägypten',
      ]);
    });

    it('sorts by next date (journeys without one last) and by number of dates', async () => {
      expect(titles((await list('lit-sort=nextDate')).data).slice(0, 2)).toEqual(['Zell am See', 'Alpenrundfahrt']);
      expect(titles((await list('$sort[dateCount]=-1')).data)[0]).toBe('Zell am See');
      expect(titles((await list('lit-sort=categoryName,title')).data)).toEqual([
        'Alpenrundfahrt',
        'Zell am See',
        'Ägypten',
        'Österreich',
      ]);
    });

    it('searches title, code, category and destination, ignoring case and accents', async () => {
      const byCode = await call(t.app, as.office, { method: 'GET', url: '/journey-lit?lit-search=zell-77' });
      expect(byCode.json().data.map((row: Row) => row.id)).toEqual([ids.zell]);
      const byCategory = await call(t.app, as.office, {
        method: 'GET',
        url: `/journey-lit?lit-search=${encodeURIComponent(`winterreise ${marker}`)}`,
      });
      expect(byCategory.json().data.map((row: Row) => row.id)).toEqual([ids.zell]);
      const byDestination = await call(t.app, as.office, {
        method: 'GET',
        url: `/journey-lit?lit-search=${encodeURIComponent(`SUDTIROL ${marker.toLowerCase()}`)}`,
      });
      expect(byDestination.json().data.map((row: Row) => row.id)).toEqual([ids.alpen]);
      const byTitle = await call(t.app, as.office, {
        method: 'GET',
        url: `/journey-lit?lit-search=osterreich%20${marker}`,
      });
      expect(byTitle.json().data.map((row: Row) => row.id)).toEqual([ids.oesterreich]);
    });

    it('filters by category, catalog state, bookable status and online', async () => {
      expect((await list('category=30')).data.map((row) => row.id)).toEqual([ids.zell]);
      expect((await list('category[$in][]=30&category[$in][]=27')).data.map((row) => row.id).sort()).toEqual(
        [ids.zell, ids.alpen].sort(),
      );
      expect((await list('catalog_state=4')).data.map((row) => row.id)).toEqual([ids.ohne]);
      expect((await list('bookable=1')).data.map((row) => row.id)).toEqual([ids.oesterreich]);
      expect((await list('online=true')).data.map((row) => row.id)).toEqual([ids.alpen]);
      const all = await call(t.app, as.office, {
        method: 'GET',
        url: `/journey-lit?pagination=false&lit-search=${marker}&$select[]=title`,
      });
      expect(all.json()).toHaveLength(4);
      expect(Object.keys(all.json()[0]).sort()).toEqual(['id', 'title']);
      const bad = await call(t.app, as.office, { method: 'GET', url: '/journey-lit?$sort[nope]=1' });
      expect(bad.statusCode).toBe(400);
    });
  });

  it('is for the internet rights: agency and traveller logins get 403', async () => {
    const journey = await createJourneyFixture(t.ctx, ++n);
    for (const login of [as.agency, as.traveller]) {
      for (const [method, url, payload] of [
        ['GET', '/journey-lit', undefined],
        ['GET', `/journey-lit/${journey.id}`, undefined],
        ['POST', '/journey-lit', makeJourneyBody(++n)],
        ['PATCH', `/journey-lit/${journey.id}`, { title: 'Fremd' }],
        ['DELETE', `/journey-lit/${journey.id}`, undefined],
        ['POST', `/journey-lit/${journey.id}/copy`, {}],
      ] as const) {
        const response = await call(t.app, login, { method, url, payload: payload as object | undefined });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect((await call(t.app, null, { method: 'GET', url: '/journey-lit' })).statusCode).toBe(401);
    expect((await call(t.app, as.admin, { method: 'GET', url: `/journey-lit/${journey.id}` })).statusCode).toBe(200);
    // The office role may read, create and update, but not delete.
    expect((await call(t.app, as.office, { method: 'GET', url: '/journey-lit' })).statusCode).toBe(200);
    expect((await call(t.app, as.office, { method: 'DELETE', url: `/journey-lit/${journey.id}` })).statusCode).toBe(
      403,
    );
    expect((await read(journey.id)).title).toBe(journey.title);
  });
});
