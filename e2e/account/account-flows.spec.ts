import { expect, test } from '@playwright/test';
import { linkTo, waitForMail } from '../support/mailbox.ts';
import { apiToken, loginAs } from '../support/session.ts';

test('register in the browser, open the link from the delivered mail, verify, log in', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  await page.getByLabel('First name').fill('Wanda');
  await page.getByLabel('Last name').fill('Wanderlust');
  await page.getByLabel('Zip').fill('87629');
  await page.getByLabel('City').fill('Füssen');
  await page.getByLabel('E-mail').fill('wanda.wanderlust@example.org');
  await page.getByLabel(/^Password/).fill('Bergwelt2027');
  await page.getByLabel(/^Repeat password/).fill('Bergwelt2027');
  await page.getByRole('button', { name: 'Register' }).click();
  // Terms and privacy must be accepted.
  await expect(page.getByText('Please accept the terms and the privacy policy.').first()).toBeVisible();
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByLabel('I have read the privacy policy').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(/we have sent a confirmation link to wanda.wanderlust@example.org/)).toBeVisible();

  const mail = await waitForMail('wanda.wanderlust@example.org', /confirm your e-mail address/);
  await page.goto(linkTo(mail, '/auth/verify-email/'));
  await expect(
    page.getByText('Thank you! wanda.wanderlust@example.org is confirmed. You can log in now.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'To the login' }).click();
  await loginAs(page, 'wanda.wanderlust@example.org', 'Bergwelt2027');
  await expect(page.getByRole('heading', { name: /Wanda!/ })).toBeVisible();
});

test('forgot password through to logging in with the new password', async ({ page, request }) => {
  // An account of its own, so other tests keep the demo passwords.
  const token = await apiToken(request, 'admin@example.com');
  const headers = { authorization: `Bearer ${token}` };
  const role = (await (await request.get('/api/v1/roles-lit?role=office', { headers })).json()).data[0].id_roles;
  const created = await request.post('/api/v1/users-lit', {
    headers,
    data: {
      email: 'vergesslich@example.com',
      password: 'Anfang-2027!',
      passwordRepeat: 'Anfang-2027!',
      firstname: 'Vera',
      lastname: 'Vergesslich',
      role,
    },
  });
  expect(created.status()).toBe(201);
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('E-mail').fill('vergesslich@example.com');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(/a link is on its way/)).toBeVisible();

  const mail = await waitForMail('vergesslich@example.com', /Reset your password/);
  await page.goto(linkTo(mail, '/auth/reset-page/'));
  await page.getByLabel(/^New password/).fill('Koffer2027!');
  await page.getByLabel(/^Repeat password/).fill('Koffer2027?');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel(/^Repeat password/).fill('Koffer2027!');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been saved. You can log in now.')).toBeVisible();

  await loginAs(page, 'vergesslich@example.com', 'Koffer2027!');
  await expect(page.getByRole('heading', { name: /Vera!/ })).toBeVisible();
  // The old password no longer works.
  const old = await page.request.post('/api/v1/authentication', {
    data: { strategy: 'local', email: 'vergesslich@example.com', password: 'Anfang-2027!' },
  });
  expect(old.status()).toBe(401);
});

test('an administrator sees the delivered mails at /email/debug with their rendered message', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  await page.goto('/email/debug');
  await expect(page.getByRole('cell', { name: 'vergesslich@example.com' }).first()).toBeVisible();
  await page.getByRole('cell', { name: 'Reset your password' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(
    page.frameLocator('iframe[title="Reset your password"]').getByText('Choose a new password'),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Attempts' }).click();
  await expect(page.getByText(/delivered/).first()).toBeVisible();
});
