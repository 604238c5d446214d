import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers.ts';

describe('brands', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const brandFor = (host: string) => t.app.inject({ method: 'GET', url: '/api/v1/brand', headers: { host } });

  it('answers the brand of the request host without a login, with every field of spec §1', async () => {
    const response = await brandFor('127.0.0.1:3000');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      host: '127.0.0.1',
      name: 'Nordlicht Reisen',
      company: 'Nordlicht Reisen KG',
      street: 'Am Hafen 3',
      zip: '24103',
      city: 'Kiel',
      tel: '+49 431 987650',
      email: 'service@nordlicht-reisen.example',
      web: 'https://nordlicht-reisen.example',
      court: 'Amtsgericht Kiel',
      RegistrationNumber: 'HRA 4711',
      companyId: 'DE987654321',
      pushChannel: 'nordlicht',
      primaryColor: '#7a2e0e',
      legalLinks: { imprint: expect.any(String), privacy: expect.any(String), terms: expect.any(String) },
    });
    expect(response.json()).toHaveProperty('logo');
    expect(response.json()).toHaveProperty('fax');
  });

  it('falls back to the development host for unknown hosts', async () => {
    const response = await brandFor('unknown.example.org');
    expect(response.json()).toMatchObject({
      host: 'localhost',
      isDevelopment: true,
      company: 'Alpenblick Busreisen GmbH',
    });
  });

  it('uses the development host data for a brand without company data, and logs PRODUCT DATA NOT SET!', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildTestApp({ logger: { level: 'warn', stream } });
    try {
      const created = await call(logged.app, 'superadmin', {
        method: 'POST',
        url: '/brands',
        payload: { host: 'half.example.org', name: 'Halbfertig' },
      });
      expect(created.statusCode).toBe(201);
      const response = await logged.app.inject({
        method: 'GET',
        url: '/api/v1/brand',
        headers: { host: 'half.example.org' },
      });
      expect(response.json()).toMatchObject({ host: 'localhost', company: 'Alpenblick Busreisen GmbH' });
      expect(lines.some((line) => line.includes('PRODUCT DATA NOT SET!') && line.includes('half.example.org'))).toBe(
        true,
      );
    } finally {
      await logged.close();
    }
  });

  it('lets superadmins manage brands, keeping one development host', async () => {
    const created = await call(t.app, 'superadmin', {
      method: 'POST',
      url: '/brands',
      payload: {
        host: 'Sued.Example.org',
        name: 'Südwind',
        company: 'Südwind Reisen',
        street: 'Ring 1',
        zip: '79098',
        city: 'Freiburg',
        primaryColor: '#123456',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().host).toBe('sued.example.org');
    const duplicate = await call(t.app, 'superadmin', {
      method: 'POST',
      url: '/brands',
      payload: { host: 'sued.example.org', name: 'X' },
    });
    expect(duplicate.json().errors).toEqual([expect.objectContaining({ field: 'host', key: 'error.nameExists' })]);
    const badColour = await call(t.app, 'superadmin', {
      method: 'PATCH',
      url: `/brands/${created.json().id}`,
      payload: { primaryColor: 'blue' },
    });
    expect(badColour.json().errors).toEqual([expect.objectContaining({ field: 'primaryColor', key: 'error.invalid' })]);

    const promoted = await call(t.app, 'superadmin', {
      method: 'PATCH',
      url: `/brands/${created.json().id}`,
      payload: { isDevelopment: true },
    });
    expect(promoted.json().isDevelopment).toBe(true);
    const all = (await call(t.app, 'superadmin', { method: 'GET', url: '/brands?isDevelopment=true' })).json();
    expect(all.data.map((brand: { host: string }) => brand.host)).toEqual(['sued.example.org']);
    expect((await brandFor('nowhere.example')).json().name).toBe('Südwind');
    expect(
      (await call(t.app, 'superadmin', { method: 'DELETE', url: `/brands/${created.json().id}` })).statusCode,
    ).toBe(400);
  });

  it('refuses brand management to admins', async () => {
    expect((await call(t.app, 'admin', { method: 'GET', url: '/brands' })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'admin', { method: 'POST', url: '/brands', payload: { host: 'a.example', name: 'A' } }))
        .statusCode,
    ).toBe(403);
  });
});
