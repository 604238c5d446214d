import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import type { StaffNotificationList } from '@tourdesk/contracts/staff-notifications.schema';
import { createCustomer } from '../support/customers.ts';
import { callApi } from '../support/journeys.ts';
import { apiToken, createOfficeUser, loginAs } from '../support/session.ts';

const ADMIN = 'admin@example.com';
const AGENCY = 'agency@example.com';
const PASSWORD = 'Anfang-2027!';

/** A trip of its own, booked through the API by the demo agency user for one of the agency's customers. */
async function agencyBooks(request: APIRequestContext, tag: string): Promise<Booking> {
  const journey = await callApi<{ dates: Array<{ nr: number }> }>(request, ADMIN, 'POST', '/journey-lit', {
    title: `Glockenreise ${tag}`,
    slug: `glockenreise-${tag}`,
    dates: [
      {
        termincode: `GL-${tag}`,
        date_from: '2027-09-06',
        date_till: '2027-09-09',
        prices: [{ description: 'pro Person', amount: 420, additional_price: 0 }],
      },
    ],
  });
  const customer = await createCustomer(request, AGENCY, { firstName: 'Helga', surname: `Glocke ${tag}` });
  return callApi<Booking>(request, AGENCY, 'POST', '/ratio_vorgang', {
    termin: journey.dates[0]!.nr,
    type: 'regular',
    buchender: { id_vc_card: customer.id },
    teilnehmer: [{ name: `Glocke ${tag}`, name1: 'Helga' }],
  });
}

/** The bell as the server has it, for `email`. */
async function bellOf(request: APIRequestContext, email: string): Promise<StaffNotificationList> {
  const token = await apiToken(request, email, PASSWORD);
  const response = await request.get('/api/v1/notifications', { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as StaffNotificationList;
}
const unreadOf = async (request: APIRequestContext, email: string) => (await bellOf(request, email)).unread;

test('an agency booking rings the office bell live; the entry opens the booking; all can be marked read', async ({
  page,
  request,
}) => {
  const tag = `${Date.now()}`;
  const email = `glocke-${tag}@example.org`;
  await createOfficeUser(request, { email, firstname: 'Greta', lastname: `Glocke${tag}` });
  await loginAs(page, email, PASSWORD);
  await page.getByRole('button', { name: /^Notifications/ }).waitFor();

  const booking = await agencyBooks(request, tag);
  // The badge appears without reloading: the bell's stream counts again.
  const bell = page.getByRole('button', { name: /^Notifications \(\d+\)$/ });
  await expect(bell).toBeVisible();
  await expect(page.locator('.MuiBadge-badge')).toBeVisible();

  await bell.click();
  const entry = page.getByRole('button', { name: new RegExp(`New agency booking.*${booking.vorgangnr}`) });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/vorgang/${booking.vorgangnr}$`));
  // Opening it marked it read: the badge shows what is left (nothing, unless the demo option rang meanwhile).
  await expect
    .poll(
      async () => (await bellOf(request, email)).data.find((row) => row.link === `/vorgang/${booking.vorgangnr}`)?.read,
    )
    .toBe(true);
  const left = await unreadOf(request, email);
  if (left === 0) await expect(page.locator('.MuiBadge-badge')).toHaveCount(0);
  else await expect(page.getByRole('button', { name: `Notifications (${left})` })).toBeVisible();

  // Another agency booking, then "Mark all as read" clears the badge.
  await agencyBooks(request, `${tag}b`);
  await expect(page.locator('.MuiBadge-badge')).toBeVisible();
  await page.getByRole('button', { name: /^Notifications \(\d+\)$/ }).click();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.locator('.MuiBadge-badge')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  expect(await unreadOf(request, email)).toBe(0);
});
