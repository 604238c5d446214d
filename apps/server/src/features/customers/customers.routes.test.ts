import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dinSortKey } from '@tourdesk/contracts';
import { buildTestApp, call, type TestApp } from '../../../test/helpers.ts';
import { DEMO_CUSTOMER_COUNT } from '../../seed/demo.ts';

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

describe('customers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const list = (query: string, as = 'office') => call(t.app, as, { method: 'GET', url: `/customers?${query}` });

  it('creates a customer with two phones and an e-mail and reads it back', async () => {
    const created = await call(t.app, 'office', { method: 'POST', url: '/customers', payload: body() });
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
    const read = await call(t.app, 'office', { method: 'GET', url: `/customers/${customer.id}` });
    expect(read.json()).toEqual(customer);
  });

  it('adds empty default rows when a customer has no phone or no e-mail', async () => {
    const created = (
      await call(t.app, 'office', {
        method: 'POST',
        url: '/customers',
        payload: body({ firstName: 'Ohne', surname: 'Kontakt', phones: [], emails: [] }),
      })
    ).json();
    expect(created.phones).toEqual([expect.objectContaining({ key: 'phone-business', value: '' })]);
    expect(created.emails).toEqual([expect.objectContaining({ key: 'email-business', value: '' })]);
    expect(created.phone).toBeNull();
    const onlyPhone = (
      await call(t.app, 'office', {
        method: 'POST',
        url: '/customers',
        payload: body({ firstName: 'Nur', surname: 'Telefon', emails: [] }),
      })
    ).json();
    expect(onlyPhone.phones).toHaveLength(2);
    expect(onlyPhone.emails).toEqual([expect.objectContaining({ key: 'email-business', value: '' })]);
  });

  it('updates contact rows: keeps rows by id, adds new ones, drops marked and omitted ones', async () => {
    const customer = (await list('lit-search=gisela.brueggemann%40example.net')).json().data[0];
    const [privatePhone, mobile] = customer.phones;
    const response = await call(t.app, 'office', {
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
    expect((await list('lit-search=5550199%20gisela')).json().total).toBe(0);
  });

  it('refuses a contact row of another person', async () => {
    const [first, second] = (await list('$limit=2&$sort[id]=1')).json().data;
    const response = await call(t.app, 'office', {
      method: 'PATCH',
      url: `/customers/${first.id}`,
      payload: { phones: [{ id_vc_field: second.phones[0].id_vc_field, key: 'phone-mobile', value: '1' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field: 'phones.0.id_vc_field', key: 'error.invalid' });
  });

  it('validates with field keys and saves nothing (spec §5)', async () => {
    const before = (await list('')).json().total;
    const response = await call(t.app, 'office', {
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
    const before = (await list('')).json().total;
    const response = await call(t.app, 'office', {
      method: 'POST',
      url: '/customers',
      payload: body({
        firstName: 'Zweite',
        surname: 'Gisela',
        emails: [{ key: 'email-business', value: 'gisela.brueggemann@example.net' }],
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
    it('pages, counts and sorts by name', async () => {
      const page = (await list('$limit=20')).json();
      expect(page.total).toBeGreaterThanOrEqual(DEMO_CUSTOMER_COUNT);
      expect(page.data).toHaveLength(20);
      const names = page.data.map((row: { name: string }) => row.name);
      // German dictionary order (DIN 5007): "Öztürk" between "Ochs" and "Otto", not after "Zimmermann".
      const key = dinSortKey;
      expect(names).toEqual([...names].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
      const second = (await list('$limit=20&$skip=20')).json();
      expect(second.data[0].id).not.toBe(page.data[0].id);
    });

    it.each([
      ['gisela bruggemann', 1],
      ['BRÜGGE gisela', 1],
      ['füssen gisela brugg', 1],
      ['ubersee-allee 3 gisela', 1],
      ['brueggemann@example', 1],
      ['08362 555000', 1],
      ['bruggemann', null],
    ])('searches names, address, e-mails, phones and numbers accent-insensitively: %s', async (query, total) => {
      const page = (await list(`lit-search=${encodeURIComponent(query)}&$limit=-1`)).json();
      if (total !== null) expect(page.total).toBe(total);
      expect(page.data.some((row: { email: string }) => row.email === 'gisela.brueggemann@example.net')).toBe(true);
      expect(page.data.every((row: { surname: string; address: string }) => /ü/.test(row.surname + row.address))).toBe(
        true,
      );
    });

    it('finds a customer by its ratio number and by its id', async () => {
      const byRatio = (await list('lit-search=200042')).json();
      expect(byRatio.data.map((row: { ratio_id: string }) => row.ratio_id)).toEqual(['200042']);
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
      expect(munich.total).toBe(munich.data.length);
      expect(munich.data.every((row: { city: string }) => row.city === 'München')).toBe(true);
      const agencyId = (await call(t.app, 'admin', { method: 'GET', url: '/organization-all?type=1' })).json()[0].id;
      const ofAgency = (await list(`agencyId=${agencyId}&$limit=-1`)).json();
      expect(ofAgency.total).toBe(30);
    });

    it('lists drivers only with driversOnly', async () => {
      const drivers = (await list('driversOnly=true')).json();
      expect(drivers.data.map((row: { surname: string }) => row.surname).sort()).toEqual(
        ['Bäumer', 'Straßburger', 'Öztürk'].sort(),
      );
      expect(drivers.data.every((row: { isDriver: boolean }) => row.isDriver)).toBe(true);
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
    const customer = (await list('lit-search=gisela.brueggemann%40example.net')).json().data[0];
    const response = await call(t.app, 'office', {
      method: 'PATCH',
      url: `/vc_card/${customer.id}`,
      payload: { ratio_id: '300777', kuschick_id: 'K-77' },
    });
    expect(response.json()).toMatchObject({ id_vc_card: customer.id, ratio_id: '300777', kuschick_id: 'K-77' });
    expect((await list('lit-search=300777')).json().data[0].id).toBe(customer.id);
  });

  it('deletes a customer with its person, address and contact rows', async () => {
    const customer = (await list('lit-search=ohne kontakt')).json().data[0];
    const response = await call(t.app, 'office', { method: 'DELETE', url: `/customers/${customer.id}` });
    // office has no delete right
    expect(response.statusCode).toBe(403);
    const deleted = await call(t.app, 'admin', { method: 'DELETE', url: `/customers/${customer.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, 'admin', { method: 'GET', url: `/customers/${customer.id}` })).statusCode).toBe(404);
    const rows = await t.ctx.db
      .selectFrom('vc_person')
      .select('id_vc_person')
      .where('id_vc_card', '=', customer.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses to delete a customer that still has a login (a driver), saying why', async () => {
    const driver = (await list('driversOnly=true&lit-search=baumer')).json().data[0];
    const response = await call(t.app, 'admin', { method: 'DELETE', url: `/customers/${driver.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ key: 'error.customerHasAccount' });
    expect((await call(t.app, 'admin', { method: 'GET', url: `/customers/${driver.id}` })).statusCode).toBe(200);
  });

  it('needs a login and a customers or agency right', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/customers' })).statusCode).toBe(401);
    expect((await call(t.app, 'traveller', { method: 'GET', url: '/customers' })).statusCode).toBe(403);
    expect((await call(t.app, 'driver', { method: 'POST', url: '/customers', payload: body() })).statusCode).toBe(403);
  });
});

describe('drivers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('registers a driver: a customer flagged as driver with a driver login on the same card', async () => {
    const response = await call(t.app, 'admin', {
      method: 'POST',
      url: '/registration-driver',
      payload: {
        firstName: 'Kurt',
        surname: 'Lenkmann',
        loginEmail: 'K.Lenkmann@Example.com',
        phones: [{ key: 'phone-mobile', value: '+49 160 5550000' }],
      },
    });
    expect(response.statusCode).toBe(201);
    const { customer, userId } = response.json();
    expect(customer).toMatchObject({ isDriver: true, name: 'Lenkmann, Kurt' });
    const login = (await call(t.app, 'admin', { method: 'GET', url: `/users-app/${userId}` })).json();
    expect(login).toMatchObject({
      email: 'k.lenkmann@example.com',
      roleName: 'driver',
      isDriver: true,
      vc_card: { id_vc_card: customer.id },
    });
    const drivers = (
      await call(t.app, 'office', { method: 'GET', url: '/customers?driversOnly=true&lit-search=lenkmann' })
    ).json();
    expect(drivers.total).toBe(1);
  });

  it('refuses a login e-mail that is taken, and leaves no customer behind', async () => {
    const before = (await call(t.app, 'admin', { method: 'GET', url: '/customers?driversOnly=true' })).json().total;
    const response = await call(t.app, 'admin', {
      method: 'POST',
      url: '/registration-driver',
      payload: { firstName: 'Doppelt', surname: 'Fahrer', loginEmail: 'driver@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field: 'loginEmail', key: 'error.emailExists' });
    expect((await call(t.app, 'admin', { method: 'GET', url: '/customers?driversOnly=true' })).json().total).toBe(
      before,
    );
  });

  it('needs the right to create users', async () => {
    const response = await call(t.app, 'office', {
      method: 'POST',
      url: '/registration-driver',
      payload: { firstName: 'Ab', surname: 'Cd', loginEmail: 'x@example.com' },
    });
    expect(response.statusCode).toBe(403);
  });
});
