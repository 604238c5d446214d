import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { loginAs } from '../support/session.ts';

/** Staff keep the operator's emergency numbers at /app/emergencycall (issue #13); travellers see them on their trip. */
test('an administrator adds an emergency number; the page has no serious axe finding', async ({ page, request }) => {
  await loginAs(page, 'admin@example.com');
  await page.goto('/app/emergencycall');
  await expect(page.getByRole('heading', { name: 'Emergency numbers', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Label' }).first()).toHaveValue('Notruf Reiseleitung (24 h)');
  expect(await seriousViolations(page, 'emergency numbers')).toEqual([]);
  await page.getByRole('button', { name: 'Add number' }).click();
  await page.getByRole('textbox', { name: 'Label' }).last().fill('Busfahrer Dieter');
  await page.getByRole('textbox', { name: 'Phone number' }).last().fill('+49 170 5551234');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The emergency numbers are saved.')).toBeVisible();
  await page.screenshot({ path: '.tmp/screenshots/traveller/emergency-numbers-admin-en.png', fullPage: true });

  const token = (
    await (
      await request.post('/api/v1/authentication', {
        data: { strategy: 'local', email: 'traveller@example.com', password: 'Demo1234!' },
      })
    ).json()
  ).accessToken as string;
  const headers = { authorization: `Bearer ${token}` };
  const [trip] = await (await request.get('/api/v1/users-vorgaenge-app?show_active=1', { headers })).json();
  const detail = await (await request.get(`/api/v1/users-vorgaenge/${trip.id}`, { headers })).json();
  expect(detail.emergencyNumbers.at(-1)).toEqual({ label: 'Busfahrer Dieter', phone: '+49 170 5551234' });
});
