import { expect, test } from '@playwright/test';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { fillWizard, setUpWizardTrip, WIZARD_DE, WIZARD_EN } from '../support/booking-wizard.ts';
import { callApi } from '../support/journeys.ts';
import { loginAs } from '../support/session.ts';
import { LOOKS } from '../support/looks.ts';

const ADMIN = 'admin@example.com';

test('an office clerk books a family of four with two boarding points and seats (German)', async ({
  page,
  context,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  const { nr, customer } = await setUpWizardTrip(request, tag);
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  await loginAs(page, 'office@example.com');
  const findings: Awaited<ReturnType<typeof seriousViolations>> = [];
  await fillWizard(page, WIZARD_DE, tag, async (step) => {
    if (step === 'seats' || step === 'participants') findings.push(...(await seriousViolations(page, step)));
  });

  // 2 × 499 + 2 × 299 for the children, 2 × 2 × 15 € Dresden, 4 × 25 € city tour = 1.756,00 €.
  const total = page.getByRole('row', { name: /Gesamtpreis/ });
  await expect(total).toContainText('1.756,00 €');
  await expect(page.getByRole('row', { name: /Kind – Lena/ })).toContainText('299,00 €');
  await expect(page.getByRole('row', { name: /1 × Stadtführung/ })).toContainText('100,00 €');
  findings.push(...(await seriousViolations(page, 'summary')));
  expect(findings).toEqual([]);
  await page.getByRole('button', { name: 'Buchung speichern' }).click();

  await expect(page).toHaveURL(/\/vorgang\/\d+$/);
  const id = Number(/\/vorgang\/(\d+)$/.exec(page.url())![1]);
  const booking = await callApi<Booking>(request, ADMIN, 'GET', `/ratio_vorgang/${id}`);
  expect(booking).toMatchObject({ termin: nr, status: 'firm', price: 1756, language: 'de' });
  expect(booking.buchender?.id_vc_card).toBe(customer.id);
  expect(booking.teilnehmer.map((participant) => [participant.name1, participant.name])).toEqual([
    ['Petra', `Sommerfeld${tag}`],
    ['Thomas', `Sommerfeld${tag}`],
    ['Lena', `Sommerfeld${tag}`],
    ['Max', `Sommerfeld${tag}`],
  ]);
  expect(booking.teilnehmer.map((participant) => participant.geburtstag)).toEqual([
    '1984-03-17',
    '1982-11-02',
    '2014-06-14',
    '2017-01-30',
  ]);
  expect(booking.teilnehmer.map((participant) => participant.sitzhin)).toEqual(['5', '6', '7', '8']);
  expect(booking.teilnehmer.map((participant) => participant.sitzrueck)).toEqual(['5', '6', '7', '8']);
  const [leipzig, , dresden] = booking.teilnehmer.map((participant) => participant.zustieghin);
  expect(leipzig).not.toBe(dresden);
  expect(booking.teilnehmer.map((participant) => participant.zustieghin)).toEqual([leipzig, leipzig, dresden, dresden]);
  expect(booking.priceLines.filter((line) => line.kind === 'stop')).toHaveLength(4);
});

for (const [language, theme] of LOOKS) {
  test(`screenshots of the booking wizard on a phone (${language}, ${theme})`, async ({ page, context, request }) => {
    const tag = `${String(Date.now()).slice(-6)}`;
    await setUpWizardTrip(request, tag);
    await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'office@example.com');
    if (theme === 'dark')
      await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
    const shoot = async (step: string) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/booking-wizard-${step}-${language}-${theme}.png`, fullPage: true });
    };
    await fillWizard(page, language === 'de' ? WIZARD_DE : WIZARD_EN, tag, shoot);
    await shoot('summary');
  });
}

test('screenshots of the booking wizard on a desktop (de)', async ({ page, context, request }) => {
  const tag = `${String(Date.now()).slice(-6)}`;
  await setUpWizardTrip(request, tag);
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  await page.setViewportSize({ width: 1400, height: 900 });
  await loginAs(page, 'office@example.com');
  const shoot = async (step: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/tmp/booking-wizard-${step}-desktop.png`, fullPage: true });
  };
  await fillWizard(page, WIZARD_DE, tag, shoot);
  await shoot('summary');
});

test('a seat taken while the clerk was booking sends the wizard back to the seats, and a new seat saves', async ({
  page,
  context,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  const { nr } = await setUpWizardTrip(request, tag);
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  await loginAs(page, 'office@example.com');
  await fillWizard(page, WIZARD_DE, tag);

  // Meanwhile another clerk books seat 5 outbound.
  const other = await callApi<Booking>(request, ADMIN, 'POST', '/ratio_vorgang', {
    termin: nr,
    type: 'regular',
    buchender: { surname: `Zuvor ${tag}` },
    teilnehmer: [{ name: `Zuvor ${tag}`, sitzhin: '5' }],
  });
  expect(other.teilnehmer[0]?.sitzhin).toBe('5');

  await page.getByRole('button', { name: 'Buchung speichern' }).click();
  await expect(
    page.getByText('Platz 5 wurde inzwischen von einer anderen Buchung belegt: bitte neu wählen.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Zustiege & Sitzplätze');
  await page.getByRole('button', { name: 'Hinfahrt', exact: true }).click();
  await expect(page.getByLabel(`Sitz 5, belegt: Zuvor ${tag}`)).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Petra Sommerfeld${tag}`) }).click();
  await page.getByRole('button', { name: 'Sitz 9, frei', exact: true }).click();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Buchung speichern' }).click();

  await expect(page).toHaveURL(/\/vorgang\/\d+$/);
  const id = Number(/\/vorgang\/(\d+)$/.exec(page.url())![1]);
  const booking = await callApi<Booking>(request, ADMIN, 'GET', `/ratio_vorgang/${id}`);
  expect(booking.teilnehmer.map((participant) => participant.sitzhin)).toEqual(['9', '6', '7', '8']);
});
