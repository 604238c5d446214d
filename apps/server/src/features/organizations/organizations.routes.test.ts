import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCreateOrganizationBody } from '@tourdesk/contracts';
import { buildTestApp, call, countStatements, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createAgencyFixture, createCustomerFixture } from '../../seed/factories.ts';
import { createOrganization } from './organizations.service.ts';

/** Two agencies made here: the first with one agency user and three customers. */
describe('organizations and agencies', () => {
  let t: TestApp;
  let agencyLogin: string;
  const as = { admin: '', office: '', traveller: '' };
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['admin', 'office', 'traveller'] as const) as[role] = await createLogin(t.ctx, role);
    const first = await createAgencyFixture(t.ctx, 21, {
      name: 'Reisebüro Sonnenschein GmbH',
      city: 'Kempten',
      zip: '87435',
      phones: [{ key: 'phone-business', value: '+49 831 5551230' }],
    });
    await createAgencyFixture(t.ctx, 22, { name: 'Reiseland Nord Touristik', city: 'Kiel', zip: '24103' });
    agencyLogin = await createLogin(t.ctx, 'agency', { agencyId: first.id });
    for (let n = 1; n <= 3; n++) await createCustomerFixture(t.ctx, 2200 + n, { agencyId: first.id });
  });
  afterAll(() => t.close());

  it('lists agencies 25 at a time with their user and customer counts, searchable by name and id', async () => {
    const page = (await call(t.app, as.admin, { method: 'GET', url: '/organization' })).json();
    expect(page.limit).toBe(25);
    expect(page.data.map((row: { name: string }) => row.name)).toEqual([
      'Reisebüro Sonnenschein GmbH',
      'Reiseland Nord Touristik',
    ]);
    expect(page.data[0]).toMatchObject({
      type: 1,
      city: 'Kempten',
      userCount: 1,
      customerCount: 3,
      phone: '+49 831 5551230',
    });
    const byName = (await call(t.app, as.admin, { method: 'GET', url: '/organization?lit-search=reiseburo' })).json();
    expect(byName.data.map((row: { name: string }) => row.name)).toEqual(['Reisebüro Sonnenschein GmbH']);
    const id = page.data[1].id;
    const byId = (await call(t.app, as.admin, { method: 'GET', url: `/organization?lit-search=${id}` })).json();
    expect(byId.data.map((row: { id: number }) => row.id)).toContain(id);
  });

  it('answers /organization-all and /organization/find for pickers', async () => {
    const all = (await call(t.app, as.office, { method: 'GET', url: '/organization-all?type=1' })).json();
    expect(all.map((row: { name: string }) => row.name)).toEqual([
      'Reisebüro Sonnenschein GmbH',
      'Reiseland Nord Touristik',
    ]);
    const found = (await call(t.app, as.office, { method: 'GET', url: '/organization/find?q=nord' })).json();
    expect(found).toEqual([{ id: all[1].id, name: 'Reiseland Nord Touristik', type: 1 }]);
    expect((await call(t.app, as.office, { method: 'GET', url: '/organization-all?type=x' })).statusCode).toBe(400);
  });

  it('creates, updates and deletes an agency; validation names its fields', async () => {
    const invalid = await call(t.app, as.admin, {
      method: 'POST',
      url: '/organization',
      payload: { name: 'A', zip: '123', emails: [{ key: 'email-business', value: 'nope' }] },
    });
    expect(
      Object.fromEntries(
        invalid.json().errors.map((error: { field: string; key: string }) => [error.field, error.key]),
      ),
    ).toEqual({
      name: 'error.min2',
      zip: 'error.zip',
      'emails.0.value': 'error.email',
    });
    const created = (
      await call(t.app, as.admin, {
        method: 'POST',
        url: '/organization',
        payload: {
          name: 'Fernweh Reisen',
          address: 'Königstraße 1',
          zip: '70173',
          city: 'Stuttgart',
          phones: [{ key: 'phone-business', value: '0711 5550' }],
        },
      })
    ).json();
    expect(created).toMatchObject({
      name: 'Fernweh Reisen',
      type: 1,
      city: 'Stuttgart',
      phone: '0711 5550',
      userCount: 0,
      customerCount: 0,
    });
    expect(created.emails).toEqual([expect.objectContaining({ key: 'email-business', value: '' })]);
    const updated = (
      await call(t.app, as.admin, {
        method: 'PATCH',
        url: `/organization/${created.id}`,
        payload: { note: 'Partner seit 2019', city: 'Esslingen' },
      })
    ).json();
    expect(updated).toMatchObject({ note: 'Partner seit 2019', city: 'Esslingen', name: 'Fernweh Reisen' });
    expect((await call(t.app, as.admin, { method: 'DELETE', url: `/organization/${created.id}` })).statusCode).toBe(
      200,
    );
    expect((await call(t.app, as.admin, { method: 'GET', url: `/organization/${created.id}` })).statusCode).toBe(404);
  });

  it('creates an agency with address and contacts in six statements and reads it once', async () => {
    const { result, statements } = await countStatements(t.ctx, (ctx) =>
      createOrganization(
        ctx,
        ZCreateOrganizationBody.parse({
          name: 'Zählreisen',
          address: 'Zählweg 1',
          zip: '70173',
          city: 'Stuttgart',
          phones: [{ key: 'phone-business', value: '0711 5551' }],
          emails: [{ key: 'email-business', value: 'zaehl@example.org' }],
        }),
      ),
    );
    // card, person, address, contact rows, organization, its search text; the organization and its rows.
    expect(statements).toHaveLength(8);
    expect(result).toMatchObject({
      name: 'Zählreisen',
      city: 'Stuttgart',
      phone: '0711 5551',
      email: 'zaehl@example.org',
    });
    const found = (await call(t.app, as.admin, { method: 'GET', url: `/organization?lit-search=zahlreisen` })).json();
    expect(found.data.map((row: { id: number }) => row.id)).toEqual([result.id]);
  });

  it('keeps an agency that still has users or customers (409)', async () => {
    const [first] = (await call(t.app, as.admin, { method: 'GET', url: '/organization-all?type=1' })).json();
    const response = await call(t.app, as.admin, { method: 'DELETE', url: `/organization/${first.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().key).toBe('error.organizationInUse');
  });

  it('links users to agencies: the agency user list and the user form field', async () => {
    const [first, second] = (await call(t.app, as.admin, { method: 'GET', url: '/organization-all?type=1' })).json();
    const users = (await call(t.app, as.admin, { method: 'GET', url: `/users-lit?agencyId=${first.id}` })).json();
    expect(users.data.map((row: { email: string }) => row.email)).toEqual([agencyLogin]);
    const agencyUser = users.data[0];
    const moved = await call(t.app, as.admin, {
      method: 'PATCH',
      url: `/users-lit/${agencyUser.id}`,
      payload: { agencyId: second.id },
    });
    expect(moved.json().vc_card.agencyId).toBe(second.id);
    const back = await call(t.app, as.admin, {
      method: 'PATCH',
      url: `/users-lit/${agencyUser.id}`,
      payload: { agencyId: first.id },
    });
    expect(back.json().agencyId).toBe(first.id);
    const unknown = await call(t.app, as.admin, {
      method: 'PATCH',
      url: `/users-lit/${agencyUser.id}`,
      payload: { agencyId: 999999 },
    });
    expect(unknown.json().errors[0]).toMatchObject({ field: 'agencyId', key: 'error.invalid' });
  });
});

describe('countries', () => {
  let t: TestApp;
  const as = { office: '', traveller: '' };
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['office', 'traveller'] as const) as[role] = await createLogin(t.ctx, role);
  });
  afterAll(() => t.close());

  it('lists every ISO country with German and English names, booking countries marked', async () => {
    const page = (await call(t.app, as.traveller, { method: 'GET', url: '/country' })).json();
    expect(page.total).toBeGreaterThanOrEqual(249);
    expect(page.data).toHaveLength(page.total);
    const germany = page.data.find((row: { iso: string }) => row.iso === 'DE');
    expect(germany).toMatchObject({
      id_loc_country: 44,
      iso3: 'DEU',
      name_de: 'Deutschland',
      name_en: 'Germany',
      bookingCountry: true,
    });
    const booking = page.data
      .filter((row: { bookingCountry: boolean }) => row.bookingCountry)
      .map((row: { iso: string }) => row.iso)
      .sort();
    expect(booking).toEqual(['AT', 'BE', 'CH', 'DE', 'IT', 'NL']);
    expect(page.data.find((row: { iso: string }) => row.iso === 'AT').name_de).toBe('Österreich');
  });

  it('restricts to ids with `countries` and selects fields with $select', async () => {
    const page = (
      await call(t.app, as.office, { method: 'GET', url: '/country?countries=44,169&$select[]=iso' })
    ).json();
    // sorted by (English) name
    expect(page.data).toEqual([
      { id_loc_country: 169, iso: 'AT' },
      { id_loc_country: 44, iso: 'DE' },
    ]);
    expect((await call(t.app, as.office, { method: 'GET', url: '/country?countries=abc' })).statusCode).toBe(400);
  });

  it('answers the short list of the settings, in its order', async () => {
    const short = (await call(t.app, as.office, { method: 'GET', url: '/country/short' })).json();
    expect(short.ids).toEqual([32, 44, 65, 129, 144, 169, 191]);
    expect(short.data.map((row: { iso: string }) => row.iso)).toEqual(['BE', 'DE', 'IT', 'LU', 'NL', 'AT', 'CH']);
  });
});
