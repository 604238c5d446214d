import { expect, test } from '@playwright/test';
import { apiToken, loginAs } from '../support/session.ts';

test('a user’s phone entries use the same { key, value } shape as customers, in the form and in the API', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'admin@example.com');
  const headers = { authorization: `Bearer ${token}` };
  const roles = await (await request.get('/api/v1/roles-lit?$limit=-1', { headers })).json();
  const office = roles.data.find((role: { role: string }) => role.role === 'office');
  const created = await request.post('/api/v1/users-lit', {
    headers,
    data: {
      email: 'kontakt.probe@example.com',
      password: 'Kontakt123!',
      passwordRepeat: 'Kontakt123!',
      firstname: 'Konrad',
      lastname: 'Kontaktmann',
      role: office.id_roles,
      phones: [{ key: 'phone-mobile', value: '+49 171 5550111' }],
    },
  });
  expect(created.status()).toBe(201);
  const user = await created.json();
  expect(user.phones).toEqual([{ key: 'phone-mobile', value: '+49 171 5550111' }]);

  await loginAs(page, 'admin@example.com');
  await page.goto(`/users/${user.id}`);
  await page.getByRole('tab', { name: 'Contacts' }).click();
  const phone = page.getByLabel('Phone number');
  await expect(phone).toHaveValue('+49 171 5550111');
  await expect(page.getByText('Mobile')).toBeVisible();
  await phone.fill('+49 171 5550222');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User Kontaktmann, Konrad saved')).toBeVisible();
  const read = await (await request.get(`/api/v1/users-lit/${user.id}`, { headers })).json();
  expect(read.phones).toEqual([{ key: 'phone-mobile', value: '+49 171 5550222' }]);
});
