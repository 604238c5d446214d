import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import type { Invoice } from '@tourdesk/contracts/invoices.schema';
import { downloadOf } from '../support/bookings.ts';
import { callApi } from '../support/journeys.ts';
import { loginAs } from '../support/session.ts';

const ADMIN = 'admin@example.com';
const OFFICE = 'office@example.com';

/** A firm booking on a trip of its own, its invoice issued and mailed with the confirmation to the booker. */
async function invoicedBooking(
  request: APIRequestContext,
  tag: string,
): Promise<{ booking: Booking; invoice: Invoice }> {
  const journey = await callApi<{ dates: Array<{ nr: number }> }>(request, ADMIN, 'POST', '/journey-lit', {
    title: `Dokumentenreise ${tag}`,
    slug: `dokumentenreise-${tag}`,
    dates: [
      {
        termincode: `DO-${tag}`,
        date_from: '2027-10-04',
        date_till: '2027-10-08',
        prices: [{ description: 'pro Person', amount: 545, additional_price: 0 }],
      },
    ],
  });
  const booking = await callApi<Booking>(request, OFFICE, 'POST', '/ratio_vorgang', {
    termin: journey.dates[0]!.nr,
    type: 'regular',
    language: 'de',
    buchender: { firstName: 'Doris', surname: `Dokument ${tag}`, email: `doris.${tag}@example.org` },
    teilnehmer: [{ name: `Dokument ${tag}`, name1: 'Doris' }],
  });
  const invoice = await callApi<Invoice>(request, OFFICE, 'POST', `/ratio_vorgang/${booking.id}/invoices`);
  await callApi(request, OFFICE, 'POST', `/ratio_vorgang/${booking.id}/documents/mail`, {
    confirmation: true,
    invoices: [invoice.id],
  });
  return { booking, invoice };
}

test('the office finds an invoice in the documents query, sees the mail it went out with, and downloads it', async ({
  page,
  request,
}) => {
  const tag = String(Date.now()).slice(-7);
  const { booking, invoice } = await invoicedBooking(request, tag);
  await loginAs(page, OFFICE);
  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await page.getByPlaceholder('Number, file name, customer, journey').fill(invoice.number);
  // The search is in the address once the list has taken it (a click before that would be undone by it).
  await expect(page).toHaveURL(new RegExp(invoice.number));
  const row = page.getByRole('row', { name: new RegExp(invoice.number) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Invoice');
  await expect(row).toContainText(`Dokument ${tag}`);
  await row.getByText(invoice.number).click();

  await expect(page).toHaveURL(/\/documents\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Document ${invoice.number}` })).toBeVisible();
  await expect(page.getByRole('link', { name: String(booking.vorgangnr), exact: true })).toBeVisible();
  const mails = page.getByRole('table', { name: 'Sent with these e-mails' });
  await expect(mails).toContainText(`doris.${tag}@example.org`);
  await expect(mails).toContainText(`${invoice.number}.pdf`);

  const file = await downloadOf(page, page.getByRole('button', { name: 'Download', exact: true }));
  expect(file.name).toBe(`${invoice.number}.pdf`);
  expect(file.head).toBe('%PDF-');
});
