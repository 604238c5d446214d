import { expect, test } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { DEMO_MAILBOX } from '../../apps/server/src/seed/demo-mail-inbox.ts';
import { E2E_PORT } from '../playwright.config.ts';
import { waitForMail } from '../support/mailbox.ts';
import { loginAs } from '../support/session.ts';

/**
 * The e-mail inbox against the Dovecot beside the server (support/serve-with-smtp.ts, demo mail of
 * seed/demo-mail-inbox.ts): an office clerk reads a request, marks it important and answers it; the answer reaches
 * the SMTP server and lies in Sent.
 */
test('staff read a mail, flag it and reply; the reply is sent and filed in Sent', async ({ page }) => {
  const subject = 'Anfrage Gruppenreise Gardasee im Mai';
  await loginAs(page, 'office@example.com');
  await page.goto('/email/inbox');
  await expect(page.locator('#react-admin-title')).toHaveText('E-mail');
  const messages = page.getByRole('list', { name: 'Messages' });
  await messages.getByRole('button', { name: new RegExp(subject) }).click();
  const reader = page.getByRole('article', { name: 'Message' });
  await expect(reader.getByRole('heading', { name: subject })).toBeVisible();
  await expect(reader).toContainText('unser Seniorenkreis (ca. 32 Personen)');
  await expect(reader).toContainText('Hannelore Vogt <h.vogt@seniorenkreis-bonn.test>');

  await reader.getByRole('button', { name: 'Mark as important' }).click();
  await expect(page.getByText('Mark changed')).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Remove mark' })).toBeVisible();
  await expect(
    messages.getByRole('button', { name: new RegExp(subject) }).getByRole('img', { name: 'Important' }),
  ).toBeVisible();

  await reader.getByRole('button', { name: 'Reply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  await expect(dialog.getByRole('textbox', { name: 'To' })).toHaveValue('h.vogt@seniorenkreis-bonn.test');
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue(`Re: ${subject}`);
  const body = dialog.getByRole('textbox', { name: 'Message' });
  await expect(body).toHaveValue(/> Sehr geehrte Damen und Herren,/);
  await body.press('ControlOrMeta+Home');
  await body.pressSequentially('Liebe Frau Vogt, es sind noch 34 Plätze frei; Zustieg in Bonn-Beuel ist möglich.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('E-mail sent and filed in Sent')).toBeVisible();

  const sent = await waitForMail('h.vogt@seniorenkreis-bonn.test', /^Re: Anfrage Gruppenreise Gardasee im Mai$/);
  expect(sent.text).toContain('es sind noch 34 Plätze frei');
  expect(sent.text).toContain('> unser Seniorenkreis');

  await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'Sent' }).click();
  await expect(messages.getByRole('button', { name: new RegExp(`Re: ${subject}`) })).toBeVisible();
});

/**
 * A mail with an image from another server: blocked at first, shown after "Show images" — loaded through the app's
 * image proxy (docs/adr/0025) from the local image server beside the app (support/serve-with-smtp.ts).
 */
test('remote images are blocked until allowed, then load through the image proxy', async ({ page }) => {
  const tag = Date.now() % 1_000_000;
  const subject = `Prospekt Herbstreisen ${tag}`;
  const imagePort = Number(process.env.E2E_IMAGE_PORT ?? E2E_PORT + 448);
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: Number(process.env.E2E_IMAP_PORT ?? E2E_PORT + 447),
    secure: false,
    auth: { user: DEMO_MAILBOX.username, pass: DEMO_MAILBOX.password },
    logger: false,
  });
  await client.connect();
  await client.append(
    'INBOX',
    [
      'From: Reisebüro Sonnenschein <info@sonnenschein.test>',
      `To: ${DEMO_MAILBOX.address}`,
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      `<p>Unsere neuen Herbstreisen:</p><img src="http://127.0.0.1:${imagePort}/logo.png?m=${tag}" alt="Logo Sonnenschein" width="96" height="96">`,
      '',
    ].join('\r\n'),
  );
  await client.logout();

  await loginAs(page, 'office@example.com');
  await page.goto('/email/inbox');
  const messages = page.getByRole('list', { name: 'Messages' });
  await messages.getByRole('button', { name: new RegExp(subject) }).click();
  const reader = page.getByRole('article', { name: 'Message' });
  // IMAP round trips: generous on a loaded machine.
  await expect(reader.getByRole('heading', { name: subject })).toBeVisible({ timeout: 20_000 });
  await expect(reader.getByText('External images were blocked')).toBeVisible();
  const body = page.frameLocator('iframe[title="Message content"]');
  await expect(body.getByText('Unsere neuen Herbstreisen:')).toBeVisible();
  await expect(body.locator('img')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('images-blocked-en.png') });

  const proxied = page.waitForResponse((response) => response.url().includes('/api/v1/mail-image?'));
  await reader.getByRole('button', { name: 'Show images' }).click();
  const image = await proxied;
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(new URL(image.url()).searchParams.get('u')).toBe(`http://127.0.0.1:${imagePort}/logo.png?m=${tag}`);
  await expect(reader.getByText('External images were blocked')).toHaveCount(0);
  const img = body.getByRole('img', { name: 'Logo Sonnenschein' });
  await expect(img).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('images-shown-en.png') });

  // German, dark, at phone width: the notice and its button for the next look at the same message.
  await page.getByRole('button', { name: /toggle light\/dark mode/i }).click();
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(
    page.getByRole('article', { name: 'Nachricht' }).getByText('Externe Bilder wurden blockiert'),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('images-blocked-de-dark-phone.png') });
});
