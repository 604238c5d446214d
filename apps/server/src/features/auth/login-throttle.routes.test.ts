import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createLogin, type TestApp } from '../../../test/helpers.ts';
import { DEMO_PASSWORD } from '../../seed/factories.ts';
import { LOGIN_POLICIES } from './auth.service.ts';

const OFFICE_ADDRESS = '198.51.100.20';

const login = (t: TestApp, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication',
    payload: { strategy: 'local', email, password },
    remoteAddress: OFFICE_ADDRESS,
  });

describe('login throttling of a shared address', () => {
  let t: TestApp;
  let colleagues: string[];
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    colleagues = [];
    for (let n = 0; n < 4; n++) colleagues.push(await createLogin(t.ctx, 'office'));
  });
  afterAll(() => t.close());

  it('issue #8 §1.6: an office whose staff log in from one address is never held back by its own logins', async () => {
    // More successful logins from one address than the address may fail: none of them is refused.
    const logins = LOGIN_POLICIES.address.free + 10;
    for (let n = 0; n < logins; n++) {
      const response = await login(t, colleagues[n % colleagues.length]!, DEMO_PASSWORD);
      expect(response.statusCode, `login ${n + 1}`).toBe(201);
    }
  });

  it('still counts the wrong passwords from that address', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < LOGIN_POLICIES.address.free + 1; n++) {
      const response = await login(t, `nobody-${n}@test.example`, 'Wrong-password-1');
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, LOGIN_POLICIES.address.free)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});
