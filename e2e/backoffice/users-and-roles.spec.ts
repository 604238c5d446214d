import { expect, test } from '@playwright/test';
import { chooseOption } from '../support/forms.ts';
import { apiToken, loginAs, menuTargets } from '../support/session.ts';

test('a new user is created in the form and found by an accent-insensitive search', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  await page.goto('/users/create');
  await page.getByLabel('First name').fill('Gisela');
  await page.getByLabel('Last name').fill('Brüggemann');
  await page.getByLabel('E-mail (login)').fill('gisela.brueggemann@example.com');
  await chooseOption(page, 'Role', 'office');
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.getByRole('button', { name: 'Add' }).first().click();
  await page.getByLabel('Phone number').fill('+49 831 5550123');
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel(/^Password/).fill('Sicher123!');
  await page.getByLabel('Repeat password').fill('Sicher124!');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel('Repeat password').fill('Sicher123!');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/users\/\d+$/);

  await page.goto('/users');
  await page.getByPlaceholder('Search').fill('bruggemann');
  await expect(page.getByRole('cell', { name: 'gisela.brueggemann@example.com' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'superadmin@example.com' })).toHaveCount(0);
});

test('server-side validation shows at the field: a duplicate e-mail', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  await page.goto('/users/create');
  await page.getByLabel('First name').fill('Doppel');
  await page.getByLabel('Last name').fill('Gänger');
  await page.getByLabel('E-mail (login)').fill('office@example.com');
  await chooseOption(page, 'Role', 'office');
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel(/^Password/).fill('Sicher123!');
  await page.getByLabel('Repeat password').fill('Sicher123!');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('tab', { name: 'Master data' }).click();
  await expect(page.getByText('This e-mail address already exists in this list.').first()).toBeVisible();
});

test('a copy starts a new user prefilled from an existing one', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  await page.goto('/users');
  await page
    .getByRole('row', { name: /office@example.com/ })
    .getByRole('link', { name: 'Copy' })
    .click();
  await expect(page).toHaveURL(/\/users\/copy\/\d+$/);
  await expect(page.getByLabel('Role')).toContainText('office');
  await expect(page.getByLabel('E-mail (login)')).toHaveValue('');
});

test("a role's rights are changed and the menu changes for its user", async ({ page, request, browser }) => {
  const token = await apiToken(request, 'admin@example.com');
  const headers = { authorization: `Bearer ${token}` };
  const role = await (
    await request.post('/api/v1/roles', {
      headers,
      data: { role: 'Disposition', access: { customers: { read: true } } },
    })
  ).json();
  const created = await request.post('/api/v1/users-lit', {
    headers,
    data: {
      email: 'dispo@example.com',
      password: 'Dispo1234!',
      passwordRepeat: 'Dispo1234!',
      firstname: 'Dora',
      lastname: 'Disponentin',
      role: role.id_roles,
    },
  });
  expect(created.status()).toBe(201);

  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await loginAs(userPage, 'dispo@example.com', 'Dispo1234!');
  expect(await menuTargets(userPage)).toEqual(['/', '/customers']);

  await loginAs(page, 'admin@example.com');
  await page.goto(`/roles/${role.id_roles}`);
  await page.getByTestId('access-user-read').locator('input').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role Disposition saved')).toBeVisible();

  await userPage.reload();
  expect(await menuTargets(userPage)).toEqual(
    ['/', '/app/users', '/customers', '/customers/drivers', '/users', '/users-disabled'].sort(),
  );
  await userContext.close();
});
