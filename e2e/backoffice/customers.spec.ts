import { expect, test } from '@playwright/test';
import { createCustomer, getCustomer, type CustomerAnswer } from '../support/customers.ts';
import { apiToken, loginAs } from '../support/session.ts';

type ContactRow = CustomerAnswer['phones'][number];

test('office creates a customer with two phones and an e-mail and finds it without umlauts', async ({
  page,
  request,
}) => {
  await loginAs(page, 'office@example.com');
  await page.goto('/customers/create');
  await page.getByLabel('First name').fill('Ilse');
  await page.getByLabel('Surname').fill('Größwang');
  await page.getByRole('tab', { name: 'Addresses' }).click();
  await page.getByLabel('Street and no.').fill('Bahnhofstraße 12');
  await page.getByLabel('Zip').fill('87527');
  await page.getByLabel('City').fill('Sonthofen');
  await page.getByRole('tab', { name: 'Contacts' }).click();
  const addPhone = page.getByRole('button', { name: 'Add' }).first();
  const addEmail = page.getByRole('button', { name: 'Add' }).nth(1);
  await addPhone.click();
  await page.getByLabel('Phone', { exact: true }).nth(0).fill('+49 8321 555111');
  await addPhone.click();
  await page.getByLabel('Type', { exact: true }).nth(1).click();
  await page.getByRole('option', { name: 'Mobile' }).click();
  await page.getByLabel('Phone', { exact: true }).nth(1).fill('+49 170 5552222');
  await addEmail.click();
  await page.getByLabel('E-mail', { exact: true }).fill('Ilse.Groesswang@Example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  // The edit page has replaced the create form (its tabs would lead back to /customers/create).
  await expect(page.getByText('Customer Größwang, Ilse', { exact: true })).toBeVisible();

  const id = Number(/\/customers\/(\d+)$/.exec(page.url())![1]);
  const created = await getCustomer(request, id);
  expect(created.name).toBe('Größwang, Ilse');
  expect(created.phones.map((row) => [row.key, row.value])).toEqual([
    ['phone-business', '+49 8321 555111'],
    ['phone-mobile', '+49 170 5552222'],
  ]);
  // The contract files e-mail addresses in lower case.
  expect(created.emails.map((row) => row.value)).toEqual(['ilse.groesswang@example.com']);

  // Changing a number updates its row (same id) instead of replacing it.
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.getByLabel('Phone', { exact: true }).nth(1).fill('+49 170 5553333');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Customer Größwang, Ilse saved')).toBeVisible();
  const changed = await getCustomer(request, id);
  expect(changed.phones.map((row) => row.id_vc_field)).toEqual(created.phones.map((row) => row.id_vc_field));
  expect(changed.phones[1]!.value).toBe('+49 170 5553333');

  await page.goto('/customers');
  await page.getByPlaceholder('Search').fill('grosswang');
  await expect(page.getByRole('cell', { name: 'Größwang, Ilse' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'ilse.groesswang@example.com' })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
});

test('a copy starts a new customer with the address but without name and contacts', async ({ page, request }) => {
  const original = await createCustomer(request, 'office@example.com', {
    firstName: 'Walburga',
    surname: 'Kopiervorlage',
    birthday: '1961-05-04',
    address: 'Lindenweg 7',
    zip: '87435',
    city: 'Kempten',
    customerType: 'regular',
    phones: [{ key: 'phone-private', value: '+49 831 5559876' }],
    emails: [{ key: 'email-private', value: 'walburga@example.com' }],
  });
  await loginAs(page, 'office@example.com');
  await page.goto('/customers');
  await page.getByPlaceholder('Search').fill('Kopiervorlage');
  await page
    .getByRole('row', { name: /Kopiervorlage, Walburga/ })
    .getByRole('link', { name: 'Copy' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/customers/copy/${original.id}$`));
  await expect(page.getByLabel('First name')).toHaveValue('');
  await expect(page.getByLabel('Surname')).toHaveValue('');
  await expect(page.getByLabel('Date of birth')).toHaveValue('');
  await expect(page.getByLabel('Customer type')).toContainText('Regular customer');
  await page.getByRole('tab', { name: 'Addresses' }).click();
  await expect(page.getByLabel('Street and no.')).toHaveValue('Lindenweg 7');
  await expect(page.getByLabel('Zip')).toHaveValue('87435');
  await expect(page.getByLabel('City')).toHaveValue('Kempten');
  await page.getByRole('tab', { name: 'Contacts' }).click();
  await expect(page.getByLabel('Phone', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveCount(0);
});

test("an agency user sees only its own agency's customers and its agency", async ({ page, request }) => {
  const foreign = await createCustomer(request, 'agency2@example.com', {
    firstName: 'Hinnerk',
    surname: 'Quappendorf',
    city: 'Kiel',
  });
  expect(foreign.agencyId).not.toBeNull();
  const own = await createCustomer(request, 'agency@example.com', {
    firstName: 'Theresia',
    surname: 'Zugspitzer',
    city: 'Kempten',
    birthday: '1970-03-01',
  });
  expect(own.agencyId).not.toBe(foreign.agencyId);

  await loginAs(page, 'agency@example.com');
  await page.goto('/agencies/customers');
  await expect(page.getByRole('cell', { name: 'Zugspitzer, Theresia' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '01.03.1970' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Quappendorf, Hinnerk' })).toHaveCount(0);
  await page.getByPlaceholder('Search').fill('quappendorf');
  await expect(page.getByText(/^No .* found/)).toBeVisible();

  await page.goto(`/agencies/customers/${foreign.id}`);
  await expect(page.getByText('Element does not exist')).toBeVisible();
  await expect(page.getByLabel('Surname')).toHaveCount(0);
  await expect(page).toHaveURL(/\/agencies\/customers(\?|$)/);

  await page.goto(`/agencies/customers/${own.id}`);
  await expect(page.getByLabel('Surname')).toHaveValue('Zugspitzer');

  await page.goto('/agencies/myProfile');
  await expect(page.getByTestId('agency-name')).toHaveText('Reisebüro Sonnenschein GmbH');
  await expect(page.getByLabel('City')).toHaveValue('Kempten');
  await expect(page.getByLabel('Name')).toHaveCount(0);
});

test('an agency user keeps its address up to date and adds a customer of its own', async ({ page, request }) => {
  await loginAs(page, 'agency@example.com');
  await page.goto('/agencies/myProfile');
  await page.getByLabel('Street and no.').fill('Marktplatz 5');
  await page.getByRole('button', { name: 'Add' }).first().click();
  await page.getByLabel('Phone', { exact: true }).nth(1).fill('+49 831 5551239');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("Your agency's data has been saved.")).toBeVisible();
  const token = await apiToken(request, 'agency@example.com');
  const me = await (await request.get('/api/v1/userdata', { headers: { authorization: `Bearer ${token}` } })).json();
  const agency = await (
    await request.get(`/api/v1/organization/${me.agencyId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(agency.address).toBe('Marktplatz 5');
  expect(agency.phones.map((row: ContactRow) => row.value)).toEqual(['+49 831 5551230', '+49 831 5551239']);

  await page.goto('/agencies/customers');
  await page.getByRole('link', { name: 'New customer' }).click();
  await page.getByLabel('First name').fill('Korbinian');
  await page.getByLabel('Surname').fill('Allgäuer');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/agencies\/customers\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  expect((await getCustomer(request, id)).agencyId).toBe(me.agencyId);
  await page.goto('/agencies/customers');
  await page.getByPlaceholder('Search').fill('allgauer');
  await expect(page.getByRole('cell', { name: 'Allgäuer, Korbinian' })).toBeVisible();
});

test('an admin links an agency user to an agency', async ({ page, request }) => {
  await loginAs(page, 'admin@example.com');

  const token = await apiToken(request, 'admin@example.com');
  const headers = { authorization: `Bearer ${token}` };
  const roles = await (await request.get('/api/v1/roles-lit?$limit=-1', { headers })).json();
  const agencyRole = roles.data.find((role: { role: string }) => role.role === 'agency');
  const created = await request.post('/api/v1/users-lit', {
    headers,
    data: {
      email: 'neu.agentur@example.com',
      password: 'Agentur123!',
      passwordRepeat: 'Agentur123!',
      firstname: 'Nele',
      lastname: 'Neuagentur',
      role: agencyRole.id_roles,
    },
  });
  expect(created.status()).toBe(201);
  const user = await created.json();
  await page.goto(`/users/${user.id}`);
  await page.getByLabel('Agency', { exact: true }).click();
  await page.getByRole('option', { name: 'Reiseland Nord Touristik' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User Neuagentur, Nele saved')).toBeVisible();

  const agencyPage = await (await page.context().browser()!.newContext()).newPage();
  await loginAs(agencyPage, 'neu.agentur@example.com', 'Agentur123!');
  await agencyPage.goto('/agencies/myProfile');
  await expect(agencyPage.getByTestId('agency-name')).toHaveText('Reiseland Nord Touristik');
  await agencyPage.context().close();
});
