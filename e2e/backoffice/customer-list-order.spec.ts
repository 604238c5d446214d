import { expect, test } from '@playwright/test';
import { apiToken, loginAs } from '../support/session.ts';

/**
 * Issue #8, 2.4 and 2.5: the customer list sorts names in German dictionary order and by phone, and finds a phone
 * number however it is typed.
 */
test('the customer list sorts the German way, by phone, and finds numbers in any form', async ({ page, request }) => {
  const token = await apiToken(request, 'office@example.com');
  const customers = [
    { firstName: 'Zora', surname: 'Zimmermann', phone: '0171 4440002' },
    { firstName: 'Ömer', surname: 'Öztürk', phone: '+49 170 4440003' },
    { firstName: 'Otto', surname: 'Ochs', phone: '0172 4440001' },
  ];
  for (const customer of customers) {
    const response = await request.post('/api/v1/customers', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        firstName: customer.firstName,
        surname: customer.surname,
        city: 'Sortierhausen',
        phones: [{ key: 'phone-mobile', value: customer.phone }],
      },
    });
    expect(response.status()).toBe(201);
  }

  await loginAs(page, 'office@example.com');
  await page.goto('/customers');
  await page.getByPlaceholder('Search').fill('sortierhausen');
  const names = page.getByRole('cell', { name: /^(Zimmermann|Öztürk|Ochs), / });
  await expect(names).toHaveText(['Ochs, Otto', 'Öztürk, Ömer', 'Zimmermann, Zora']);

  await page.getByRole('columnheader', { name: 'Phone' }).getByRole('button').click();
  await expect(names).toHaveText(['Öztürk, Ömer', 'Zimmermann, Zora', 'Ochs, Otto']);

  await page.getByPlaceholder('Search').fill('0170 4440003');
  await expect(names).toHaveText(['Öztürk, Ömer']);
  await page.getByPlaceholder('Search').fill('+49 172 4440001');
  await expect(names).toHaveText(['Ochs, Otto']);
});
