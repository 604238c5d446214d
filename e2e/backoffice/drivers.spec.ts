import { expect, test } from '@playwright/test';
import { linkTo, waitForMail } from '../support/mailbox.ts';
import { loginAs } from '../support/session.ts';

test('an admin registers a driver, sees the invitation pending, resends it, and sees it accepted', async ({
  page,
  browser,
}) => {
  await loginAs(page, 'admin@example.com');
  await page.goto('/customers/drivers/create');
  await page.getByLabel('First name').fill('Xaver');
  await page.getByLabel('Surname').fill('Lenkradl');
  await page.getByLabel('E-mail (driver login)').fill('x.lenkradl@example.com');
  await page.getByRole('button', { name: 'Save' }).click();

  // The new driver's page: the login and its invitation.
  await expect(page).toHaveURL(/\/customers\/drivers\/\d+\/show$/);
  await expect(page.getByText('Lenkradl, Xaver', { exact: true })).toBeVisible();
  await expect(page.getByText('x.lenkradl@example.com')).toBeVisible();
  await expect(page.getByText('sent, not yet accepted')).toBeVisible();
  const first = await waitForMail('x.lenkradl@example.com', /driver access/);

  await page.getByRole('button', { name: 'Send invitation again' }).click();
  await expect(page.getByText('Invitation sent to x.lenkradl@example.com.')).toBeVisible();
  let second = first;
  await expect
    .poll(async () => (second = await waitForMail('x.lenkradl@example.com', /driver access/)).text)
    .not.toBe(first.text);

  // The driver chooses a password from the newest link.
  const driverPage = await (await browser.newContext()).newPage();
  await driverPage.goto(linkTo(second, '/auth/set-password/'));
  await driverPage.getByLabel(/^New password/).fill('Lenkrad2027!');
  await driverPage.getByLabel(/^Repeat password/).fill('Lenkrad2027!');
  await driverPage.getByRole('button', { name: 'Save password' }).click();
  await expect(driverPage.getByText('Your password has been saved. You can log in now.')).toBeVisible();

  await page.reload();
  await expect(page.getByText('accepted: password chosen')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send invitation again' })).toHaveCount(0);

  // The master data is edited as the customer the driver is.
  await page.getByRole('link', { name: 'Edit as customer' }).click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  await expect(page.getByLabel('Surname')).toHaveValue('Lenkradl');
});

test('the drivers list opens a driver with the login of the demo driver', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  await page.goto('/customers/drivers');
  await page.getByRole('cell', { name: 'Bäumer, Dieter' }).click();
  await expect(page).toHaveURL(/\/customers\/drivers\/\d+\/show$/);
  await expect(page.getByText('driver@example.com')).toBeVisible();
  await expect(page.getByText('accepted: password chosen')).toBeVisible();
});
