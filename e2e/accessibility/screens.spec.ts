import { expect, test, type Page } from '@playwright/test';
import { COLOUR_RULES, seriousViolations, type Finding } from '../support/axe.ts';
import { callApi } from '../support/journeys.ts';
import { serveMapTiles } from '../support/map-tiles.ts';
import { loginAs, menuTargets, openFromMenu } from '../support/session.ts';

/**
 * The scans are the suite's longest tests and share nothing (each makes its own journeys and seat plans), so
 * they run side by side on both workers instead of one after another on one.
 */
test.describe.configure({ mode: 'parallel' });

/**
 * Each role whose screens are scanned, and in how many tests (some ten screens each). The superadmin has every
 * back-office screen; the administrator's and the office's are the same screens with fewer buttons, so of theirs
 * only the start page (its tiles differ) is scanned, below. The agency has screens of its own.
 * The traveller and the driver work in the phone app (/appuser/…, /driver/…), whose screens
 * e2e/traveller/*.spec.ts and e2e/driver/*.spec.ts scan.
 */
const ROLES: Array<[string, number]> = [
  ['superadmin@example.com', 4],
  ['agency@example.com', 1],
];

for (const email of ['admin@example.com', 'office@example.com']) {
  test(`the start page of ${email} has no serious or critical axe finding`, async ({ page }) => {
    await loginAs(page, email);
    await settled(page);
    expect(await lastingViolations(page, `${email} light /`)).toEqual([]);
  });
}

/** Colours are checked as they end up, not halfway through a transition (a dialog fading in, a label moving). */
const animationsDone = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

/**
 * The findings that stay: a screen still fetching (an agency select is disabled, and grey, until its choices
 * are in) is scanned again a moment later; a real violation is there every time.
 */
async function lastingViolations(page: Page, label: string, rules?: string[]): Promise<Finding[]> {
  let findings = await seriousViolations(page, label, rules);
  for (let retry = 0; retry < 3 && findings.length > 0; retry++) {
    await page.waitForTimeout(500);
    await animationsDone(page);
    findings = await seriousViolations(page, label, rules);
  }
  return findings;
}

/** Waits until the screen has its content: a level-one heading and no loading indicator. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('.MuiCircularProgress-root, .MuiSkeleton-root')).toHaveCount(0);
  await animationsDone(page);
}

/**
 * The screen's findings in the light theme (every rule), then in the dark one — the colour rules only
 * (COLOUR_RULES): a theme changes nothing but colours — and back to light. Switching the theme of a screen already
 * open costs a fraction of opening it again in the other theme.
 */
async function inBothThemes(page: Page, label: string): Promise<Finding[]> {
  const findings = await lastingViolations(page, `light ${label}`);
  await switchTheme(page);
  findings.push(...(await lastingViolations(page, `dark ${label}`, COLOUR_RULES)));
  await switchTheme(page);
  return findings;
}

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Switches between the light and the dark theme with the app bar's button, and waits until the page shows it. */
async function switchTheme(page: Page): Promise<void> {
  const before = await pageBackground(page);
  await page.getByRole('button', { name: /toggle light\/dark mode/i }).click();
  await expect.poll(() => pageBackground(page)).not.toBe(before);
  await animationsDone(page);
}

/**
 * Every screen the drawer offers, and the first record of each list, in both themes; in `parts` shares (every
 * `parts`-th screen from `part` on), so that a long list of screens is scanned by several shorter tests side by side.
 */
async function checkEveryScreen(page: Page, email: string, { part, parts }: Share): Promise<Finding[]> {
  const findings: Finding[] = [];
  const targets = (await menuTargets(page)).filter((_, index) => index % parts === part);
  expect(targets.length).toBeGreaterThan(0);
  for (const target of targets) {
    await openFromMenu(page, target);
    await settled(page);
    findings.push(...(await inBothThemes(page, `${email} ${target}`)));
    const firstRow = page.locator('tr.RaDataTable-clickableRow').first();
    if ((await firstRow.count()) === 0) continue;
    // Enter on a focused row opens the record: its page, or (the outbox) a dialog.
    const openRecord = async () => {
      await firstRow.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(async () => {
        expect(!page.url().endsWith(target) || (await dialog.count()) > 0).toBe(true);
      }).toPass();
      const inDialog = (await dialog.count()) > 0;
      // A modal dialog hides the page (and its heading) from assistive technology.
      if (inDialog) {
        await expect(dialog.getByRole('heading').first()).toBeVisible();
        await expect(dialog.locator('.MuiCircularProgress-root')).toHaveCount(0);
        await animationsDone(page);
      } else await settled(page);
      return inDialog;
    };
    const label = `${email} ${target} → record`;
    if (!(await openRecord())) {
      findings.push(...(await inBothThemes(page, label)));
      continue;
    }
    // A modal dialog covers the theme's button: it is closed to switch, and opened again.
    findings.push(...(await lastingViolations(page, `light ${label}`)));
    await page.keyboard.press('Escape');
    await switchTheme(page);
    await openRecord();
    findings.push(...(await lastingViolations(page, `dark ${label}`, COLOUR_RULES)));
    await page.keyboard.press('Escape');
    await switchTheme(page);
  }
  return findings;
}

type Share = { part: number; parts: number };

/** The shares of a role's screens: `parts` tests of some ten screens and their records each. */
const shares = (parts: number): Share[] => Array.from({ length: parts }, (_, part) => ({ part, parts }));
const label = ({ part, parts }: Share) => (parts === 1 ? '' : `, part ${part + 1} of ${parts}`);

for (const [email, parts] of ROLES) {
  for (const share of shares(parts)) {
    test(`every screen of ${email} has no serious or critical axe finding (light and dark${label(share)})`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await loginAs(page, email);
      await settled(page);
      expect(await checkEveryScreen(page, email, share)).toEqual([]);
    });
  }
}

/** A journey with something on every tab, so that the editor's lists and rows are checked too. */
const FULL_JOURNEY = {
  title: 'Wien zur Adventszeit',
  subtitle: 'Christkindlmarkt und Schönbrunn',
  detail: { introduction: '<p>Punsch und Lichter</p>' },
  days: [{ day_no: 1, daytitle: 'Anreise', daytext: '<p>Fahrt nach Wien</p>' }],
  accommodations: [{ name: 'Hotel am Ring', city: 'Wien', stars: 4, roomTypes: [{ kind: 'double', rooms: 10 }] }],
  dates: [
    {
      termincode: 'WIE-1',
      date_from: '2027-12-02',
      date_till: '2027-12-05',
      prices: [{ description: 'pro Person im Doppelzimmer', amount: 549, additional_price: 0 }],
    },
  ],
  extras: [{ type: 'Ausflug', value: 'Konzert im Musikverein', price: 69 }],
  meta_title: 'Wien Adventsreise',
  slug: 'wien-zur-adventszeit-a11y',
};

const EDITOR_TABS = ['', '/texts', '/accommodations', '/dates', '/images', '/extras', '/stops', '/meta'];

test("the trip editor's tabs, create and copy pages have no serious or critical axe finding (light and dark)", async ({
  page,
  request,
}) => {
  const slug = FULL_JOURNEY.slug;
  const journey = await callApi<{ id: number }>(request, 'admin@example.com', 'POST', '/journey-lit', {
    ...FULL_JOURNEY,
    slug,
  });
  await loginAs(page, 'office@example.com');
  const findings: Finding[] = [];
  const paths = [
    ...EDITOR_TABS.map((tab) => `/internet/journeys/${journey.id}${tab}`),
    '/internet/journeys/create',
    `/internet/journeys/copy/${journey.id}`,
  ];
  for (const path of paths) {
    await page.goto(path);
    await settled(page);
    findings.push(...(await inBothThemes(page, path)));
  }
  expect(findings).toEqual([]);
});

test('the visitor pages have no serious or critical axe finding', async ({ page }) => {
  const findings: Finding[] = [];
  for (const path of ['/auth/login', '/auth/register', '/auth/forgot', '/auth/login?session=expired']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    findings.push(...(await seriousViolations(page, path)));
  }
  expect(findings).toEqual([]);
});

test('the trip catalogue forms (boarding point with map, stop group, category, destination) have no serious or critical axe finding', async ({
  page,
}) => {
  await serveMapTiles(page);
  await loginAs(page, 'admin@example.com');
  const findings: Finding[] = [];
  for (const path of [
    '/zustiege/create',
    '/zustiege/gruppen/create',
    '/internet/categories/create',
    '/internet/destinations/create',
  ]) {
    await page.goto(path);
    await settled(page);
    findings.push(...(await lastingViolations(page, path)));
  }
  expect(findings).toEqual([]);
});

/** A seat plan of 2 + 2 seats in four rows behind the driver and the door. */
const SMALL_COACH = {
  decks: [
    {
      name: null,
      rows: [
        [
          { txt: '', idx: 2, isSeat: false },
          { txt: '', idx: 1, isSeat: false },
          { txt: '', idx: 1, isSeat: false },
          { txt: '', idx: 1, isSeat: false },
          { txt: '', idx: 3, isSeat: false },
        ],
        ...[0, 1, 2, 3].map((row) =>
          [1, 2, 0, 3, 4].map((col) =>
            col === 0 ? { txt: '', idx: 1, isSeat: false } : { txt: String(row * 4 + col), idx: 0, isSeat: true },
          ),
        ),
      ],
    },
  ],
};

test("the departure screen's tabs, the seat picker and the occupancy have no serious or critical axe finding (light and dark)", async ({
  page,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  const plan = await callApi<{ id: number }>(request, 'admin@example.com', 'POST', '/seat-plans', {
    name: `Kleinbus ${tag}`,
    layout: SMALL_COACH,
  });
  const journey = await callApi<{ id: number; dates: Array<{ nr: number }> }>(
    request,
    'admin@example.com',
    'POST',
    '/journey-lit',
    { ...FULL_JOURNEY, slug: `${FULL_JOURNEY.slug}-departure-${tag}` },
  );
  const nr = journey.dates[0]!.nr;
  const token = (
    await (
      await request.post('/api/v1/authentication', {
        data: { strategy: 'local', email: 'admin@example.com', password: 'Demo1234!' },
      })
    ).json()
  ).accessToken as string;
  const headers = { authorization: `Bearer ${token}` };
  const planned = await request.put(`/api/v1/departures/${nr}`, {
    headers,
    data: { transports: [{ direction: 'outbound', name: 'Bus 1', id_seat_plan: plan.id, blocked_seats: ['16'] }] },
  });
  expect(planned.status()).toBe(200);
  await callApi(request, 'admin@example.com', 'POST', '/ratio_vorgang', {
    termin: nr,
    type: 'regular',
    buchender: { surname: `Axe ${tag}` },
    teilnehmer: [{ name: 'Anna Axe' }, { name: 'Bert Axe' }],
  });
  await loginAs(page, 'office@example.com');
  const findings: Finding[] = [];
  const base = `/internet/journeys/${journey.id}`;
  for (const path of ['', '/stops', '/pools', '/alerts', '/seats'].map((tab) => `${base}/dates/${nr}${tab}`)) {
    await page.goto(path);
    await settled(page);
    if (path.endsWith('/seats')) await page.getByRole('button', { name: /^Anna Axe/ }).click();
    findings.push(...(await inBothThemes(page, path)));
  }
  await page.goto(`${base}/occupancy`);
  await settled(page);
  findings.push(...(await inBothThemes(page, `${base}/occupancy`)));
  expect(findings).toEqual([]);
});

test('the seat plan list, start page, editor and view have no serious or critical axe finding (light and dark)', async ({
  page,
  request,
}) => {
  const [template] = await callApi<Array<{ name: string; layout: unknown }>>(
    request,
    'admin@example.com',
    'GET',
    '/seat-plans/templates',
  );
  const plan = await callApi<{ id: number }>(request, 'admin@example.com', 'POST', '/seat-plans', {
    name: `Prüfbus ${String(Date.now()).slice(-6)}`,
    layout: template!.layout,
  });
  await loginAs(page, 'admin@example.com');
  const findings: Finding[] = [];
  for (const path of ['/seat-plans', '/seat-plans/create', `/seat-plans/${plan.id}`, `/seat-plans/${plan.id}/show`]) {
    await page.goto(path);
    await settled(page);
    findings.push(...(await inBothThemes(page, path)));
  }
  // The editor of a new plan, after a template was chosen on the start page.
  await page.goto('/seat-plans/create');
  await page.getByRole('button', { name: /Double-decker/ }).click();
  await expect(page.getByRole('grid')).toHaveCount(2);
  await animationsDone(page);
  findings.push(...(await inBothThemes(page, '/seat-plans/create (editor)')));
  // Switching the theme kept the editor as it was: what the dark scan saw was the editor too.
  await expect(page.getByRole('grid')).toHaveCount(2);
  expect(findings).toEqual([]);
});
