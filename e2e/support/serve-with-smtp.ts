/**
 * The server under test, with a real SMTP server beside it: every mail the app sends over SMTP is parsed
 * and written to .tmp/mails as JSON, where the browser tests read it (e.g. to follow a verification link).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { globalAgent } from 'node:https';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startFakePushService } from '../../apps/server/test/fake-push-service.ts';
import { FAKE_STOCK_API_KEY, FAKE_STOCK_TOKEN, startFakeAdobeStock } from '../../apps/server/test/fake-adobe-stock.ts';

export const MAIL_DIR = join(import.meta.dirname, '..', '.tmp', 'mails');
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

rmSync(MAIL_DIR, { recursive: true, force: true });
mkdirSync(MAIL_DIR, { recursive: true });

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to.map((address) => address.text).join(', ') : (mail.to?.text ?? '');
        const file = join(MAIL_DIR, `${Date.now()}-${++count}.json`);
        writeFileSync(
          file,
          JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '' }),
        );
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', () => resolve()));

process.env.SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}?ignoreTLS=true`;

// A fake Adobe Stock on loopback (apps/server/test/fake-adobe-stock.ts) that the stock-image screens talk to.
const stock = await startFakeAdobeStock({ quota: 25 });
process.env.ADOBE_STOCK_URL = stock.url;
process.env.ADOBE_STOCK_API_KEY = FAKE_STOCK_API_KEY;
process.env.ADOBE_STOCK_ACCESS_TOKEN = FAKE_STOCK_TOKEN;
process.env.ADOBE_STOCK_IMAGE_ORIGINS = stock.url;
// A Web Push service on loopback (apps/server/test/fake-push-service.ts): the browser tests take subscriptions
// from it in place of the browser's (Chromium cannot reach Google's push service here) and read what it decrypted.
// Its certificate is self-signed; this process (the server) trusts it for its pushes.
// Its port follows the app's (E2E_PORT + 446), so runs on other ports never collide.
const push = await startFakePushService(
  Number(process.env.E2E_PUSH_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 446),
);
globalAgent.options.ca = [...rootCertificates, push.ca];
process.env.PUSH_POLL_MS ??= '300';
process.env.MAIL_POLL_MS ??= '300';
process.env.MAIL_RETRY_BASE_MS ??= '500';
await import('../../apps/server/src/main.ts');
