import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import {
  createAgencyFixture,
  createCustomerFixture,
  createDriverFixture,
  DEMO_PASSWORD,
} from '../../seed/factories.ts';
import { getDriverLogin } from './drivers.service.ts';

describe('drivers', () => {
  let t: TestApp;
  let admin: string;
  let office: string;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    admin = await createLogin(t.ctx, 'admin');
    office = await createLogin(t.ctx, 'office');
  });
  afterAll(() => t.close());

  const outboxTo = (email: string) =>
    t.ctx.db.selectFrom('mail_outbox').select(['id', 'template']).where('to_address', '=', email).execute();

  it('registers a driver: a customer flagged as driver with a driver login on the same card', async () => {
    const response = await call(t.app, admin, {
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
    const login = (await call(t.app, admin, { method: 'GET', url: `/users-app/${userId}` })).json();
    expect(login).toMatchObject({
      email: 'k.lenkmann@example.com',
      roleName: 'driver',
      isDriver: true,
      vc_card: { id_vc_card: customer.id },
    });
    const drivers = (
      await call(t.app, office, { method: 'GET', url: '/customers?driversOnly=true&lit-search=lenkmann' })
    ).json();
    expect(drivers.total).toBe(1);
  });

  it('refuses a login e-mail that is taken, and leaves no customer behind', async () => {
    const { loginEmail } = await createDriverFixture(t.ctx, 1);
    const before = (await call(t.app, admin, { method: 'GET', url: '/customers?driversOnly=true' })).json().total;
    const response = await call(t.app, admin, {
      method: 'POST',
      url: '/registration-driver',
      payload: { firstName: 'Doppelt', surname: 'Fahrer', loginEmail },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field: 'loginEmail', key: 'error.emailExists' });
    expect((await call(t.app, admin, { method: 'GET', url: '/customers?driversOnly=true' })).json().total).toBe(before);
  });

  it('needs the right to create users', async () => {
    const response = await call(t.app, office, {
      method: 'POST',
      url: '/registration-driver',
      payload: { firstName: 'Ab', surname: 'Cd', loginEmail: 'x@example.com' },
    });
    expect(response.statusCode).toBe(403);
  });

  describe('login and invitation', () => {
    it('shows an invited driver’s login with the invitation pending, and accepted once a password is set', async () => {
      const invited = await createDriverFixture(t.ctx, 2, { firstName: 'Ida', surname: 'Eingeladen' });
      const response = await call(t.app, admin, { method: 'GET', url: `/drivers/${invited.customer.id}/login` });
      expect(response.statusCode).toBe(200);
      const login = response.json();
      expect(login).toMatchObject({
        userId: invited.userId,
        email: invited.loginEmail,
        isActive: true,
        lastLogin: null,
        invitation: 'pending',
      });
      expect(Date.parse(login.invitationExpiresAt)).toBeGreaterThan(Date.parse(login.invitedAt));

      const active = await createDriverFixture(t.ctx, 3, { password: DEMO_PASSWORD });
      const accepted = await call(t.app, admin, { method: 'GET', url: `/drivers/${active.customer.id}/login` });
      expect(accepted.json()).toMatchObject({ email: active.loginEmail, invitation: 'accepted' });
    });

    it('calls an invitation expired once its link no longer works', async () => {
      const driver = await createDriverFixture(t.ctx, 4);
      const login = await getDriverLogin(t.ctx, driver.customer.id);
      const afterExpiry = new Date(Date.parse(login.invitationExpiresAt!) + 1000);
      expect((await getDriverLogin(t.ctx, driver.customer.id, afterExpiry)).invitation).toBe('expired');
    });

    it('resends the invitation: a new mail, a new expiry, and the state pending', async () => {
      const driver = await createDriverFixture(t.ctx, 5);
      expect(await outboxTo(driver.loginEmail)).toHaveLength(1);
      const response = await call(t.app, admin, { method: 'POST', url: `/drivers/${driver.customer.id}/invitation` });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toMatchObject({ userId: driver.userId, invitation: 'pending' });
      const mails = await outboxTo(driver.loginEmail);
      expect(mails.map((mail) => mail.template)).toEqual(['invite', 'invite']);
    });

    it('refuses to resend to a driver who has a password, saying why', async () => {
      const driver = await createDriverFixture(t.ctx, 6, { password: DEMO_PASSWORD });
      const response = await call(t.app, admin, { method: 'POST', url: `/drivers/${driver.customer.id}/invitation` });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ key: 'error.driverHasPassword' });
      expect(await outboxTo(driver.loginEmail)).toHaveLength(1);
    });

    it('answers 404 for a customer who is not a driver, and 403 without the user rights', async () => {
      const customer = await createCustomerFixture(t.ctx, 7);
      expect((await call(t.app, admin, { method: 'GET', url: `/drivers/${customer.id}/login` })).statusCode).toBe(404);
      expect((await call(t.app, admin, { method: 'POST', url: `/drivers/${customer.id}/invitation` })).statusCode).toBe(
        404,
      );
      const driver = await createDriverFixture(t.ctx, 8);
      expect(
        (await call(t.app, office, { method: 'GET', url: `/drivers/${driver.customer.id}/login` })).statusCode,
      ).toBe(403);
      expect(
        (await call(t.app, office, { method: 'POST', url: `/drivers/${driver.customer.id}/invitation` })).statusCode,
      ).toBe(403);
    });
  });

  describe('editing the login through /users-app/{id}', () => {
    const card = async (id: number) => (await call(t.app, admin, { method: 'GET', url: `/customers/${id}` })).json();

    it('leaves the card filed surname first, with its agency, numbers and the contacts the edit did not send', async () => {
      const agency = await createAgencyFixture(t.ctx, 20);
      const driver = await createDriverFixture(t.ctx, 20, {
        firstName: 'Dieter',
        surname: 'Bäumer',
        agencyId: agency.id,
        ratio_id: 'R-2020',
        phones: [{ key: 'phone-mobile', value: '+49 176 1962829' }],
        emails: [
          { key: 'email-private', value: 'dieter.baeumer@privat.example' },
          { key: 'email-business', value: 'd.baeumer@firma.example' },
        ],
      });
      const before = await card(driver.customer.id);
      expect(before).toMatchObject({ name: 'Bäumer, Dieter', agencyId: agency.id, ratio_id: 'R-2020' });

      const edited = await call(t.app, admin, {
        method: 'PATCH',
        url: `/users-app/${driver.userId}`,
        payload: { username: 'dbaeumer' },
      });
      expect(edited.statusCode).toBe(200);
      expect(await card(driver.customer.id)).toEqual({ ...before, updatedAt: expect.any(String) });

      const newPhone = await call(t.app, admin, {
        method: 'PATCH',
        url: `/users-app/${driver.userId}`,
        payload: { phones: [{ key: 'phone-mobile', value: '+49 176 5550001' }] },
      });
      expect(newPhone.statusCode).toBe(200);
      const after = await card(driver.customer.id);
      expect(after.phones.map((row: { value: string }) => row.value)).toEqual(['+49 176 5550001']);
      expect(after.emails).toEqual(before.emails);
      expect(after).toMatchObject({ name: 'Bäumer, Dieter', agencyId: agency.id, ratio_id: 'R-2020' });
    });

    it('renames the card in its own order when the login’s name changes', async () => {
      const driver = await createDriverFixture(t.ctx, 21, { firstName: 'Dieter', surname: 'Bäumer' });
      const response = await call(t.app, admin, {
        method: 'PATCH',
        url: `/users-app/${driver.userId}`,
        payload: { firstname: 'Dieter-Karl' },
      });
      expect(response.statusCode).toBe(200);
      expect(await card(driver.customer.id)).toMatchObject({
        name: 'Bäumer, Dieter-Karl',
        firstName: 'Dieter-Karl',
        surname: 'Bäumer',
      });
    });
  });
});
