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
      KUSCHICK: DEFAULT_SETTINGS.KUSCHICK,
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
  it('issue #18 item 8: checks a known setting against its type (400 on value with a message key)', async () => {
    const all = (await call(t.app, superadmin, { method: 'GET', url: '/sys_settings?$limit=9999' })).json().data;
    const idOf = (key: string) => all.find((setting: { key: string }) => setting.key === key).id_sys_settings;
    const cases: Array<[string, unknown, string]> = [
      ['OPTION_DAYS', 0, 'error.invalid'],
      ['OPTION_DAYS', 1.5, 'error.number'],
      ['OPTION_DAYS', 'sieben', 'error.number'],
      ['QR_TICKETS', 2, 'error.invalid'],
      ['countries', [1, 'x'], 'error.invalid'],
      ['countries', 'keine Liste', 'error.invalid'],
      ['PAYMENT_TERMS', { nonsense: true }, 'error.number'],
    ];
    for (const [key, value, message] of cases) {
      const response = await call(t.app, superadmin, {
        method: 'PATCH',
        url: `/sys_settings/${idOf(key)}`,
        payload: { value },
      });
      expect(response.statusCode, `${key} ${JSON.stringify(value)}`).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ field: 'value', key: message })]);
    }
    // Text that parses as the right type is accepted, as the JSON editor sends it.
    const ok = await call(t.app, superadmin, {
      method: 'PATCH',
      url: `/sys_settings/${idOf('countries')}`,
      payload: { value: '[32, 44]' },
    });
    expect(ok.json().value).toEqual([32, 44]);
    const flag = await call(t.app, superadmin, {
      method: 'PATCH',
      url: `/sys_settings/${idOf('QR_TICKETS')}`,
      payload: { value: 1 },
    });
    expect(flag.json().value).toBe(1);
  });

  it('issue #18 item 8: keeps the history of a setting (who, when, old → new)', async () => {
    const all = (await call(t.app, superadmin, { method: 'GET', url: '/sys_settings?$limit=9999' })).json().data;
    const id = all.find((setting: { key: string }) => setting.key === 'OPTION_DAYS').id_sys_settings;
    for (const value of [10, 12]) {
      expect(
        (await call(t.app, superadmin, { method: 'PATCH', url: `/sys_settings/${id}`, payload: { value } })).statusCode,
      ).toBe(200);
    }
    const history = await call(t.app, superadmin, { method: 'GET', url: `/sys_settings/${id}/history` });
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toEqual([
      expect.objectContaining({ key: 'OPTION_DAYS', oldValue: 10, newValue: 12, userEmail: superadmin }),
      expect.objectContaining({ key: 'OPTION_DAYS', oldValue: 7, newValue: 10, userEmail: superadmin }),
    ]);
    expect(typeof history.json().data[0].userId).toBe('number');
    expect((await call(t.app, logins.admin, { method: 'GET', url: `/sys_settings/${id}/history` })).statusCode).toBe(
      403,
    );
    // A deleted setting leaves its last value in the history.
    const temp = (
      await call(t.app, superadmin, { method: 'POST', url: '/sys_settings', payload: { key: 'histTemp', value: 'a' } })
    ).json();
    await call(t.app, superadmin, { method: 'DELETE', url: `/sys_settings/${temp.id_sys_settings}` });
    const rows = await t.ctx.db
      .selectFrom('sys_settings_history')
      .select(['old_value', 'new_value'])
      .where('setting_key', '=', 'histTemp')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { old_value: null, new_value: 'a' },
      { old_value: 'a', new_value: null },
    ]);
  });
});
