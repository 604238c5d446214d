import { expect, test } from '@playwright/test';

test('the server serves the web app and the API documentation', async ({ page, request }) => {
  const health = await request.get('/api/v1/health');
  expect(await health.json()).toEqual({ status: 'ok', database: 'sqlite' });
  await page.goto('/');
  await expect(page).toHaveTitle(/Tourdesk/);
  await page.goto('/api/v1/docs');
  await expect(page.getByText('Tourdesk API')).toBeVisible();
});
