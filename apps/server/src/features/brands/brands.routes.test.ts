import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateBrandBody } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createBrand } from './brands.service.ts';

const DEVELOPMENT_BRAND: CreateBrandBody = {
  host: 'localhost',
  isDevelopment: true,
  name: 'Talblick',
  company: 'Talblick Busreisen GmbH',
  street: 'Marktplatz 4',
  zip: '83435',
  city: 'Bad Reichenhall',
};

const KUESTENWIND: CreateBrandBody = {
  host: '127.0.0.1',
  name: 'Küstenwind Reisen',
  company: 'Küstenwind Reisen KG',
  street: 'Strandweg 7',
  zip: '18055',
  city: 'Rostock',
  tel: '+49 381 555010',
  email: 'hallo@kuestenwind.example',
  web: 'https://kuestenwind.example',
  court: 'Amtsgericht Rostock',
  RegistrationNumber: 'HRA 1234',
  companyId: 'DE111222333',
  pushChannel: 'kuestenwind',
  primaryColor: '#0e5a7a',
  legalLinks: {
    imprint: 'https://kuestenwind.example/impressum',
    privacy: 'https://kuestenwind.example/datenschutz',
    terms: 'mailto:datenschutz@kuestenwind.example',
  },
};

describe('brands', () => {
  let t: TestApp;
  let superadmin: string;
  let developmentId: number;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    superadmin = await createLogin(t.ctx, 'superadmin');
    developmentId = (await createBrand(t.ctx, DEVELOPMENT_BRAND)).id;
    await createBrand(t.ctx, KUESTENWIND);
  });
  afterAll(() => t.close());

  const brandFor = (host: string) => t.app.inject({ method: 'GET', url: '/api/v1/brand', headers: { host } });

  it('answers the brand of the request host without a login, with every field of spec §1', async () => {
    const response = await brandFor('127.0.0.1:3000');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(KUESTENWIND);
    expect(response.json()).toHaveProperty('logo');
    expect(response.json()).toHaveProperty('fax');
  });

  it('falls back to the development host for unknown hosts', async () => {
    const response = await brandFor('unknown.example.org');
    expect(response.json()).toMatchObject({
      host: 'localhost',
      isDevelopment: true,
      company: DEVELOPMENT_BRAND.company,
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
    const logged = await buildTestApp({ seed: 'defaults', logger: { level: 'warn', stream } });
    try {
      await createBrand(logged.ctx, DEVELOPMENT_BRAND);
      const created = await call(logged.app, await createLogin(logged.ctx, 'superadmin'), {
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
      expect(response.json()).toMatchObject({ host: 'localhost', company: DEVELOPMENT_BRAND.company });
      expect(lines.some((line) => line.includes('PRODUCT DATA NOT SET!') && line.includes('half.example.org'))).toBe(
        true,
      );
    } finally {
      await logged.close();
    }
  });

  it('lets superadmins manage brands, keeping one development host', async () => {
    const created = await call(t.app, superadmin, {
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
    const duplicate = await call(t.app, superadmin, {
      method: 'POST',
      url: '/brands',
      payload: { host: 'sued.example.org', name: 'X' },
    });
    expect(duplicate.json().errors).toEqual([expect.objectContaining({ field: 'host', key: 'error.nameExists' })]);
    const badColour = await call(t.app, superadmin, {
      method: 'PATCH',
      url: `/brands/${created.json().id}`,
      payload: { primaryColor: 'blue' },
    });
    expect(badColour.json().errors).toEqual([expect.objectContaining({ field: 'primaryColor', key: 'error.invalid' })]);

    const promoted = await call(t.app, superadmin, {
      method: 'PATCH',
      url: `/brands/${created.json().id}`,
      payload: { isDevelopment: true },
    });
    expect(promoted.json().isDevelopment).toBe(true);
    const all = (await call(t.app, superadmin, { method: 'GET', url: '/brands?isDevelopment=true' })).json();
    expect(all.data.map((brand: { host: string }) => brand.host)).toEqual(['sued.example.org']);
    expect((await brandFor('nowhere.example')).json().name).toBe('Südwind');
    expect((await call(t.app, superadmin, { method: 'DELETE', url: `/brands/${created.json().id}` })).statusCode).toBe(
      400,
    );
    // The development host goes back to where it was, for the other tests of this file.
    const restored = await call(t.app, superadmin, {
      method: 'PATCH',
      url: `/brands/${developmentId}`,
      payload: { isDevelopment: true },
    });
    expect(restored.statusCode).toBe(200);
  });

  it('refuses brand management to admins', async () => {
    const admin = await createLogin(t.ctx, 'admin');
    expect((await call(t.app, admin, { method: 'GET', url: '/brands' })).statusCode).toBe(403);
    expect(
      (await call(t.app, admin, { method: 'POST', url: '/brands', payload: { host: 'a.example', name: 'A' } }))
        .statusCode,
    ).toBe(403);
  });

  it('takes only an https: or http: address as the website', async () => {
    for (const web of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'mailto:info@example.org',
      'ftp://example.org',
      'www.example.org',
    ]) {
      const response = await call(t.app, superadmin, {
        method: 'PATCH',
        url: `/brands/${developmentId}`,
        payload: { web },
      });
      expect(response.statusCode, web).toBe(400);
      expect(response.json().errors, web).toEqual([expect.objectContaining({ field: 'web', key: 'error.invalid' })]);
    }
    for (const web of ['https://talblick.example', 'http://talblick.example/reisen']) {
      const response = await call(t.app, superadmin, {
        method: 'PATCH',
        url: `/brands/${developmentId}`,
        payload: { web },
      });
      expect(response.statusCode, web).toBe(200);
      expect(response.json().web).toBe(web);
    }
  });
});
