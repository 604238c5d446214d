import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogins, tokenFor, type DemoAccount, type TestApp } from '../../../test/helpers.ts';
import { createUserFixture, DEMO_PASSWORD } from '../../seed/factories.ts';

const roleId = async (t: TestApp, name: string) =>
  (await t.ctx.db.selectFrom('role').select('id_roles').where('role', '=', name).executeTakeFirstOrThrow()).id_roles;

describe('users', () => {
  let t: TestApp;
  let officeRole: number;
  let logins: Record<DemoAccount, string>;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    logins = await createLogins(t.ctx);
    officeRole = await roleId(t, 'office');
    const names = [
      ['Jörg', 'Müller', 'München'],
      ['Anna', 'Mueller', 'Köln'],
      ['Zoë', 'Mullerová', 'Dresden'],
      ['Bernd', 'Schmidt', 'Berlin'],
      ['Clara', 'Straßer', 'Füssen'],
    ] as const;
    for (const [firstname, lastname, city] of names) {
      await createUserFixture(t.ctx, 'staff', { firstname, lastname, city, role: officeRole });
    }
    for (let i = 0; i < 25; i++) {
      await createUserFixture(t.ctx, 'staff', {
        firstname: 'Paging',
        lastname: `Person${String(i).padStart(2, '0')}`,
        role: officeRole,
      });
    }
  });
  afterAll(() => t.close());

  const list = (query: string) => call(t.app, logins.admin, { method: 'GET', url: `/users-lit?${query}` });

  describe('list', () => {
    it('pages with $limit (default 20) and $skip and reports the total', async () => {
      const first = (await list('lit-search=paging')).json();
      expect(first.limit).toBe(20);
      expect(first.skip).toBe(0);
      expect(first.data).toHaveLength(20);
      // the 25 users made for paging
      expect(first.total).toBe(25);
      const last = (await list(`lit-search=paging&$limit=20&$skip=20`)).json();
      expect(last.data).toHaveLength(5);
      const ids = new Set([...first.data, ...last.data].map((user: { id: number }) => user.id));
      expect(ids.size).toBe(25);
    });

    it('treats $limit=-1 as 1000 and pagination=false as a plain array', async () => {
      const all = (await list('$limit=-1')).json();
      expect(all.limit).toBe(1000);
      expect(all.data).toHaveLength(all.total);
      const array = (await list('pagination=false')).json();
      expect(Array.isArray(array)).toBe(true);
      expect(array).toHaveLength(all.total);
    });

    it('sorts by several fields with $sort and lit-sort', async () => {
      const asc = (await list('lit-search=paging&$sort[lastname]=1&$limit=3')).json();
      expect(asc.data.map((user: { lastname: string }) => user.lastname)).toEqual(['Person00', 'Person01', 'Person02']);
      const desc = (await list('lit-search=paging&lit-sort=-lastname&$limit=2')).json();
      expect(desc.data.map((user: { lastname: string }) => user.lastname)).toEqual(['Person24', 'Person23']);
    });

    it('selects fields with $select[] and keeps the id', async () => {
      const page = (await list('$select[]=email&$select[]=lastname&$limit=1')).json();
      expect(Object.keys(page.data[0]).sort()).toEqual(['email', 'id', 'lastname']);
    });

    it.each([
      ['muller', ['Müller', 'Mullerová']],
      ['MÜLL', ['Müller', 'Mullerová']],
      ['Müller', ['Müller', 'Mullerová']],
      ['zoe', ['Mullerová']],
      ['strasser', ['Straßer']],
      ['Straßer füssen', ['Straßer']],
      ['jö mü', ['Müller']],
      ['koln', ['Mueller']],
    ])('searches case- and accent-insensitively: %s', async (query, expected) => {
      const page = (await list(`lit-search=${encodeURIComponent(query)}`)).json();
      expect(page.data.map((user: { lastname: string }) => user.lastname).sort()).toEqual([...expected].sort());
      expect(page.total).toBe(expected.length);
    });

    it('finds users by phone and secondary e-mail', async () => {
      await createUserFixture(t.ctx, 'staff', {
        role: officeRole,
        lastname: 'Kontakt',
        phones: [{ key: 'phone-mobile', value: '+49 171 5550199' }],
        emails: [{ key: 'email-private', value: 'privat.kontakt@example.net' }],
      });
      expect((await list('lit-search=5550199')).json().data[0].lastname).toBe('Kontakt');
      expect((await list('lit-search=privat.kontakt')).json().data[0].lastname).toBe('Kontakt');
    });

    it('filters by equals and $in, ignoring null and none', async () => {
      const byRole = (await list(`role=${officeRole}&$limit=-1`)).json();
      expect(byRole.data.every((user: { role: number }) => user.role === officeRole)).toBe(true);
      const byIn = (await list(`lastname[$in][]=M%C3%BCller&lastname[$in][]=Schmidt`)).json();
      expect(byIn.data.map((user: { lastname: string }) => user.lastname).sort()).toEqual(['Müller', 'Schmidt']);
      const ignored = (await list('role=none&city=null')).json();
      expect(ignored.total).toBe((await list('')).json().total);
      const inactive = (await list('isActive=false')).json();
      expect(inactive.total).toBe(0);
    });

    it.each([
      ['$limit=abc', '$limit', 'error.invalidQuery'],
      ['$skip=-5', '$skip', 'error.invalidQuery'],
      ['$sort[password_hash]=1', '$sort.password_hash', 'error.invalidSort'],
      ['$sort[lastname]=up', '$sort.lastname', 'error.invalidSort'],
      ['lit-sort=nope', '$sort.nope', 'error.invalidSort'],
      ['$select[]=password_hash', '$select.password_hash', 'error.invalidSelect'],
      ['password_hash=x', 'password_hash', 'error.invalidFilter'],
      ['role=abc', 'role', 'error.invalidFilter'],
      ['role[$gt]=1', 'role.$gt', 'error.invalidFilter'],
    ])('answers a bad parameter (%s) with 400 and a key, never 500', async (query, field, key) => {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, key });
      expect(response.json().errors[0]).toMatchObject({ field, key });
    });

    it('keeps the two kinds of accounts apart', async () => {
      const staff = (await list('$limit=-1')).json();
      const emails = (page: { data: Array<{ email: string }> }) => page.data.map((user) => user.email);
      expect(emails(staff)).toEqual(expect.arrayContaining([logins.admin, logins.office]));
      expect(emails(staff)).not.toContain(logins.traveller);
      expect(emails(staff)).not.toContain(logins.driver);
      const app = (await call(t.app, logins.admin, { method: 'GET', url: '/users-app?$limit=-1' })).json();
      expect(emails(app)).toEqual(expect.arrayContaining([logins.traveller, logins.driver]));
      expect(emails(app)).not.toContain(logins.admin);
      const travellerId = app.data.find((user: { email: string }) => user.email === logins.traveller).id;
      expect((await call(t.app, logins.admin, { method: 'GET', url: `/users-lit/${travellerId}` })).statusCode).toBe(
        404,
      );
    });
  });

  describe('create, read, update, delete', () => {
    const validBody = (overrides: Record<string, unknown> = {}) => ({
      email: 'neu.kollegin@example.com',
      password: 'Sicher123!',
      passwordRepeat: 'Sicher123!',
      firstname: 'Renate',
      lastname: 'Großmann',
      street: 'Lindenweg',
      number: '4a',
      zip: '87527',
      city: 'Sonthofen',
      country: 'Deutschland',
      nationality: 'deutsch',
      state: 'Bayern',
      sex: 1,
      birthday: '1980-04-02',
      placeofbirth: 'Kempten',
      maritalstatus: 2,
      role: officeRole,
      status: 'Vollzeit',
      username: 'rgrossmann',
      phones: [
        { key: 'phone-business', value: '+49 8321 55501' },
        { key: 'phone-mobile', value: '+49 170 5550101' },
      ],
      emails: [{ key: 'email-private', value: 'renate@example.net' }],
      ...overrides,
    });

    let sequence = 0;
    /** A new office colleague made through the API, for the tests that change or delete one. */
    const createColleague = async () => {
      const email = `kollegin.${++sequence}@example.com`;
      const created = await call(t.app, logins.admin, {
        method: 'POST',
        url: '/users-lit',
        payload: validBody({ email }),
      });
      expect(created.statusCode).toBe(201);
      return created.json() as { id: number; email: string };
    };

    it('creates a staff user with all fields, and reads it back', async () => {
      const created = await call(t.app, logins.admin, { method: 'POST', url: '/users-lit', payload: validBody() });
      expect(created.statusCode).toBe(201);
      const user = created.json();
      expect(user).toMatchObject({
        email: 'neu.kollegin@example.com',
        firstname: 'Renate',
        lastname: 'Großmann',
        birthday: '1980-04-02',
        sex: 1,
        maritalstatus: 2,
        roleName: 'office',
        isActive: true,
        isDriver: false,
        vc_card: { name: 'Renate Großmann' },
        phones: [
          { key: 'phone-business', value: '+49 8321 55501' },
          { key: 'phone-mobile', value: '+49 170 5550101' },
        ],
        emails: [{ key: 'email-private', value: 'renate@example.net' }],
      });
      const read = await call(t.app, logins.admin, { method: 'GET', url: `/users-lit/${user.id}` });
      expect(read.json()).toEqual(user);
      // The new account can log in with its password.
      expect(await tokenFor(t.app, 'neu.kollegin@example.com', 'Sicher123!')).toBeTruthy();
    });

    it('refuses a duplicate e-mail in the same list with its message', async () => {
      const { email } = await createColleague();
      const response = await call(t.app, logins.admin, {
        method: 'POST',
        url: '/users-lit',
        payload: validBody({ email: email.toUpperCase() }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'email', key: 'error.emailExists', message: 'This e-mail address already exists in this list.' },
      ]);
    });

    it('answers validation errors with each field and its key, and saves nothing', async () => {
      const before = (await list('')).json().total;
      const response = await call(t.app, logins.admin, {
        method: 'POST',
        url: '/users-lit',
        payload: validBody({
          email: 'not-an-email',
          password: 'short',
          passwordRepeat: 'other',
          firstname: 'R',
          lastname: '',
          zip: '1234',
          birthday: '02.04.1980',
          phones: [{ key: 'phone-satellite', value: '1' }],
        }),
      });
      expect(response.statusCode).toBe(400);
      const errors = Object.fromEntries(
        response.json().errors.map((error: { field: string; key: string }) => [error.field, error.key]),
      );
      expect(errors).toMatchObject({
        email: 'error.email',
        password: 'error.min8',
        firstname: 'error.min2',
        lastname: 'error.empty',
        zip: 'error.zip',
        birthday: 'error.invalid',
        'phones.0.key': 'error.invalid',
      });
      expect((await list('')).json().total).toBe(before);
    });

    it('requires password and repeat to match (error.passmatch)', async () => {
      const response = await call(t.app, logins.admin, {
        method: 'POST',
        url: '/users-lit',
        payload: validBody({ email: 'pass@example.com', passwordRepeat: 'Sicher123?' }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        expect.objectContaining({ field: 'passwordRepeat', key: 'error.passmatch' }),
      ]);
    });

    it('accepts zip codes of five digits or five-four digits', async () => {
      const response = await call(t.app, logins.admin, {
        method: 'POST',
        url: '/users-lit',
        payload: validBody({ email: 'zip@example.com', zip: '12345-6789' }),
      });
      expect(response.statusCode).toBe(201);
    });

    it('requires the ratio id for traveller accounts with its message', async () => {
      const travellerRole = await roleId(t, 'traveller');
      const missing = await call(t.app, logins.admin, {
        method: 'POST',
        url: '/users-app',
        payload: validBody({ email: 'reisende@example.com', role: travellerRole }),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([
        { field: 'ratio_id', key: 'error.ratioIdRequired', message: 'Ratio Kennziffer ist zwingend erforderlich' },
      ]);
      const created = await call(t.app, logins.admin, {
        method: 'POST',
        url: '/users-app',
        payload: validBody({ email: 'reisende@example.com', role: travellerRole, ratio_id: '100777' }),
      });
      expect(created.statusCode).toBe(201);
      // The same e-mail may also hold a back-office account.
      expect(created.json().ratio_id).toBe('100777');
    });

    it('updates with PATCH, replacing the contact lists, and keeps the search in step', async () => {
      const { id } = await createColleague();
      const response = await call(t.app, logins.admin, {
        method: 'PATCH',
        url: `/users-lit/${id}`,
        payload: { lastname: 'Großmann-Öztürk', phones: [{ key: 'phone-private', value: '0831 5550' }] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        lastname: 'Großmann-Öztürk',
        vc_card: { name: 'Renate Großmann-Öztürk' },
        phones: [{ key: 'phone-private', value: '0831 5550' }],
        emails: [{ key: 'email-private', value: 'renate@example.net' }],
      });
      expect((await list('lit-search=ozturk')).json().data.map((user: { id: number }) => user.id)).toEqual([id]);
    });

    it('changes a password only with a matching repeat, and the new one works', async () => {
      const { id, email } = await createColleague();
      const mismatch = await call(t.app, logins.admin, {
        method: 'PATCH',
        url: `/users/${id}`,
        payload: { password: 'NeuesPasswort1', passwordRepeat: 'x' },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().errors[0].key).toBe('error.passmatch');
      const ok = await call(t.app, logins.admin, {
        method: 'PATCH',
        url: `/users/${id}`,
        payload: { password: 'NeuesPasswort1', passwordRepeat: 'NeuesPasswort1' },
      });
      expect(ok.statusCode).toBe(200);
      expect(await tokenFor(t.app, email, 'NeuesPasswort1')).toBeTruthy();
    });

    it('lets users edit their own profile via /users/{id}, but not their role', async () => {
      const me = (await call(t.app, logins.office, { method: 'GET', url: '/userdata' })).json();
      const own = await call(t.app, logins.office, {
        method: 'PATCH',
        url: `/users/${me.id}`,
        payload: { city: 'Oberstdorf' },
      });
      expect(own.statusCode).toBe(200);
      expect(own.json().city).toBe('Oberstdorf');
      const adminRole = await roleId(t, 'admin');
      const escalate = await call(t.app, logins.office, {
        method: 'PATCH',
        url: `/users/${me.id}`,
        payload: { role: adminRole },
      });
      expect(escalate.statusCode).toBe(403);
      const admin = (await call(t.app, logins.admin, { method: 'GET', url: '/userdata' })).json();
      const other = await call(t.app, logins.office, {
        method: 'PATCH',
        url: `/users/${admin.id}`,
        payload: { city: 'X' },
      });
      expect(other.statusCode).toBe(403);
    });

    it('lets only a superadmin hand out the superadmin role', async () => {
      const superRole = await roleId(t, 'superadmin');
      const byAdmin = await call(t.app, logins.admin, {
        method: 'POST',
        url: '/users-lit',
        payload: validBody({ email: 'boss@example.com', role: superRole }),
      });
      expect(byAdmin.statusCode).toBe(403);
      const bySuper = await call(t.app, logins.superadmin, {
        method: 'POST',
        url: '/users-lit',
        payload: validBody({ email: 'boss@example.com', role: superRole }),
      });
      expect(bySuper.statusCode).toBe(201);
    });

    it('deletes a user with its card and contacts', async () => {
      const { id, email } = await createColleague();
      const cardId = (await call(t.app, logins.admin, { method: 'GET', url: `/users-lit/${id}` })).json().vc_card
        .id_vc_card;
      const response = await call(t.app, logins.admin, { method: 'DELETE', url: `/users-lit/${id}` });
      expect(response.statusCode).toBe(200);
      expect((await call(t.app, logins.admin, { method: 'GET', url: `/users-lit/${id}` })).statusCode).toBe(404);
      expect(
        await t.ctx.db
          .selectFrom('vc_field')
          .innerJoin('vc_person', 'vc_person.id_vc_person', 'vc_field.id_vc_person')
          .select('id_vc_field')
          .where('vc_person.id_vc_card', '=', cardId)
          .execute(),
      ).toEqual([]);
      expect((await list(`lit-search=${encodeURIComponent(email)}`)).json().total).toBe(0);
    });

    it('refuses to delete the own account', async () => {
      const me = (await call(t.app, logins.admin, { method: 'GET', url: '/userdata' })).json();
      const response = await call(t.app, logins.admin, { method: 'DELETE', url: `/users-lit/${me.id}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().key).toBe('error.actionFailed');
    });

    it('answers 404 for unknown ids and 400 for malformed ones', async () => {
      expect((await call(t.app, logins.admin, { method: 'GET', url: '/users-lit/999999' })).json().key).toBe(
        'error.notFound',
      );
      const malformed = await call(t.app, logins.admin, { method: 'GET', url: '/users-lit/abc' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors[0]).toMatchObject({ field: 'id', key: 'error.invalid' });
    });
  });

  describe('permissions', () => {
    it('answers 401 without a token and 403 without user rights', async () => {
      expect((await call(t.app, null, { method: 'GET', url: '/users-lit' })).statusCode).toBe(401);
      expect((await call(t.app, logins.office, { method: 'GET', url: '/users-lit' })).statusCode).toBe(403);
      expect((await call(t.app, logins.traveller, { method: 'POST', url: '/users-app', payload: {} })).statusCode).toBe(
        403,
      );
    });

    it('checks the permission before validating the body', async () => {
      const response = await call(t.app, logins.office, { method: 'POST', url: '/users-lit', payload: { email: 'x' } });
      expect(response.statusCode).toBe(403);
    });

    it('lets a login that used an old password keep working only until the password is reset by an admin', async () => {
      const user = await createUserFixture(t.ctx, 'staff', { role: officeRole, email: 'reset.me@example.com' });
      const token = await tokenFor(t.app, 'reset.me@example.com', DEMO_PASSWORD);
      const headers = { authorization: `Bearer ${token}` };
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/userdata', headers })).statusCode).toBe(200);
      await call(t.app, logins.admin, {
        method: 'PATCH',
        url: `/users-lit/${user.id}`,
        payload: { password: 'Changed123!', passwordRepeat: 'Changed123!' },
      });
      const after = await t.app.inject({ method: 'GET', url: '/api/v1/userdata', headers });
      expect(after.statusCode).toBe(401);
      expect(after.json().key).toBe('error.tokenInvalid');
    });
  });
});
