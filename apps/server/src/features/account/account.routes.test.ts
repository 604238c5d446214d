import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  createLogin,
  createLogins,
  tokenFor,
  type DemoAccount,
  type TestApp,
} from '../../../test/helpers.ts';
import { linkCode, SmtpSink } from '../../../test/smtp-sink.ts';
import { createAgencyFixture } from '../../seed/factories.ts';
import { createBrand } from '../brands/brands.service.ts';

const registration = (email: string, overrides: Record<string, unknown> = {}) => ({
  salutation: 1,
  firstname: 'Rosa',
  lastname: 'Reiselust',
  address: 'Sonnenweg 5',
  zip: '87629',
  city: 'Füssen',
  tel: '08362 555777',
  email,
  password: 'Urlaub2027!',
  passwordRepeat: 'Urlaub2027!',
  acceptTerms: true,
  acceptPrivacy: true,
  language: 'de',
  ...overrides,
});

const login = (t: TestApp, email: string, password: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication',
    payload: { strategy: 'local', email, password, ...extra },
  });

/** Every flow from the request through the mail delivered over SMTP to following its link. */
describe('account flows over real SMTP', () => {
  let t: TestApp;
  const smtp = new SmtpSink();
  let ip = 0;
  const from = () => `198.18.0.${++ip}`;
  let logins: Record<DemoAccount, string>;

  beforeAll(async () => {
    await smtp.start();
    t = await buildTestApp({ seed: 'defaults', config: { smtpUrl: smtp.url } });
    // The brand every mail of these tests is written with (the development host's, as for requests to inject).
    await createBrand(t.ctx, {
      host: 'localhost',
      isDevelopment: true,
      name: 'Tourdesk',
      company: 'Talblick Busreisen GmbH',
      legalLinks: { imprint: 'https://talblick.example/impressum' },
    });
    logins = await createLogins(t.ctx);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: from() });
  const patch = (url: string, payload?: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1${url}`, payload, remoteAddress: from() });

  describe('registration', () => {
    it('registers, mails a branded verification link in the user’s language, and the account logs in once verified', async () => {
      const response = await post('/registration', registration('rosa@example.org'));
      expect(response.statusCode).toBe(201);
      expect((await login(t, 'rosa@example.org', 'Urlaub2027!')).statusCode).toBe(401);

      const mail = await smtp.waitFor('rosa@example.org');
      expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
      expect(mail.text).toContain('Hallo Rosa Reiselust,');
      expect(mail.text).toContain('Talblick Busreisen GmbH');
      expect(mail.text).toContain('https://talblick.example/impressum');
      expect(mail.html).toContain('E-Mail-Adresse bestätigen');
      // Laid out with the template named default (spec §9).
      expect(mail.html).toContain('data-layout="default"');
      const code = linkCode(mail, '/auth/verify-email/');
      expect(code.length).toBeGreaterThanOrEqual(43);

      const verified = await patch(`/registration/${code}`);
      expect(verified.json()).toEqual({ email: 'rosa@example.org', kind: 'app' });
      const loggedIn = await login(t, 'rosa@example.org', 'Urlaub2027!');
      expect(loggedIn.statusCode).toBe(201);
      expect(loggedIn.json().user).toMatchObject({
        roleName: 'traveller',
        city: 'Füssen',
        phones: [{ key: 'phone-private', value: '08362 555777' }],
      });

      const reused = await patch(`/registration/${code}`);
      expect(reused.statusCode).toBe(400);
      expect(reused.json().key).toBe('error.verificationCodeIncorrect');
    });

    it('refuses a known e-mail with "User already exists" and saves nothing', async () => {
      const response = await post('/registration', registration(logins.traveller));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'email', key: 'error.userExists', message: 'User already exists.' },
      ]);
    });

    it('requires accepting terms and privacy, matching passwords and the field rules', async () => {
      const response = await post(
        '/registration',
        registration('neu@example.org', {
          acceptTerms: false,
          acceptPrivacy: undefined,
          passwordRepeat: 'x',
          zip: '1',
          firstname: 'R',
        }),
      );
      expect(response.statusCode).toBe(400);
      const errors = Object.fromEntries(
        response.json().errors.map((error: { field: string; key: string }) => [error.field, error.key]),
      );
      expect(errors).toMatchObject({
        acceptTerms: 'error.termsRequired',
        acceptPrivacy: 'error.termsRequired',
        zip: 'error.zip',
        firstname: 'error.min2',
      });
      // The password comparison runs once the fields themselves are valid.
      const mismatch = await post('/registration', registration('neu@example.org', { passwordRepeat: 'x' }));
      expect(mismatch.json().errors).toEqual([
        expect.objectContaining({ field: 'passwordRepeat', key: 'error.passmatch' }),
      ]);
      expect(smtp.to('neu@example.org')).toEqual([]);
    });

    it('refuses a wrong and an expired verification code', async () => {
      expect((await patch('/registration/not-a-real-code')).json().key).toBe('error.verificationCodeIncorrect');
      await post('/registration', registration('spaet@example.org'));
      const code = linkCode(await smtp.waitFor('spaet@example.org'), '/auth/verify-email/');
      await t.ctx.db
        .updateTable('action_code')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('purpose', '=', 'verify')
        .execute();
      const expired = await patch(`/registration/${code}`);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().key).toBe('error.verificationCodeIncorrect');
    });
  });

  describe('forgot password', () => {
    it('mails a reset link; the new password works, old sessions end, and a notice offers to disable the account', async () => {
      const office = await createLogin(t.ctx, 'office');
      const oldToken = await tokenFor(t.app, office);
      expect((await post('/password-reset', { email: office.toUpperCase() })).statusCode).toBe(202);
      const mail = await smtp.waitFor(office, 'Reset your password');
      const code = linkCode(mail, '/auth/reset-page/');

      const mismatch = await patch(`/password-reset/${code}`, { password: 'NeuesPasswort9', passwordRepeat: 'anders' });
      expect(mismatch.json().errors[0]).toMatchObject({ field: 'passwordRepeat', key: 'error.passmatch' });
      const tooShort = await patch(`/password-reset/${code}`, { password: 'kurz', passwordRepeat: 'kurz' });
      expect(tooShort.json().errors[0]).toMatchObject({ field: 'password', key: 'error.min8' });

      const reset = await patch(`/password-reset/${code}`, {
        password: 'NeuesPasswort9',
        passwordRepeat: 'NeuesPasswort9',
      });
      expect(reset.json()).toEqual({ email: office, kind: 'staff' });
      expect((await login(t, office, 'NeuesPasswort9')).statusCode).toBe(201);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/v1/userdata',
            headers: { authorization: `Bearer ${oldToken}` },
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (await patch(`/password-reset/${code}`, { password: 'NochEinmal99', passwordRepeat: 'NochEinmal99' })).json()
          .key,
      ).toBe('error.actionLinkInvalid');

      const notice = await smtp.waitFor(office, 'Your password has been changed');
      const disable = await patch(`/users-disable/${linkCode(notice, '/auth/disable/')}`);
      expect(disable.json()).toEqual({ email: office, kind: 'staff' });
      const refused = await login(t, office, 'NeuesPasswort9');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().key).toBe('error.accountDisabled');
      expect((await patch('/users-disable/wrong')).json().key).toBe('error.actionLinkInvalid');
    });

    it('issue #8 §2.9: tells the page whether its link still works before a password is typed', async () => {
      const agency = await createLogin(t.ctx, 'agency');
      const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, remoteAddress: from() });
      expect((await post('/password-reset', { email: agency })).statusCode).toBe(202);
      const code = linkCode(await smtp.waitFor(agency, 'Reset your password'), '/auth/reset-page/');
      expect((await get(`/password-reset/${code}`)).json()).toEqual({ ok: true });
      // Asking does not use the code up.
      expect((await get(`/password-reset/${code}`)).statusCode).toBe(200);
      // A reset code is no invitation.
      expect((await get(`/set-password/${code}`)).json().key).toBe('error.actionLinkInvalid');
      await patch(`/password-reset/${code}`, { password: 'Demo1234!', passwordRepeat: 'Demo1234!' });
      const used = await get(`/password-reset/${code}`);
      expect(used.statusCode).toBe(400);
      expect(used.json().key).toBe('error.actionLinkInvalid');
      expect((await get('/password-reset/never-mailed')).json().key).toBe('error.actionLinkInvalid');
    });

    it('answers an unknown address the same way and sends nothing', async () => {
      const response = await post('/password-reset', { email: 'niemand@example.org' });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ ok: true });
      // A mail would be in the outbox before the answer (it is written in the request's transaction).
      expect(
        await t.ctx.db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'niemand@example.org').execute(),
      ).toEqual([]);
    });

    it('limits requests that mail a code per address (429 with a key)', async () => {
      const admin = await createLogin(t.ctx, 'admin');
      for (let i = 0; i < 5; i++) expect((await post('/password-reset', { email: admin })).statusCode).toBe(202);
      const limited = await post('/password-reset', { email: admin });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().key).toBe('error.tooManyRequests');
    });

    it('limits requests that mail a code per client address', async () => {
      const address = '198.19.0.1';
      let status = 0;
      for (let i = 0; i < 31 && status !== 429; i++) {
        status = (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/password-reset',
            payload: { email: `probe${i}@example.org` },
            remoteAddress: address,
          })
        ).statusCode;
      }
      expect(status).toBe(429);
    });
  });

  describe('blocked users', () => {
    it('creates a user blocked, who gets in only through the activation mail; the mail can be resent', async () => {
      const officeRole = (await call(t.app, logins.admin, { method: 'GET', url: '/roles-lit?role=office' })).json()
        .data[0].id_roles;
      const created = await call(t.app, logins.admin, {
        method: 'POST',
        url: '/users-disabled',
        payload: {
          email: 'neu.im.team@example.com',
          password: 'Vorlaeufig1!',
          passwordRepeat: 'Vorlaeufig1!',
          firstname: 'Nina',
          lastname: 'Neumann',
          role: officeRole,
        },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().isActive).toBe(false);
      expect((await login(t, 'neu.im.team@example.com', 'Vorlaeufig1!')).json().key).toBe('error.accountDisabled');
      const blocked = (await call(t.app, logins.admin, { method: 'GET', url: '/users-lit?isActive=false' })).json();
      expect(blocked.data.map((user: { email: string }) => user.email)).toContain('neu.im.team@example.com');

      const first = await smtp.waitFor('neu.im.team@example.com', 'Your account at Tourdesk');
      const firstCode = linkCode(first, '/auth/set-password/');
      expect(
        (await call(t.app, logins.admin, { method: 'POST', url: `/users-disabled/${created.json().id}/activation` }))
          .statusCode,
      ).toBe(202);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const mails = smtp.to('neu.im.team@example.com', 'Your account');
      expect(mails).toHaveLength(2);
      const secondCode = linkCode(mails[1]!, '/auth/set-password/');
      expect(
        (await patch(`/set-password/${firstCode}`, { password: 'MeinEigenes1', passwordRepeat: 'MeinEigenes1' })).json()
          .key,
      ).toBe('error.actionLinkInvalid');
      expect(
        (await patch(`/set-password/${secondCode}`, { password: 'MeinEigenes1', passwordRepeat: 'MeinEigenes1' }))
          .statusCode,
      ).toBe(200);
      expect((await login(t, 'neu.im.team@example.com', 'MeinEigenes1')).statusCode).toBe(201);
      // An active user needs no activation mail.
      expect(
        (await call(t.app, logins.admin, { method: 'POST', url: `/users-disabled/${created.json().id}/activation` }))
          .statusCode,
      ).toBe(409);
    });
  });

  describe('account deletion', () => {
    it('deletes a traveller account from the mailed link: data erased, tokens refused, a final mail sent', async () => {
      await post(
        '/registration',
        registration('tschuess@example.org', { firstname: 'Theo', lastname: 'Tschüss', language: 'en' }),
      );
      await patch(`/registration/${linkCode(await smtp.waitFor('tschuess@example.org'), '/auth/verify-email/')}`);
      const token = (await login(t, 'tschuess@example.org', 'Urlaub2027!')).json().accessToken as string;
      const userId = (
        await t.app.inject({ method: 'GET', url: '/api/v1/userdata', headers: { authorization: `Bearer ${token}` } })
      ).json().id;

      expect((await post('/users-app-delete', { email: 'tschuess@example.org' })).statusCode).toBe(202);
      const request = await smtp.waitFor('tschuess@example.org', 'Confirm the deletion');
      expect((await patch('/users-app-delete/falsch')).json()).toMatchObject({
        statusCode: 400,
        key: 'error.deletionCodeInvalid',
        message: 'Deletion code not assignable.',
      });
      const deleted = await patch(`/users-app-delete/${linkCode(request, '/auth/delete-account?code=')}`);
      expect(deleted.json()).toEqual({ ok: true });

      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/userdata', headers: { authorization: `Bearer ${token}` } }))
          .statusCode,
      ).toBe(401);
      expect(await t.ctx.db.selectFrom('user_account').select('id').where('id', '=', userId).execute()).toEqual([]);
      const cards = await t.ctx.db
        .selectFrom('vc_card')
        .select('id_vc_card')
        .where('name', '=', 'Theo Tschüss')
        .execute();
      expect(cards).toEqual([]);
      const audit = await t.ctx.db.selectFrom('audit_log').select('email').where('user_id', '=', userId).execute();
      expect(audit.every((entry) => entry.email === null)).toBe(true);
      const final = await smtp.waitFor('tschuess@example.org', 'Your account has been deleted');
      expect(final.text).toContain('Hello Theo Tschüss,');
    });

    it('does not delete staff accounts through this flow', async () => {
      const superadmin = await createLogin(t.ctx, 'superadmin');
      await post('/users-app-delete', { email: superadmin });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.to(superadmin, 'deletion')).toEqual([]);
    });
  });

  describe('drivers and selection login', () => {
    it('invites a new driver by mail to set a password, then the driver logs in', async () => {
      const response = await call(t.app, logins.admin, {
        method: 'POST',
        url: '/registration-driver',
        payload: { firstName: 'Fritz', surname: 'Fahrmann', loginEmail: 'fritz.fahrmann@example.com' },
      });
      expect(response.statusCode).toBe(201);
      const invite = await smtp.waitFor('fritz.fahrmann@example.com', 'driver access');
      expect((await login(t, 'fritz.fahrmann@example.com', 'Lenkrad2027')).statusCode).toBe(401);
      const set = await patch(`/set-password/${linkCode(invite, '/auth/set-password/')}`, {
        password: 'Lenkrad2027',
        passwordRepeat: 'Lenkrad2027',
      });
      expect(set.json()).toEqual({ email: 'fritz.fahrmann@example.com', kind: 'app' });
      const loggedIn = await login(t, 'fritz.fahrmann@example.com', 'Lenkrad2027');
      expect(loggedIn.json().user).toMatchObject({ roleName: 'driver', isDriver: true });
    });

    it('lets a person with a back-office and a traveller account choose which to enter', async () => {
      const agency = await createLogin(t.ctx, 'agency', { agencyId: (await createAgencyFixture(t.ctx, 1)).id });
      await post('/registration', registration(agency, { password: 'Demo1234!', passwordRepeat: 'Demo1234!' }));
      await patch(`/registration/${linkCode(await smtp.waitFor(agency, 'bestätigen'), '/auth/verify-email/')}`);
      const choice = await login(t, agency, 'Demo1234!');
      expect(choice.statusCode).toBe(200);
      expect(choice.json()).toEqual({
        selection: [
          { kind: 'staff', area: 'agency' },
          { kind: 'app', area: 'app' },
        ],
      });
      const app = await login(t, agency, 'Demo1234!', { kind: 'app' });
      expect(app.json().user).toMatchObject({ kind: 'app', roleName: 'traveller' });
      const staff = await login(t, agency, 'Demo1234!', { kind: 'staff' });
      expect(staff.json().user).toMatchObject({ kind: 'staff', roleName: 'agency' });
    });
  });

  it('shows administrators the outbox with status, attempts and the rendered message', async () => {
    expect((await post('/registration', registration('outbox@example.org'))).statusCode).toBe(201);
    await t.app.mailer.deliverNow();
    const list = (await call(t.app, logins.admin, { method: 'GET', url: '/mail-outbox?to=outbox@example.org' })).json();
    expect(list.data).toEqual([expect.objectContaining({ template: 'verify', status: 'sent', attempts: 1 })]);
    const detail = (await call(t.app, logins.admin, { method: 'GET', url: `/mail-outbox/${list.data[0].id}` })).json();
    expect(detail.html).toContain('<!doctype html>');
    expect(detail.attemptLog).toEqual([expect.objectContaining({ ok: true })]);
    expect((await call(t.app, logins.traveller, { method: 'GET', url: '/mail-outbox' })).statusCode).toBe(403);
  });
});
