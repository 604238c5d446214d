/**
 * The server under test, with a real SMTP server beside it: every mail the app sends over SMTP is parsed
 * and written to .tmp/mails as JSON, where the browser tests read it (e.g. to follow a verification link).
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { globalAgent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startFakePushService } from '../../apps/server/test/fake-push-service.ts';
import { Dovecot } from '../../apps/server/test/dovecot.ts';
import { DEMO_INBOX_MAILS, DEMO_MAILBOX, demoMailSource } from '../../apps/server/src/seed/demo-mail-inbox.ts';
import { FAKE_STOCK_API_KEY, FAKE_STOCK_TOKEN, startFakeAdobeStock } from '../../apps/server/test/fake-adobe-stock.ts';
import { FAKE_RATIO_KEY, startFakeRatio } from '../../apps/server/test/fake-ratio.ts';

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
        // Written beside the mail directory and renamed into it, so a test polling the directory never reads a
        // half-written file (a poll between open and write read empty JSON).
        const partial = join(MAIL_DIR, '..', `mail-${count}.partial`);
        writeFileSync(
          partial,
          JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '' }),
        );
        renameSync(partial, file);
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
// A fake ratio server (apps/server/test/fake-ratio.ts) for the customer card's import button: it has a record for
// every kennziffer E2E<digits> (customer-import.spec.ts).
const ratio = await startFakeRatio({
  generate: (kennziffer) =>
    /^E2E\d+$/.test(kennziffer)
      ? {
          kennziffer,
          anrede: 'Frau',
          name1: 'Importiert',
          vorname: 'Erika',
          strasse: 'Seestraße 5',
          plz: '87629',
          ort: 'Füssen',
          email: `erika.${kennziffer.toLowerCase()}@example.net`,
          bearbeitet: new Date().toISOString(),
        }
      : undefined,
});
process.env.RATIO_URL = ratio.url;
process.env.RATIO_API_KEY = FAKE_RATIO_KEY;
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

// A "remote" image server for mails with external images, on loopback at E2E_PORT + 448: the mail image proxy
// (docs/adr/0025) refuses loopback addresses, so this one host:port is allowed for it explicitly.
const IMAGE_PORT = Number(process.env.E2E_IMAGE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 448);
const imageFile = readFileSync(join(import.meta.dirname, '..', '..', 'apps', 'web', 'public', 'pwa-192.png'));
const images = createServer((request, response) => {
  if (request.url?.startsWith('/logo.png')) response.writeHead(200, { 'content-type': 'image/png' }).end(imageFile);
  else response.writeHead(404).end();
});
await new Promise<void>((resolve) => images.listen(IMAGE_PORT, '127.0.0.1', () => resolve()));
process.env.MAIL_IMAGE_PROXY_ALLOW_HOSTS ??= `127.0.0.1:${IMAGE_PORT}`;

// An IMAP server for the inbox (apps/server/test/dovecot.ts): Debian's Dovecot on loopback at E2E_PORT + 447 with the
// demo mailbox and its mails. The app learns of it as a real installation does: an administrator adds the mailbox
// (POST /mail-accounts) once the server runs.
const IMAP_PORT = Number(process.env.E2E_IMAP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 447);
const imap = await new Dovecot([{ user: DEMO_MAILBOX.username, password: DEMO_MAILBOX.password }]).start(IMAP_PORT, {
  dir: join(tmpdir(), `tourdesk-e2e-dovecot-${IMAP_PORT}`),
});
for (const mail of DEMO_INBOX_MAILS) await imap.deliver(await demoMailSource(mail, DEMO_MAILBOX.address));
const client = await imap.connect();
for (const mail of DEMO_INBOX_MAILS.filter((entry) => entry.flags)) {
  const lock = await client.getMailboxLock('INBOX');
  const uids = (await client.search({ subject: mail.subject }, { uid: true })) || [];
  if (uids.length > 0) await client.messageFlagsAdd(uids.join(','), mail.flags!, { uid: true });
  lock.release();
}
await client.logout();
// The server's shutdown ends with process.exit: Dovecot's daemon goes with it (if the server is killed instead, the
// next run on this port stops the one left behind).
process.once('exit', () => imap.stopSync());

await import('../../apps/server/src/main.ts');

const base = `http://127.0.0.1:${process.env.PORT ?? 3000}/api/v1`;
const login = await fetch(`${base}/authentication`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ strategy: 'local', email: 'admin@example.com', password: 'Demo1234!' }),
});
const { accessToken } = (await login.json()) as { accessToken: string };
const added = await fetch(`${base}/mail-accounts`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
  body: JSON.stringify({
    name: DEMO_MAILBOX.name,
    address: DEMO_MAILBOX.address,
    host: '127.0.0.1',
    port: imap.port,
    secure: false,
    username: DEMO_MAILBOX.username,
    password: DEMO_MAILBOX.password,
  }),
});
if (added.status !== 201) throw new Error(`the demo mailbox was not added: ${added.status} ${await added.text()}`);
