import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { LOOKS } from '../support/looks.ts';
import { linkTo, waitForMail } from '../support/mailbox.ts';
import { phoneContext } from '../support/phone.ts';
import { apiToken, DEMO_PASSWORD } from '../support/session.ts';

/** The traveller app on a phone: a trip by booking code, "My journeys" and the journey screen (issue #13). */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const SHOTS = '.tmp/screenshots/traveller';

/** A new firm booking on the demo traveller's coming departure, booked by the office for Walter Wanderer. */
async function bookForWanderer(request: APIRequestContext): Promise<number> {
  const traveller = { authorization: `Bearer ${await apiToken(request, 'traveller@example.com')}` };
  const trips = await (await request.get('/api/v1/users-vorgaenge-app?show_active=1', { headers: traveller })).json();
  const office = { authorization: `Bearer ${await apiToken(request, 'office@example.com')}` };
  const coming = (trips as Array<{ id: number; title: string }>).find(
    (trip) => trip.title === 'Adventszauber in Südtirol',
  );
  const demo = await (await request.get(`/api/v1/ratio_vorgang/${coming!.id}`, { headers: office })).json();
  const created = await request.post('/api/v1/ratio_vorgang', {
    headers: office,
    data: {
      termin: demo.termin,
      type: 'regular',
      language: 'en',
      buchender: { firstName: 'Walter', surname: 'Wanderer', zip: '01067', city: 'Dresden' },
      teilnehmer: [{ name: 'Wanderer', name1: 'Walter', zustieghin: 1, zustiegrueck: 1 }],
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).id as number;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/^(password|passwort)/i).fill(password);
  await page.getByRole('button', { name: /log in|anmelden/i }).click();
  await expect(page).toHaveURL(/\/appuser\/aktJourneys/);
}

test('a traveller registers with a booking code, logs in and sees pick-up time, seat and itinerary', async ({
  page,
  request,
}) => {
  const bookingId = await bookForWanderer(request);
  await page.goto('/auth/signup-vorgang');
  await expect(page.getByRole('heading', { name: 'Register with your booking number' })).toBeVisible();
  await page.getByLabel(/^Booking number/).fill(String(bookingId));
  await page.getByLabel(/^Booker's surname/).fill('Wanderer');
  await page.getByLabel(/^Booker's postcode/).fill('01067');
  await page.getByLabel(/^First name/).fill('Walter');
  await page.getByLabel(/^Surname/).fill('Wanderer');
  await page.getByLabel(/^E-mail/).fill('walter.wanderer@example.org');
  await page.getByLabel(/^Password/).fill('Elbsandstein2027');
  await page.getByLabel(/^Repeat password/).fill('Elbsandstein2027');
  await page.getByLabel(/I accept the travel terms/).check();
  await page.getByLabel(/I have read the privacy policy/).check();
  await page.screenshot({ path: `${SHOTS}/signup-vorgang-en.png`, fullPage: true });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(/we have sent an e-mail to walter.wanderer@example.org/)).toBeVisible();

  const mail = await waitForMail('walter.wanderer@example.org', /confirm your e-mail address/);
  await page.goto(linkTo(mail, '/auth/verify-email/'));
  await expect(page.getByText(/walter.wanderer@example.org is confirmed/)).toBeVisible();

  await logIn(page, 'walter.wanderer@example.org', 'Elbsandstein2027');
  await page.getByRole('link', { name: /Adventszauber in Südtirol/ }).click();
  await expect(page).toHaveURL(new RegExp(`/appuser/aktJourneys/${bookingId}$`));
  const departure = page.getByRole('region', { name: 'Your departure' });
  await expect(departure.getByTestId('pickup-time')).toHaveText('Pick-up at 06:30');
  await expect(departure.getByTestId('seats')).toHaveText(/^Seat: \d+/);
  const itinerary = page.getByRole('region', { name: 'Itinerary' });
  await expect(itinerary.getByRole('heading', { name: 'Meraner Weihnachtsmarkt' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Notruf Reiseleitung/ })).toHaveAttribute('href', /^tel:\+49/);
});

for (const [language, theme] of LOOKS) {
  test(`the journey screen (${language}, ${theme}): axe finds nothing serious; screenshots`, async ({ browser }) => {
    const context = await phoneContext(browser, { language, theme });
    const page = await context.newPage();
    await logIn(page, 'traveller@example.com', DEMO_PASSWORD);
    await expect(page.getByRole('link', { name: /Adventszauber in Südtirol/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/journeys-${language}-${theme}.png`, fullPage: true });
    await page.getByRole('link', { name: /Adventszauber in Südtirol/ }).click();
    const title = language === 'de' ? 'Ihre Abfahrt' : 'Your departure';
    await expect(page.getByRole('region', { name: title }).getByTestId('pickup-time')).toBeVisible();
    // The booker sees the waiting request of the demo companion.
    await expect(page.getByText('reisebegleiterin@example.com', { exact: false })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/journey-${language}-${theme}.png`, fullPage: true });
    expect(await seriousViolations(page, `journey ${language} ${theme}`)).toEqual([]);
    await context.close();
  });
}

test('a logged-in traveller adds a trip by booking number; wrong details say so', async ({ page }) => {
  await logIn(page, 'traveller@example.com', DEMO_PASSWORD);
  await page.getByLabel(/^Booking number/).fill('999999');
  await page.getByLabel(/^Booker's surname/).fill('Niemand');
  await page.getByLabel(/^Booker's postcode/).fill('12345');
  await page.getByRole('button', { name: 'Add trip' }).click();
  await expect(page.getByText(/Booking not found/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/add-trip-error-en.png`, fullPage: true });
  // The bottom bar holds the first screens; the drawer has them all.
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('link', { name: /Past trips/ })
    .click();
  await expect(page.getByRole('link', { name: /Herbstfarben am Bodensee/ })).toBeVisible();
});
