import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dinSortKey, ZCreateCustomerBody, ZUpdateCustomerBody } from '@tourdesk/contracts';
import { buildTestApp, call, countStatements, createLogin, type TestApp } from '../../../test/helpers.ts';
import {
  createAgencyFixture,
  createCustomerFixture,
  createDriverFixture,
  makeCustomerBody,
} from '../../seed/factories.ts';
import { createCustomer, updateCustomer } from './customers.service.ts';

const body = (overrides: Record<string, unknown> = {}) => ({
  salutation: 1,
  firstName: 'Gisela',
  surname: 'Brüggemann',
  address: 'Übersee-Allee 3',
  zip: '87629',
  city: 'Füssen',
  country: 'Deutschland',
  state: 'Bayern',
  birthday: '1956-03-14',
  phones: [
    { key: 'phone-private', value: '08362 555123' },
    { key: 'phone-mobile', value: '+49 171 5550199' },
  ],
  emails: [{ key: 'email-private', value: 'Gisela.Brueggemann@Example.NET' }],
  ...overrides,
});

/** Each test makes the customers it needs (factories or the API); no demo data. */
describe('customers', () => {
  let t: TestApp;
  const as = { office: '', admin: '', traveller: '', driver: '' };
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['office', 'admin', 'traveller', 'driver'] as const) as[role] = await createLogin(t.ctx, role);
  });
  afterAll(() => t.close());

  const list = (query: string) => call(t.app, as.office, { method: 'GET', url: `/customers?${query}` });
  const create = async (payload: Record<string, unknown>) => {
    const response = await call(t.app, as.office, { method: 'POST', url: '/customers', payload });
    expect(response.statusCode).toBe(201);
    return response.json();
  };

  it('creates a customer with two phones and an e-mail and reads it back', async () => {
    const created = await call(t.app, as.office, { method: 'POST', url: '/customers', payload: body() });
    expect(created.statusCode).toBe(201);
    const customer = created.json();
    expect(customer).toMatchObject({
      name: 'Brüggemann, Gisela',
      firstName: 'Gisela',
      surname: 'Brüggemann',
      address: 'Übersee-Allee 3',
      zip: '87629',
      city: 'Füssen',
      birthday: '1956-03-14',
      customerType: 'new',
      isDriver: false,
      agencyId: null,
      phone: '08362 555123',
      email: 'gisela.brueggemann@example.net',
    });
    expect(customer.phones.map((row: { key: string; value: string }) => [row.key, row.value])).toEqual([
      ['phone-private', '08362 555123'],
      ['phone-mobile', '+49 171 5550199'],
    ]);
    expect(customer.phones[0]).toMatchObject({ id_vc_field_type: 2, id_vc_person: customer.id_vc_person, drop: false });
    expect(customer.emails[0]).toMatchObject({ id_vc_field_type: 1, key: 'email-private' });
    const read = await call(t.app, as.office, { method: 'GET', url: `/customers/${customer.id}` });
    expect(read.json()).toEqual(customer);
  });

  it('creates a whole customer in six statements and reads it once (two more), updates it in few', async () => {
    const created = await countStatements(t.ctx, (ctx) => createCustomer(ctx, makeCustomerBody(9001), { kind: 'all' }));
    // e-mail check; card, person, address, contact rows, search text; the customer and its contact rows.
    expect(created.statements).toHaveLength(8);
    const customer = created.result;
    const updated = await countStatements(t.ctx, (ctx) =>
      updateCustomer(
        ctx,
        customer.id,
        ZUpdateCustomerBody.parse({
          surname: 'Öztürk',
          city: 'Köln',
          phones: [
            ...customer.phones.map((row) => ({ ...row, value: `${row.value}0` })),
            { key: 'phone-fax', value: '0221 1234' },
          ],
          emails: customer.emails.map((row) => ({ ...row, value: `neu.${row.value}` })),
        }),
        { kind: 'all' },
      ),
    );
    expect(updated.result).toMatchObject({ surname: 'Öztürk', city: 'Köln', name: `Öztürk, ${customer.firstName}` });
    // read (2), e-mail check; card, person, address (find + write); contact rows: changed ones and one insert;
    // read (2).
    const changedRows = customer.phones.length + customer.emails.length;
    expect(updated.statements).toHaveLength(10 + changedRows);
    const found = await call(t.app, as.office, { method: 'GET', url: '/customers?lit-search=oztürk%20koln%200221' });
    expect(found.json().data.map((row: { id: number }) => row.id)).toEqual([customer.id]);
  });

  it('adds empty default rows when a customer has no phone or no e-mail', async () => {
    const created = (
      await call(t.app, as.office, {
        method: 'POST',
        url: '/customers',
        payload: body({ firstName: 'Ohne', surname: 'Kontakt', phones: [], emails: [] }),
      })
    ).json();
    expect(created.phones).toEqual([expect.objectContaining({ key: 'phone-business', value: '' })]);
    expect(created.emails).toEqual([expect.objectContaining({ key: 'email-business', value: '' })]);
    expect(created.phone).toBeNull();
    const onlyPhone = (
      await call(t.app, as.office, {
        method: 'POST',
        url: '/customers',
        payload: body({ firstName: 'Nur', surname: 'Telefon', emails: [] }),
      })
    ).json();
    expect(onlyPhone.phones).toHaveLength(2);
    expect(onlyPhone.emails).toEqual([expect.objectContaining({ key: 'email-business', value: '' })]);
  });

  it('updates contact rows: keeps rows by id, adds new ones, drops marked and omitted ones', async () => {
    const customer = await create(
      body({ firstName: 'Rosa', surname: 'Rührig', emails: [{ key: 'email-private', value: 'rosa@example.net' }] }),
    );
    const [privatePhone, mobile] = customer.phones;
    const response = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/customers/${customer.id}`,
      payload: {
        phones: [
          { id_vc_field: privatePhone.id_vc_field, key: 'phone-business', value: '08362 555000' },
          { id_vc_field: mobile.id_vc_field, key: 'phone-mobile', value: mobile.value, drop: true },
          { key: 'phone-fax', value: '08362 555001' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated.phones.map((row: { key: string; value: string }) => [row.key, row.value])).toEqual([
      ['phone-business', '08362 555000'],
      ['phone-fax', '08362 555001'],
    ]);
    expect(updated.phones[0].id_vc_field).toBe(privatePhone.id_vc_field);
    expect(updated.emails).toEqual(customer.emails);
    // The search follows the contact rows.
    expect((await list('lit-search=555001')).json().data.map((row: { id: number }) => row.id)).toEqual([customer.id]);
    expect((await list('lit-search=5550199%20rosa')).json().total).toBe(0);
  });

  it('refuses a contact row of another person', async () => {
    const first = await createCustomerFixture(t.ctx, 101);
    const second = await createCustomerFixture(t.ctx, 102);
    const response = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/customers/${first.id}`,
      payload: { phones: [{ id_vc_field: second.phones[0]!.id_vc_field, key: 'phone-mobile', value: '1' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field: 'phones.0.id_vc_field', key: 'error.invalid' });
  });

  it('validates with field keys and saves nothing (spec §5)', async () => {
    const before = (await list('')).json().total;
    const response = await call(t.app, as.office, {
      method: 'POST',
      url: '/customers',
      payload: body({
        firstName: 'G',
        surname: '',
        zip: '8762',
        city: 'F',
        emails: [{ key: 'email-private', value: 'kein-mail' }],
        phones: [{ key: 'phone-satellite', value: '1' }],
      }),
    });
    expect(response.statusCode).toBe(400);
    const errors = Object.fromEntries(
      response.json().errors.map((error: { field: string; key: string }) => [error.field, error.key]),
    );
    expect(errors).toEqual({
      firstName: 'error.min2',
      surname: 'error.empty',
      zip: 'error.zip',
      city: 'error.min2',
      'emails.0.value': 'error.email',
      'phones.0.key': 'error.invalid',
    });
    expect((await list('')).json().total).toBe(before);
  });

  it('refuses an e-mail another customer already has, with its message, and writes nothing', async () => {
    await create(body({ emails: [{ key: 'email-private', value: 'vergeben@example.net' }] }));
    const before = (await list('')).json().total;
    const response = await call(t.app, as.office, {
      method: 'POST',
      url: '/customers',
      payload: body({
        firstName: 'Zweite',
        surname: 'Gisela',
        emails: [{ key: 'email-business', value: 'Vergeben@example.net' }],
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        field: 'emails.0.value',
        key: 'error.emailExists',
        message: 'This e-mail address already exists in this list.',
      },
    ]);
    expect((await list('')).json().total).toBe(before);
  });

  describe('list', () => {
    let agencyId: number;
    let gudrun: { id: number };
    beforeAll(async () => {
      agencyId = (await createAgencyFixture(t.ctx, 1)).id;
      for (let n = 1; n <= 24; n++) {
        await createCustomerFixture(t.ctx, 1000 + n, {
          ratio_id: String(200000 + n),
          ...(n % 6 === 0 ? { agencyId } : {}),
          ...(n % 4 === 0 ? { city: 'München', zip: '80331' } : {}),
        });
      }
      gudrun = await createCustomer(
        t.ctx,
        ZCreateCustomerBody.parse(
          body({
            firstName: 'Gudrun',
            emails: [{ key: 'email-private', value: 'g.brueggemann@example.org' }],
            phones: [],
          }),
        ),
        { kind: 'all' },
      );
      await call(t.app, as.office, {
        method: 'PATCH',
        url: `/customers/${gudrun.id}`,
        payload: { phones: [{ key: 'phone-business', value: '08362 555999' }] },
      });
    });

    it('pages, counts and sorts by name', async () => {
      const page = (await list('$limit=20')).json();
      expect(page.total).toBeGreaterThanOrEqual(25);
      expect(page.data).toHaveLength(20);
      const names = page.data.map((row: { name: string }) => row.name);
      // German dictionary order (DIN 5007): "Öztürk" between "Ochs" and "Otto", not after "Zimmermann".
      const key = dinSortKey;
      expect(names).toEqual([...names].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
      const second = (await list('$limit=20&$skip=20')).json();
      expect(second.data[0].id).not.toBe(page.data[0].id);
    });

    it.each([
      ['gudrun bruggemann', 1],
      ['BRÜGGE gudrun', 1],
      ['füssen gudrun brugg', 1],
      ['ubersee-allee 3 gudrun', 1],
      ['g.brueggemann@example', 1],
      ['08362 555999', 1],
      ['bruggemann', null],
    ])('searches names, address, e-mails, phones and numbers accent-insensitively: %s', async (query, total) => {
      const page = (await list(`lit-search=${encodeURIComponent(query)}&$limit=-1`)).json();
      if (total !== null) expect(page.total).toBe(total);
      expect(page.data.some((row: { id: number }) => row.id === gudrun.id)).toBe(true);
      expect(page.data.every((row: { surname: string; address: string }) => /ü/.test(row.surname + row.address))).toBe(
        true,
      );
    });

    it('finds a customer by its ratio number and by its id', async () => {
      const byRatio = (await list('lit-search=200012')).json();
      expect(byRatio.data.map((row: { ratio_id: string }) => row.ratio_id)).toEqual(['200012']);
      const id = byRatio.data[0].id;
      expect((await list(`id=${id}`)).json().data[0].id).toBe(id);
    });

    it('filters new and regular customers, by city and by agency', async () => {
      const regular = (await list('customerType=regular&$limit=-1')).json();
      expect(regular.data.length).toBeGreaterThan(0);
      expect(regular.data.every((row: { customerType: string }) => row.customerType === 'regular')).toBe(true);
      const newOnes = (await list('customerType=new&$limit=1')).json();
      expect(regular.total + newOnes.total).toBe((await list('')).json().total);
      const munich = (await list('city=M%C3%BCnchen&$limit=-1')).json();
      expect(munich.total).toBeGreaterThanOrEqual(6);
      expect(munich.total).toBe(munich.data.length);
      expect(munich.data.every((row: { city: string }) => row.city === 'München')).toBe(true);
      const ofAgency = (await list(`agencyId=${agencyId}&$limit=-1`)).json();
      expect(ofAgency.total).toBe(4);
    });

    it('lists drivers only with driversOnly', async () => {
      const drivers = await Promise.all([
        createDriverFixture(t.ctx, 1101, { surname: 'Bäumer' }),
        createDriverFixture(t.ctx, 1102, { surname: 'Öztürk' }),
      ]);
      const listed = (await list('driversOnly=true&$limit=-1')).json().data;
      expect(listed.map((row: { id: number }) => row.id)).toEqual(
        expect.arrayContaining(drivers.map((driver) => driver.customer.id)),
      );
      expect(listed.some((row: { id: number }) => row.id === gudrun.id)).toBe(false);
      expect(listed.every((row: { isDriver: boolean }) => row.isDriver)).toBe(true);
    });

    it('answers bad parameters with 400 and a key', async () => {
      for (const query of ['$limit=abc', '$sort[password]=1', 'driversOnly=maybe', 'customerType[$gt]=a']) {
        const response = await list(query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().key, query).toMatch(/^error\./);
      }
    });
  });

  it('updates the card with PATCH /vc_card/{id}', async () => {
    const customer = await createCustomerFixture(t.ctx, 103);
    const response = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/vc_card/${customer.id}`,
      payload: { ratio_id: '300777', kuschick_id: 'K-77' },
    });
    expect(response.json()).toMatchObject({ id_vc_card: customer.id, ratio_id: '300777', kuschick_id: 'K-77' });
    expect((await list('lit-search=300777')).json().data[0].id).toBe(customer.id);
  });

  it('deletes a customer with its person, address and contact rows', async () => {
    const customer = await createCustomerFixture(t.ctx, 104);
    const response = await call(t.app, as.office, { method: 'DELETE', url: `/customers/${customer.id}` });
    // office has no delete right
    expect(response.statusCode).toBe(403);
    const deleted = await call(t.app, as.admin, { method: 'DELETE', url: `/customers/${customer.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, as.admin, { method: 'GET', url: `/customers/${customer.id}` })).statusCode).toBe(404);
    const rows = await t.ctx.db
      .selectFrom('vc_person')
      .select('id_vc_person')
      .where('id_vc_card', '=', customer.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses to delete a customer that still has a login (a driver), saying why', async () => {
    const driver = (await createDriverFixture(t.ctx, 105)).customer;
    const response = await call(t.app, as.admin, { method: 'DELETE', url: `/customers/${driver.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ key: 'error.customerHasAccount' });
    expect((await call(t.app, as.admin, { method: 'GET', url: `/customers/${driver.id}` })).statusCode).toBe(200);
  });

  it('needs a login and a customers or agency right', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/customers' })).statusCode).toBe(401);
    expect((await call(t.app, as.traveller, { method: 'GET', url: '/customers' })).statusCode).toBe(403);
    expect((await call(t.app, as.driver, { method: 'POST', url: '/customers', payload: body() })).statusCode).toBe(403);
  });
});
