import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INSURANCE_PRODUCTS, type Booking, type InsuranceAnswer } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { createAgencyFixture, nextSequence } from '../../seed/factories.ts';
import { encodeSettingValue } from '../settings/settings.service.ts';

// The fixture's dates start 2027-05-03 with an adult price of 649 € (RRV band up to 1000 €: 35 €, × 1.5 from 65).
const booker = { firstName: 'Otto', surname: 'Brandt', email: 'otto.brandt@example.com' };

describe('travel insurance: offers and the insurance price line', () => {
  let t: TestApp;
  let office = '';
  let fixture: DepartureFixture;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    fixture = await createDepartureFixture(t.ctx, nextSequence());
  });
  afterAll(() => t.close());

  const offers = (query: string, as = office) => call(t.app, as, { method: 'GET', url: `/insurances/ergo?${query}` });
  const book = (teilnehmer: Array<Record<string, unknown>>) =>
    call(t.app, office, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: { termin: fixture.nr, type: 'option', buchender: booker, teilnehmer },
    });
  const insuranceLines = (booking: Booking) => booking.priceLines.filter((line) => line.kind === 'insurance');

  it('offers premiums per traveller by price band and age on the departure day', async () => {
    const response = await offers(
      `termin=${fixture.nr}&traveller=649|1960-05-03&traveller=649|1962-05-04&traveller=450`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<InsuranceAnswer>();
    expect(answer.status).toBe('ok');
    expect(answer.data.map((offer) => offer.code)).toEqual(['RRV', 'RSS']);
    const rrv = answer.data[0]!;
    expect(rrv.name).toBe('Reiserücktrittsversicherung');
    // 67 on 2027-05-03 (birthday that day): × 1.5; 64 the day before the 65th: no factor; no birthday: no factor
    expect(rrv.premiums).toEqual([
      { teilnehmerNr: null, price: 649, age: 67, premium: 52.5 },
      { teilnehmerNr: null, price: 649, age: 64, premium: 35 },
      { teilnehmerNr: null, price: 450, age: null, premium: 19 },
    ]);
    expect(rrv.total).toBe(106.5);
    // a band's upper price is included; above every band the product is not offered
    const edge = (await offers('traveller=500&lang=en')).json<InsuranceAnswer>();
    expect(edge.data[0]).toMatchObject({ name: 'Trip cancellation insurance', total: 19 });
    expect((await offers('traveller=5000.01')).json<InsuranceAnswer>().data).toEqual([]);
  });

  it('400 for bad or missing questions, an unknown date, and without the right', async () => {
    const empty = await offers('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ field: 'vorgangnr', key: 'error.empty' });
    const bad = await offers('traveller=12,50');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].key).toBe('error.invalidQuery');
    const unknownDate = await offers('termin=999999&traveller=100');
    expect(unknownDate.statusCode).toBe(400);
    expect(unknownDate.json().errors[0]).toMatchObject({ field: 'termin', key: 'error.notFound' });
    const traveller = await createLogin(t.ctx, 'traveller');
    expect((await offers('traveller=100', traveller)).statusCode).toBe(403);
  });

  it('a chosen product is a price line of kind insurance; the total adds up; changing it reprices', async () => {
    const response = await book([
      { name: 'Brandt', geburtstag: '1958-01-01', insurance: 'RRV' },
      { name: 'Brandt', geburtstag: '1990-01-01', insurance: 'RSS' },
      { name: 'Brandt', insurance: '' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json<Booking>();
    expect(booking.teilnehmer.map((participant) => participant.insurance)).toEqual(['RRV', 'RSS', null]);
    expect(insuranceLines(booking)).toEqual([
      {
        kind: 'insurance',
        description: 'Reiserücktrittsversicherung – Brandt',
        amount: 52.5,
        teilnehmerNr: booking.teilnehmer[0]!.nr,
      },
      {
        kind: 'insurance',
        description: 'RundumSorglos-Schutz (Rücktritt, Abbruch, Krankheit, Gepäck) – Brandt',
        amount: 55,
        teilnehmerNr: booking.teilnehmer[1]!.nr,
      },
    ]);
    expect(booking.price).toBe(3 * 649 + 52.5 + 55);
    expect(booking.price).toBe(booking.priceLines.reduce((sum, line) => sum + line.amount, 0));

    // the offers for the stored booking use its participants and prices
    const stored = (await offers(`vorgangnr=${booking.id}`)).json<InsuranceAnswer>();
    expect(stored.data[0]!.premiums.map((premium) => [premium.teilnehmerNr, premium.premium])).toEqual(
      booking.teilnehmer.map((participant, index) => [participant.nr, index === 0 ? 52.5 : 35]),
    );

    // dropping one insurance removes its line
    const put = await call(t.app, office, {
      method: 'PUT',
      url: `/ratio/api/booking/${booking.id}`,
      payload: {
        termin: fixture.nr,
        teilnehmer: booking.teilnehmer.map((participant, index) => ({
          nr: participant.nr,
          name: participant.name,
          geburtstag: participant.geburtstag,
          insurance: index === 0 ? null : participant.insurance,
        })),
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const changed = put.json<Booking>();
    expect(insuranceLines(changed).map((line) => line.amount)).toEqual([55]);
    expect(changed.price).toBe(3 * 649 + 55);
  });

  it('an unknown product is refused at its field (400 error.insuranceUnknown) and nothing is stored', async () => {
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('booking')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const response = await book([{ name: 'Brandt' }, { name: 'Brandt', insurance: 'XYZ' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field: 'teilnehmer.1.insurance', key: 'error.insuranceUnknown' });
    expect(await count()).toBe(before);
  });

  it('a product whose bands do not reach the trip price: 409 error.insuranceUnknown, nothing stored', async () => {
    const small = [{ ...DEFAULT_INSURANCE_PRODUCTS[0]!, bands: [{ upToPrice: 500, premium: 19 }] }];
    await t.ctx.db
      .updateTable('sys_settings')
      .set({ value: encodeSettingValue(small) })
      .where('key', '=', 'INSURANCE_PRODUCTS')
      .execute();
    const held = async () =>
      (await t.ctx.db.selectFrom('quota').select('held').where('id_jrn_date', '=', fixture.nr).execute()).reduce(
        (sum, row) => sum + row.held,
        0,
      );
    try {
      const before = await held();
      const response = await book([{ name: 'Brandt', insurance: 'RRV' }]);
      expect(response.statusCode).toBe(409);
      expect(response.json().key).toBe('error.insuranceUnknown');
      expect(await held()).toBe(before);
      // RSS is gone from the setting: an unknown code now
      const gone = await book([{ name: 'Brandt', insurance: 'RSS' }]);
      expect(gone.statusCode).toBe(400);
      expect(await held()).toBe(before);
    } finally {
      await t.ctx.db
        .updateTable('sys_settings')
        .set({ value: encodeSettingValue(DEFAULT_INSURANCE_PRODUCTS) })
        .where('key', '=', 'INSURANCE_PRODUCTS')
        .execute();
    }
  });

  it('agency users ask only about their own bookings', async () => {
    const booking = (await book([{ name: 'Brandt' }])).json<Booking>();
    const agencyId = (await createAgencyFixture(t.ctx, nextSequence())).id;
    const agency = await createLogin(t.ctx, 'admin', { agencyId });
    expect((await offers(`vorgangnr=${booking.id}`, agency)).statusCode).toBe(404);
    expect((await offers(`vorgangnr=${booking.id}`)).statusCode).toBe(200);
  });
});
