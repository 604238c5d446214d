import { describe, expect, it } from 'vitest';
import { ZCreateCustomerBody } from './customers.schema.ts';
import { ZUpdateUserBody } from './users.schema.ts';

describe('contact entries', () => {
  const phones = [{ key: 'phone-mobile', value: ' +49 171 5550199 ' }];
  const emails = [{ key: 'email-private', value: 'Erika.Muster@Example.NET' }];

  it('are the same { key, value } for users and customers, read the same way', () => {
    const user = ZUpdateUserBody.parse({ phones, emails });
    const customer = ZCreateCustomerBody.parse({ firstName: 'Erika', surname: 'Muster', phones, emails });
    expect(user.phones).toEqual([{ key: 'phone-mobile', value: '+49 171 5550199' }]);
    expect(user.emails).toEqual([{ key: 'email-private', value: 'erika.muster@example.net' }]);
    expect(customer.phones).toEqual(user.phones);
    expect(customer.emails).toEqual(user.emails);
  });

  it('refuse the old users-only `type` field with the key of `key`', () => {
    const result = ZUpdateUserBody.safeParse({ phones: [{ type: 'phone-mobile', value: '1' }] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['phones', 0, 'key'], message: 'error.invalid' });
  });
});
