import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogins, type TestApp } from './helpers.ts';

/**
 * Issue #8, 2.4 and 2.5: lists sort names after DIN 5007 ("Öztürk" before "Zimmermann"), the phone, e-mail and
 * agency columns sort, and a phone number is found however it is written. Each test makes its own records in a
 * town of its own and reads only those.
 */
describe('German sorting and phone search', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    // One login per role: the admin who writes and reads, and the office role the test users get.
    admin = (await createLogins(t.ctx)).admin;
  });
  afterAll(() => t.close());

  const post = async (url: string, payload: object) => {
    const response = await call(t.app, admin, { method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };

  const list = async (url: string) => {
    const response = await call(t.app, admin, { method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ total: number; data: Array<Record<string, unknown>> }>();
  };

  const ids = async (url: string) => (await list(url)).data.map((row) => row.id);

  const customer = (surname: string, city: string, extra: object = {}) =>
    post('/customers', { firstName: 'Test', surname, city, ...extra });

  const officeRole = async () =>
    (await list('/roles-lit?$limit=-1')).data.find((row) => row.role === 'office')!.id_roles as number;

  const user = async (lastname: string, extra: object = {}) =>
    post('/users-lit', {
      email: `${lastname.toLowerCase().replace(/[^a-z]/g, '')}.${lastname.length}@example.org`,
      password: 'Tourdesk-Sortierung-2026',
      passwordRepeat: 'Tourdesk-Sortierung-2026',
      firstname: 'Test',
      lastname,
      role: await officeRole(),
      ...extra,
    });

  it('sorts customer names after DIN 5007 in both directions', async () => {
    for (const surname of ['Zimmermann', 'Öztürk', 'Ochs', 'müller', 'Mayer', 'Strauß', 'Straub', 'Ölmann'])
      await customer(surname, 'Sortingen');
    const names = async (sort: string) =>
      (await list(`/customers?lit-search=sortingen&${sort}`)).data.map((row) => row.surname);
    const ascending = ['Mayer', 'müller', 'Ochs', 'Ölmann', 'Öztürk', 'Straub', 'Strauß', 'Zimmermann'];
    expect(await names('$sort[name]=1')).toEqual(ascending);
    expect(await names('')).toEqual(ascending);
    expect(await names('$sort[name]=-1')).toEqual([...ascending].reverse());
  });

  it('sorts customers by phone, e-mail and agency, empty values last', async () => {
    const agencyA = await post('/organization', { name: 'Ärmel Reisen' });
    const agencyZ = await post('/organization', { name: 'Zugvogel Touristik' });
    const first = await customer('Eins', 'Telefonhausen', {
      phones: [{ key: 'phone-mobile', value: '+49 171 3000000' }],
      emails: [{ key: 'email-private', value: 'zeta@example.org' }],
      agencyId: agencyZ,
    });
    const second = await customer('Zwei', 'Telefonhausen', {
      phones: [{ key: 'phone-mobile', value: '0170 2000000' }],
      emails: [{ key: 'email-private', value: 'alpha@example.org' }],
      agencyId: agencyA,
    });
    const third = await customer('Drei', 'Telefonhausen');
    const sorted = (sort: string) => ids(`/customers?lit-search=telefonhausen&${sort}`);
    expect(await sorted('$sort[phone]=1')).toEqual([second, first, third]);
    expect(await sorted('$sort[phone]=-1')).toEqual([third, first, second]);
    expect(await sorted('$sort[email]=1')).toEqual([second, first, third]);
    expect(await sorted('$sort[agencyName]=1')).toEqual([second, first, third]);
    expect(await sorted('lit-sort=-agencyName')).toEqual([third, first, second]);
  });

  it('sorts users by DIN 5007 names, phone and agency', async () => {
    const agency = await post('/organization', { name: 'Übersee Reisen' });
    const city = { city: 'Benutzerstadt' };
    const zimmermann = await user('Zimmermann', { ...city, phones: [{ key: 'phone-mobile', value: '0171 1000000' }] });
    const ozturk = await user('Öztürk', {
      ...city,
      phones: [{ key: 'phone-mobile', value: '+49 170 1000000' }],
      agencyId: agency,
    });
    const ochs = await user('Ochs', city);
    const sorted = (sort: string) => ids(`/users-lit?lit-search=benutzerstadt&${sort}`);
    expect(await sorted('$sort[lastname]=1')).toEqual([ochs, ozturk, zimmermann]);
    expect(await sorted('$sort[phone]=1')).toEqual([ozturk, zimmermann, ochs]);
    expect(await sorted('$sort[agencyName]=1&$sort[lastname]=1')).toEqual([ozturk, ochs, zimmermann]);
  });

  it('finds a phone number in its national, international and punctuated forms', async () => {
    const international = await customer('Fernsprech', 'Rufstadt', {
      phones: [{ key: 'phone-mobile', value: '+49 176 55501234' }],
    });
    const national = await customer('Hörer', 'Rufstadt', {
      phones: [{ key: 'phone-private', value: '0176/55501235' }],
    });
    const found = (query: string) => ids(`/customers?lit-search=${encodeURIComponent(query)}`);
    for (const form of [
      '0176 55501234',
      '+49 176 55501234',
      '0176/55501234',
      '0176-55501234',
      '017655501234',
      '0049 176 55501234',
    ])
      expect(await found(form), form).toEqual([international]);
    for (const form of ['+49 176 55501235', '0176 55501235', '0176-555 012 35'])
      expect(await found(form), form).toEqual([national]);
    // Without the leading zero, as people also type it.
    expect(await found('176 55501234')).toEqual([international]);
    // Numbers that are not written like a phone number stay separate words: the record's id and a zip.
    const numbered = await customer('Nummer', 'Rufstadt', { zip: '99998' });
    expect(await found(`${numbered} 99998`)).toEqual([numbered]);
  });

  it('finds a user by phone in any form', async () => {
    const id = await user('Phon', { phones: [{ key: 'phone-business', value: '030 1234567' }] });
    for (const form of ['+49 30 1234567', '030/1234567', '030-123 45 67'])
      expect(await ids(`/users-lit?lit-search=${encodeURIComponent(form)}`), form).toEqual([id]);
  });
});
