import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { pdfPages } from '../support/bookings.ts';
import { callApi } from '../support/journeys.ts';
import { loginAs } from '../support/session.ts';

const ADMIN = 'admin@example.com';

/** A small coach: driver and door in front, then two rows of seats either side of the aisle. */
const seat = (txt: string) => ({ txt, idx: 0, isSeat: true });
const aisle = { txt: '', idx: 1, isSeat: false };
const LAYOUT = {
  decks: [
    {
      name: '',
      rows: [
        [{ txt: '', idx: 2, isSeat: false }, aisle, aisle, { txt: '', idx: 3, isSeat: false }],
        [seat('1'), seat('2'), aisle, seat('3')],
        [seat('4'), seat('5'), aisle, seat('6')],
      ],
    },
  ],
};

/** A journey with one date, two boarding points, a coach per direction, and a booking of three travellers. */
async function bookedDeparture(request: APIRequestContext, tag: string) {
  const stops: number[] = [];
  for (const [name, city] of [
    [`Görlitz Postplatz ${tag}`, 'Görlitz'],
    [`Bautzen Kornmarkt ${tag}`, 'Bautzen'],
  ] as const) {
    stops.push(
      (await callApi<{ id: number }>(request, ADMIN, 'POST', '/zustiege-lit', { name, city, country: 'DE' })).id,
    );
  }
  const journey = await callApi<{ id: number; dates: Array<{ nr: number; termincode: string }> }>(
    request,
    ADMIN,
    'POST',
    '/journey-lit',
    {
      title: `Ostseeküste ${tag}`,
      dates: [
        {
          termincode: `OST-${tag}`,
          date_from: '2027-08-02',
          date_till: '2027-08-06',
          prices: [{ description: 'Erwachsener', amount: 499 }],
        },
      ],
    },
  );
  const nr = journey.dates[0]!.nr;
  const token = (await (
    await request.post('/api/v1/authentication', {
      data: { strategy: 'local', email: ADMIN, password: 'Demo1234!' },
    })
  ).json()) as { accessToken: string };
  const planned = await request.put(`/api/v1/departures/${nr}`, {
    headers: { authorization: `Bearer ${token.accessToken}` },
    data: {
      transports: [
        { direction: 'outbound', name: 'Bus 1 Hinfahrt', layout: LAYOUT },
        { direction: 'return', name: 'Bus 1 Rückfahrt', layout: LAYOUT },
      ],
      travelStops: [
        { id_zus_zustiege: stops[0], direction: 'outbound', knotenhaltnr: 1, time: '06:30' },
        { id_zus_zustiege: stops[1], direction: 'outbound', knotenhaltnr: 2, time: '07:15' },
        { id_zus_zustiege: stops[1], direction: 'return', knotenhaltnr: 1, time: '17:00' },
        { id_zus_zustiege: stops[0], direction: 'return', knotenhaltnr: 2, time: '17:45' },
      ],
    },
  });
  expect(planned.status(), await planned.text()).toBe(200);
  await callApi(request, ADMIN, 'POST', '/ratio_vorgang', {
    termin: nr,
    type: 'regular',
    buchender: { firstName: 'Jürgen', surname: `Weiß ${tag}`, phone: '+49 171 2223344' },
    teilnehmer: [
      { name: `Weiß ${tag}, Jürgen`, zustieghin: 1, zustiegrueck: 2, sitzhin: '4', sitzrueck: '1' },
      { name: `Weiß ${tag}, Anneliese`, zustieghin: 1, zustiegrueck: 2, sitzhin: '5', sitzrueck: '2' },
      {
        name: `Åström ${tag}, Björn`,
        telefon: '0351 8889900',
        zustieghin: 2,
        zustiegrueck: 1,
        sitzhin: '6',
        sitzrueck: '3',
      },
    ],
  });
  return { journeyId: journey.id, nr, code: journey.dates[0]!.termincode };
}

async function downloadFrom(page: Page, kind: string, format: 'PDF' | 'CSV') {
  const waiting = page.waitForEvent('download');
  await page
    .getByTestId(`manifest-${kind}`)
    .getByRole('button', { name: new RegExp(format) })
    .click();
  const download = await waiting;
  const path = await download.path();
  await download.saveAs(`/tmp/manifests-e2e-${download.suggestedFilename()}`);
  return { name: download.suggestedFilename(), path };
}

test('staff download the boarding list of a departure as PDF from its lists tab', async ({
  page,
  request,
  context,
}) => {
  const tag = String(Date.now()).slice(-6);
  const { journeyId, nr, code } = await bookedDeparture(request, tag);
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  await loginAs(page, 'office@example.com');
  await page.goto(`/internet/journeys/${journeyId}/dates/${nr}`);
  await page.getByRole('tab', { name: 'Listen' }).click();
  await expect(page.getByRole('heading', { name: 'Listen und Manifeste' })).toBeVisible();

  const outbound = await downloadFrom(page, 'boarding', 'PDF');
  expect(outbound.name).toBe(`Zustiegsliste_${code}_Hinfahrt.pdf`);
  const [text] = await pdfPages(outbound.path);
  expect(text).toContain('Zustiegsliste');
  expect(text).toContain(`1 · 06:30 · Görlitz Postplatz ${tag}`);
  expect(text).toContain(`2 · 07:15 · Bautzen Kornmarkt ${tag}`);
  expect(text).toMatch(new RegExp(`Weiß ${tag}, Anneliese\\s+5`));
  expect(text).toMatch(new RegExp(`Åström ${tag}, Björn\\s+6`));
  expect(text).toContain('+49 171 2223344');
  expect(text).toContain('0351 8889900');
  // Görlitz boards first: the Weiß party is listed before the traveller from Bautzen
  expect(text!.indexOf(`Weiß ${tag}, Jürgen`)).toBeLessThan(text!.indexOf(`Åström ${tag}`));

  // The return trip: the coach calls at Bautzen first.
  await page.getByRole('button', { name: 'Rückfahrt' }).click();
  const back = await downloadFrom(page, 'boarding', 'PDF');
  expect(back.name).toBe(`Zustiegsliste_${code}_Rückfahrt.pdf`);
  const [backText] = await pdfPages(back.path);
  expect(backText).toContain(`1 · 17:00 · Bautzen Kornmarkt ${tag}`);
  expect(backText).toMatch(new RegExp(`Åström ${tag}, Björn\\s+3`));

  // The seat manifest and a CSV for Excel.
  await page.getByRole('button', { name: 'Hinfahrt' }).click();
  const seats = await downloadFrom(page, 'seats', 'PDF');
  const [seatText] = await pdfPages(seats.path);
  expect(seatText).toContain('Bus 1 Hinfahrt · 3 von 6 Plätzen belegt');
  const csv = await downloadFrom(page, 'participants', 'CSV');
  expect(csv.name).toBe(`Teilnehmerliste_${code}.csv`);
  const csvText = await readFile(csv.path, 'utf8');
  expect(csvText.startsWith('\uFEFFNr.;Name;Geburtsdatum')).toBe(true);
  expect(csvText).toContain(`Åström ${tag}, Björn`);

  expect(await seriousViolations(page, 'departure lists tab')).toEqual([]);
  await page.screenshot({ path: '/tmp/manifests-tab-de.png', fullPage: true });
});

test('the lists tab in English, dark, and on a phone', async ({ page, request }) => {
  const tag = String(Date.now()).slice(-6);
  const { journeyId, nr } = await bookedDeparture(request, tag);
  await loginAs(page, 'office@example.com');
  await page.goto(`/internet/journeys/${journeyId}/dates/${nr}/manifests`);
  await expect(page.getByRole('heading', { name: 'Lists and manifests' })).toBeVisible();
  await page.screenshot({ path: '/tmp/manifests-tab-en.png', fullPage: true });
  const rooming = await downloadFrom(page, 'rooming', 'PDF');
  expect(rooming.name).toMatch(/^Rooming_list_/);
  await page.getByRole('button', { name: /toggle light\/dark mode/i }).click();
  expect(await seriousViolations(page, 'departure lists tab, dark')).toEqual([]);
  await page.screenshot({ path: '/tmp/manifests-tab-dark.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Download Boarding list as PDF' })).toBeVisible();
  await page.screenshot({ path: '/tmp/manifests-tab-phone.png', fullPage: true });
});
