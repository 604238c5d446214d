import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@tourdesk/contracts';
import { buildTestApp, call, createLogins, type DemoAccount, type TestApp } from '../../../test/helpers.ts';

describe('system settings', () => {
  let t: TestApp;
  let logins: Record<DemoAccount, string>;
  let superadmin: string;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    logins = await createLogins(t.ctx);
    superadmin = logins.superadmin;
  });
  afterAll(() => t.close());

  it('seeds the defaults of spec §9, answered as parsed JSON with $limit=9999', async () => {
    const page = (await call(t.app, superadmin, { method: 'GET', url: '/sys_settings?$limit=9999' })).json();
    expect(page.limit).toBe(9999);
    const values = Object.fromEntries(
      page.data.map((setting: { key: string; value: unknown }) => [setting.key, setting.value]),
    );
    // Other tests of this file add settings of their own; every default is there, with its value.
    expect(values).toEqual(expect.objectContaining(DEFAULT_SETTINGS));
    expect(values.countries).toEqual([32, 44, 65, 129, 144, 169, 191]);
    expect(values.KUSCHICK).toBe(0);
    expect(values.BOOKING_EMAIL_ACTIVE).toBe(1);
    expect(values.CUSTOMER_CONFIRMATION).toBe(1);
  });

  it('searches key and value', async () => {
    const byKey = (await call(t.app, superadmin, { method: 'GET', url: '/sys_settings?lit-search=kusch' })).json();
    expect(byKey.data.map((setting: { key: string }) => setting.key)).toEqual(['KUSCHICK']);
    const byValue = (await call(t.app, superadmin, { method: 'GET', url: '/sys_settings?lit-search=marital' })).json();
    expect(byValue.data.map((setting: { key: string }) => setting.key)).toEqual(['selectOptions']);
  });

  it('stores values as JSON when they parse and as text otherwise', async () => {
    const json = await call(t.app, superadmin, {
      method: 'POST',
      url: '/sys_settings',
      payload: { key: 'mailFooter', value: { de: 'Grüße', en: 'Regards' } },
    });
    expect(json.statusCode).toBe(201);
    expect(json.json().value).toEqual({ de: 'Grüße', en: 'Regards' });
    const jsonText = await call(t.app, superadmin, {
      method: 'POST',
      url: '/sys_settings',
      payload: { key: 'limits', value: '[1, 2, 3]' },
    });
    expect(jsonText.json().value).toEqual([1, 2, 3]);
    const text = await call(t.app, superadmin, {
      method: 'POST',
      url: '/sys_settings',
      payload: { key: 'greeting', value: 'Servus miteinander' },
    });
    expect(text.json().value).toBe('Servus miteinander');
    const read = await call(t.app, superadmin, {
      method: 'GET',
      url: `/sys_settings/${text.json().id_sys_settings}`,
    });
    expect(read.json().value).toBe('Servus miteinander');
  });

  it('updates and deletes, refusing duplicate and malformed keys', async () => {
    const created = (
      await call(t.app, superadmin, { method: 'POST', url: '/sys_settings', payload: { key: 'temp', value: 1 } })
    ).json();
    const patched = await call(t.app, superadmin, {
      method: 'PATCH',
      url: `/sys_settings/${created.id_sys_settings}`,
      payload: { value: 0 },
    });
    expect(patched.json()).toMatchObject({ key: 'temp', value: 0 });
    const duplicate = await call(t.app, superadmin, {
      method: 'PATCH',
      url: `/sys_settings/${created.id_sys_settings}`,
      payload: { key: 'KUSCHICK' },
    });
    expect(duplicate.json().errors).toEqual([expect.objectContaining({ field: 'key', key: 'error.nameExists' })]);
    const malformed = await call(t.app, superadmin, {
      method: 'POST',
      url: '/sys_settings',
      payload: { key: 'has space', value: 1 },
    });
    expect(malformed.json().errors).toEqual([expect.objectContaining({ field: 'key', key: 'error.invalid' })]);
    expect(
      (await call(t.app, superadmin, { method: 'DELETE', url: `/sys_settings/${created.id_sys_settings}` })).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, superadmin, { method: 'GET', url: `/sys_settings/${created.id_sys_settings}` })).statusCode,
    ).toBe(404);
  });

  it('issue #8 §1.9: serves the public settings to everyone and the settings API only to superadmins', async () => {
    const open = await call(t.app, null, { method: 'GET', url: '/settings-public' });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({
      version: DEFAULT_SETTINGS.version,
      countries: DEFAULT_SETTINGS.countries,
      blogTypes: DEFAULT_SETTINGS.blogTypes,
      selectOptions: DEFAULT_SETTINGS.selectOptions,
      mapTileUrl: t.config.mapTileUrl,
    });
    expect((await call(t.app, null, { method: 'GET', url: '/sys_settings' })).statusCode).toBe(401);
    const id = (await call(t.app, superadmin, { method: 'GET', url: '/sys_settings?$limit=1' })).json().data[0]
      .id_sys_settings;
    for (const account of ['admin', 'office', 'agency', 'traveller', 'driver'] as const) {
      for (const url of ['/sys_settings?$limit=9999', `/sys_settings/${id}`]) {
        expect((await call(t.app, logins[account], { method: 'GET', url })).statusCode, `${account} ${url}`).toBe(403);
      }
      expect(
        (await call(t.app, logins[account], { method: 'POST', url: '/sys_settings', payload: { key: 'x', value: 1 } }))
          .statusCode,
      ).toBe(403);
    }
  });
});
