import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createAgencyFixture, createCustomerFixture } from '../../seed/factories.ts';

/**
 * Two agencies, each with its own customers: every agency-facing call refuses the other agency's records —
 * by id, by search, by filter — and an agency user without an agency sees nothing (spec §6).
 */
describe('agencies are sealed off from each other', () => {
  let t: TestApp;
  let agencyA: number;
  let agencyB: number;
  let agencyAName: string;
  let customerOfA: number;
  let customerOfB: number;
  const as = { admin: '', office: '', agency: '', agency2: '', lost: '' };

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    const [a, b] = [await createAgencyFixture(t.ctx, 11), await createAgencyFixture(t.ctx, 12)];
    [agencyA, agencyB, agencyAName] = [a.id, b.id, a.name];
    as.admin = await createLogin(t.ctx, 'admin');
    as.office = await createLogin(t.ctx, 'office');
    as.agency = await createLogin(t.ctx, 'agency', { agencyId: agencyA });
    as.agency2 = await createLogin(t.ctx, 'agency', { agencyId: agencyB });
    as.lost = await createLogin(t.ctx, 'agency', { agencyId: null });
    // Enough customers of agency A to page through, and one of B.
    for (let n = 1; n <= 10; n++) await createCustomerFixture(t.ctx, 2000 + n, { agencyId: agencyA });
    await createCustomerFixture(t.ctx, 2100, { agencyId: agencyB });
    const created = await call(t.app, as.agency, {
      method: 'POST',
      url: '/customers',
      payload: {
        firstName: 'Agnes',
        surname: 'Aichinger',
        emails: [{ key: 'email-private', value: 'agnes.aichinger@example.org' }],
      },
    });
    customerOfA = created.json().id;
    const other = await call(t.app, as.agency2, {
      method: 'POST',
      url: '/customers',
      payload: {
        firstName: 'Bodo',
        surname: 'Bärwald',
        emails: [{ key: 'email-private', value: 'bodo.baerwald@example.org' }],
      },
    });
    customerOfB = other.json().id;
  });
  afterAll(() => t.close());

  it('creates customers in the creating agency, whatever the body says', async () => {
    expect((await call(t.app, as.admin, { method: 'GET', url: `/customers/${customerOfA}` })).json().agencyId).toBe(
      agencyA,
    );
    expect((await call(t.app, as.admin, { method: 'GET', url: `/customers/${customerOfB}` })).json().agencyId).toBe(
      agencyB,
    );
    const foreign = await call(t.app, as.agency, {
      method: 'POST',
      url: '/customers',
      payload: { firstName: 'Fremd', surname: 'Zuordnung', agencyId: agencyB },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('lists only the own agency’s customers, also when filtering for another agency or searching for its names', async () => {
    const own = (await call(t.app, as.agency, { method: 'GET', url: '/customers?$limit=-1' })).json();
    expect(own.total).toBeGreaterThan(0);
    expect(own.data.every((row: { agencyId: number }) => row.agencyId === agencyA)).toBe(true);
    expect((await call(t.app, as.agency, { method: 'GET', url: `/customers?agencyId=${agencyB}` })).json().total).toBe(
      0,
    );
    expect((await call(t.app, as.agency, { method: 'GET', url: '/customers?lit-search=barwald' })).json().total).toBe(
      0,
    );
    expect((await call(t.app, as.agency, { method: 'GET', url: `/customers?id=${customerOfB}` })).json().total).toBe(0);
    expect(
      (
        await call(t.app, as.agency, {
          method: 'GET',
          url: `/customers?agencyId[$in][]=${agencyA}&agencyId[$in][]=${agencyB}&$limit=-1`,
        })
      )
        .json()
        .data.every((row: { agencyId: number }) => row.agencyId === agencyA),
    ).toBe(true);
  });

  it('refuses the other agency’s customer by id: read, update, card update, delete (404, nothing changed)', async () => {
    expect((await call(t.app, as.agency, { method: 'GET', url: `/customers/${customerOfB}` })).statusCode).toBe(404);
    expect(
      (
        await call(t.app, as.agency, {
          method: 'PATCH',
          url: `/customers/${customerOfB}`,
          payload: { city: 'Gestohlen' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, as.agency, { method: 'PATCH', url: `/vc_card/${customerOfB}`, payload: { ratio_id: '666' } }))
        .statusCode,
    ).toBe(404);
    expect([403, 404]).toContain(
      (await call(t.app, as.agency, { method: 'DELETE', url: `/customers/${customerOfB}` })).statusCode,
    );
    const untouched = (await call(t.app, as.admin, { method: 'GET', url: `/customers/${customerOfB}` })).json();
    expect(untouched).toMatchObject({ city: null, ratio_id: null, surname: 'Bärwald' });
  });

  it('lets an agency change its own customers but not move them to another agency', async () => {
    const ok = await call(t.app, as.agency, {
      method: 'PATCH',
      url: `/customers/${customerOfA}`,
      payload: { city: 'Kempten' },
    });
    expect(ok.json().city).toBe('Kempten');
    const move = await call(t.app, as.agency, {
      method: 'PATCH',
      url: `/customers/${customerOfA}`,
      payload: { agencyId: agencyB },
    });
    expect(move.statusCode).toBe(403);
  });

  it('answers the ratio agency customers call only for the own agency', async () => {
    const own = await call(t.app, as.agency, {
      method: 'GET',
      url: `/ratio/api/agencies/?getCustomersFor=${agencyA}&limit=150&offset=0`,
    });
    expect(own.statusCode).toBe(200);
    const body = own.json();
    expect(body.limit).toBe(150);
    expect(body.data.some((row: { id: number }) => row.id === customerOfA)).toBe(true);
    expect(Object.keys(body.data[0]).sort()).toEqual([
      'anrede',
      'bearbeitet',
      'email',
      'erfasst_am',
      'geburtstag',
      'id',
      'kennziffer',
      'nachname',
      'name',
      'ort',
      'pass_gueltig_bis',
      'plz',
      'strasse',
      'telefon',
      'vorname',
    ]);
    expect(body.data[0]).toMatchObject({
      kennziffer: expect.any(String),
      bearbeitet: expect.any(String),
      erfasst_am: expect.any(String),
    });
    expect(body.data.some((row: { id: number }) => row.id === customerOfB)).toBe(false);
    expect(
      (await call(t.app, as.agency, { method: 'GET', url: `/ratio/api/agencies/?getCustomersFor=${agencyB}` }))
        .statusCode,
    ).toBe(403);
    const paged = (
      await call(t.app, as.agency, {
        method: 'GET',
        url: `/ratio/api/agencies/?getCustomersFor=${agencyA}&limit=5&offset=5`,
      })
    ).json();
    expect(paged).toMatchObject({ limit: 5, offset: 5, total: body.total });
    expect(paged.data).toHaveLength(5);
    const staff = await call(t.app, as.office, {
      method: 'GET',
      url: `/ratio/api/agencies/?getCustomersFor=${agencyB}`,
    });
    expect(staff.json().data.some((row: { id: number }) => row.id === customerOfB)).toBe(true);
  });

  it('shows an agency its own organization only', async () => {
    expect((await call(t.app, as.agency, { method: 'GET', url: `/organization/${agencyA}` })).json().name).toBe(
      agencyAName,
    );
    expect((await call(t.app, as.agency, { method: 'GET', url: `/organization/${agencyB}` })).statusCode).toBe(404);
    expect((await call(t.app, as.agency, { method: 'GET', url: '/organization' })).statusCode).toBe(403);
    expect(
      (await call(t.app, as.agency, { method: 'PATCH', url: `/organization/${agencyB}`, payload: { city: 'Xanten' } }))
        .statusCode,
    ).toBe(404);
    const own = await call(t.app, as.agency, {
      method: 'PATCH',
      url: `/organization/${agencyA}`,
      payload: { city: 'Kempten (Allgäu)' },
    });
    expect(own.json().city).toBe('Kempten (Allgäu)');
    expect(
      (
        await call(t.app, as.agency, {
          method: 'PATCH',
          url: `/organization/${agencyA}`,
          payload: { name: 'Umbenannt' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(t.app, as.agency, { method: 'DELETE', url: `/organization/${agencyA}` })).statusCode).toBe(403);
  });

  it('gives an agency user without an agency nothing at all', async () => {
    expect((await call(t.app, as.lost, { method: 'GET', url: '/customers' })).json().total).toBe(0);
    expect((await call(t.app, as.lost, { method: 'GET', url: `/customers/${customerOfA}` })).statusCode).toBe(404);
    expect(
      (
        await call(t.app, as.lost, {
          method: 'POST',
          url: '/customers',
          payload: { firstName: 'Nie', surname: 'Mand' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, as.lost, {
          method: 'GET',
          url: `/ratio/api/agencies/?getCustomersFor=${agencyA}`,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(t.app, as.lost, { method: 'GET', url: `/organization/${agencyA}` })).statusCode).toBe(404);
  });
});
