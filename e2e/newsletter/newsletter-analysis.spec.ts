import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { withAppDatabase } from '../support/app-database.ts';
import { seriousViolations, type Finding } from '../support/axe.ts';
import { LOOKS } from '../support/looks.ts';
import { phonePage } from '../support/phone.ts';
import { loginAs } from '../support/session.ts';
import { recipientTokenKey, signRecipientToken } from '../../apps/server/src/features/newsletter/newsletter-message.ts';

/**
 * The newsletter analysis (issue #14 item 5): a sent campaign with known events (written into the app's database,
 * as the sending engine and the tracking would have), its figures and chart; a click on a tracked link in the
 * browser redirects to the campaign's link and the count goes up. Then axe and screenshots (German light and English dark,
 * 390 px) of the analysis, /mailjet and /mailjet/debug.
 */
const SHOTS = join(import.meta.dirname, '..', '.tmp', 'screens', 'newsletter-analysis');
const OFFICE = 'office@example.com';
const TITLE = 'E2E Herbstreisen 2026';
/** The campaign's first link points back into the app, so the browser can follow the redirect. */
const LANDING = `${BASE_URL}/api/v1/health?from=newsletter`;

type Seeded = { campaignId: number; recipientIds: number[] };
let seeded: Seeded | null = null;

/** 20 recipients: 19 delivered, 1 hard bounce; 8 people opened (11 opens), 3 clicked the first link, 1 the second. */
function seedCampaign(): Seeded {
  if (seeded) return seeded;
  seeded = withAppDatabase((db): Seeded => {
    const existing = db.prepare('select id from newsletter_campaign where title = ?').get(TITLE) as
      { id: number } | undefined;
    if (existing) {
      const rows = db
        .prepare('select id from newsletter_recipient where id_campaign = ? order by id')
        .all(existing.id) as Array<{ id: number }>;
      return { campaignId: existing.id, recipientIds: rows.map((row) => row.id) };
    }
    const started = Date.now() - 30 * 3_600_000;
    const at = (hours: number) => new Date(started + hours * 3_600_000).toISOString();
    const campaignId = Number(
      db
        .prepare(
          `insert into newsletter_campaign (title, subject, status, started_at, finished_at, tracking, recipients, base_url)
           values (?, 'Goldener Herbst am Gardasee', 'sent', ?, ?, 1, 20, ?)`,
        )
        .run(TITLE, at(0), at(1), BASE_URL).lastInsertRowid,
    );
    const links = [LANDING, 'https://reisen.example.de/angebote/herbst'].map((url, position) =>
      Number(
        db
          .prepare('insert into newsletter_link (id_campaign, position, url) values (?, ?, ?)')
          .run(campaignId, position, url).lastInsertRowid,
      ),
    );
    const recipientIds: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const email = `e2e-leser${i}@example.com`;
      const contact = Number(
        db
          .prepare('insert into newsletter_contact (email, email_key, first_name, last_name) values (?, ?, ?, ?)')
          .run(email, email, 'Lea', `Leser ${i}`).lastInsertRowid,
      );
      recipientIds.push(
        Number(
          db
            .prepare(
              'insert into newsletter_recipient (id_campaign, id_contact, email, status, sent_at) values (?, ?, ?, ?, ?)',
            )
            .run(campaignId, contact, email, i === 20 ? 'bounced' : 'sent', at(0)).lastInsertRowid,
        ),
      );
    }
    const event = db.prepare(
      'insert into newsletter_event (id_campaign, id_recipient, type, id_link, at, detail) values (?, ?, ?, ?, ?, ?)',
    );
    recipientIds.forEach((id, index) =>
      index === 19
        ? event.run(campaignId, id, 'bounce_hard', null, at(0), '550 5.1.1 <e2e-leser20@example.com>: User unknown')
        : event.run(campaignId, id, 'sent', null, at(0), null),
    );
    // opens: recipients 1–8, the first three twice; one of Apple's prefetches on recipient 9
    recipientIds.slice(0, 8).forEach((id, index) => {
      event.run(campaignId, id, 'open', null, at(1 + index), null);
      if (index < 3) event.run(campaignId, id, 'open', null, at(20 + index), null);
    });
    event.run(campaignId, recipientIds[8]!, 'open', null, at(0.01), 'machine');
    // clicks: recipients 1–3 on the first link, recipient 4 on the second
    recipientIds
      .slice(0, 3)
      .forEach((id, index) => event.run(campaignId, id, 'click', links[0]!, at(1.1 + index), null));
    event.run(campaignId, recipientIds[3]!, 'click', links[1]!, at(4.2), null);
    return { campaignId, recipientIds };
  });
  return seeded;
}

/** The address of a tracked click on link `n` for a recipient, signed with the installation's key. */
function clickUrl(recipientId: number, n: number): string {
  const { value } = withAppDatabase(
    (db) => db.prepare(`select value from app_secret where name = 'jwt'`).get() as { value: string },
  );
  return `${BASE_URL}/api/v1/newsletter/c/${signRecipientToken(recipientTokenKey(value), recipientId)}/${n}`;
}

const settled = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0, { timeout: 30_000 });
};

test('staff see a campaign’s figures and chart, and a click in the browser redirects and counts', async ({ page }) => {
  const { campaignId, recipientIds } = seedCampaign();
  await loginAs(page, OFFICE);
  await page.goto('/newsletter/analysis');
  await page.getByRole('link', { name: new RegExp(TITLE) }).click();
  await expect(page).toHaveURL(new RegExp(`id=${campaignId}`));
  const figures = page.getByTestId('campaign-figures');
  await expect(figures).toContainText(/Versendet\s*20|Sent\s*20/);
  await expect(figures).toContainText(/Zugestellt\s*19|Delivered\s*19/);
  await expect(figures).toContainText(/Geöffnet \(Personen\)\s*8|Opened \(people\)\s*8/);
  await expect(figures).toContainText(/Geklickt \(Personen\)\s*4|Clicked \(people\)\s*4/);
  await expect(page.getByRole('figure')).toBeVisible();
  await expect(page.getByRole('figure').locator('svg').first()).toBeVisible();
  const linkRow = page
    .getByRole('table', { name: /Klicks pro Link|Clicks per link/ })
    .getByRole('row')
    .nth(1);
  await expect(linkRow).toContainText(LANDING);
  await expect(linkRow.getByRole('cell').nth(1)).toHaveText('3');
  await expect(page.getByRole('table', { name: /Bounces/ })).toContainText('550 5.1.1');

  // Recipient 10 clicks the first link in the mail: the browser lands on the campaign's link.
  await page.goto(clickUrl(recipientIds[9]!, 0));
  await expect(page).toHaveURL(LANDING);
  // A position the campaign does not have goes nowhere.
  const response = await page.goto(clickUrl(recipientIds[9]!, 7));
  expect(response?.status()).toBe(404);

  await page.goto(`/newsletter/analysis?id=${campaignId}`);
  await expect(linkRow.getByRole('cell').nth(1)).toHaveText('4');
  // The click without a loaded pixel counts as an open too.
  await expect(figures).toContainText(/Geöffnet \(Personen\)\s*9|Opened \(people\)\s*9/);
});

for (const [language, theme] of LOOKS) {
  test(`analysis and sending screens pass axe and are photographed (${language}, ${theme})`, async ({ browser }) => {
    mkdirSync(SHOTS, { recursive: true });
    const { campaignId } = seedCampaign();
    const name = `${language}-${theme}`;
    const findings: Finding[] = [];
    const page = await phonePage(browser, { language, theme, touch: false });
    await loginAs(page, OFFICE);
    await page.goto(`/newsletter/analysis?id=${campaignId}`);
    await settled(page);
    await expect(page.getByRole('figure')).toBeVisible();
    await page.getByRole('button', { name: /Zahlen als Tabelle|Figures as a table/ }).click();
    await expect(page.getByRole('table', { name: /Zeitverlauf|over time/ })).toBeVisible();
    findings.push(...(await seriousViolations(page, `${name} /newsletter/analysis`)));
    await page.screenshot({ path: join(SHOTS, `${name}-analysis.png`), fullPage: true });
    for (const path of ['/mailjet', '/mailjet/debug']) {
      await page.goto(path);
      await settled(page);
      findings.push(...(await seriousViolations(page, `${name} ${path}`)));
      await page.screenshot({ path: join(SHOTS, `${name}${path.replaceAll('/', '-')}.png`), fullPage: true });
    }
    await page.context().close();
    expect(findings).toEqual([]);
  });
}
