import { randomUUID } from 'node:crypto';
import type { MailFolderList, MailMessage, MailMessageList, Mailbox, StaffNotificationList } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dovecot } from '../../../test/dovecot.ts';
import { mailSource } from '../../seed/demo-mail-inbox.ts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { SmtpSink } from '../../../test/smtp-sink.ts';
import { createCustomerFixture, createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';
import { mailboxKey } from './mail-inbox-secret.ts';
import { openSecret } from '../../lib/secret-box.ts';
import { pollInboxes } from './mail-inbox.service.ts';

/** The e-mail inbox against a real IMAP server (Debian's Dovecot) and a real SMTP server (issue #17, ADR 0025). */
describe('mail inbox', () => {
  const user = { user: 'buero@reisen.test', password: 'Geheim-123!' };
  const dovecot = new Dovecot([user]);
  const smtp = new SmtpSink();
  let t: TestApp;
  let admin = '';
  let office = '';
  let mailbox: Mailbox;

  const subject = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;
  const deliver = async (mail: { subject: string; text?: string; from?: string }, folder = 'INBOX') =>
    dovecot.deliver(
      await mailSource({
        from: mail.from ?? 'Anna Müller <anna.mueller@kunde.test>',
        to: user.user,
        subject: mail.subject,
        text: mail.text ?? 'Guten Tag',
      }),
      folder,
    );
  const folders = async (as = office): Promise<MailFolderList> =>
    (await call(t.app, as, { method: 'GET', url: '/mail-folder' })).json();
  const folderIndex = async (specialUse: string) =>
    (await folders()).folders.find((f) => f.specialUse === specialUse)!.id;
  const list = async (folder: number, query = '', as = office): Promise<MailMessageList> => {
    const response = await call(t.app, as, { method: 'GET', url: `/mail-folder/${folder}${query}` });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const uidOf = async (folder: number, wanted: string) =>
    (await list(folder, `?search=${encodeURIComponent(wanted)}`)).messages.find((m) => m.subject === wanted)!.attrs.uid;
  /** The flags as the IMAP server has them, not as the app says. */
  const serverFlags = async (uid: number, folder = 'INBOX') => {
    const client = await dovecot.connect();
    try {
      const lock = await client.getMailboxLock(folder);
      try {
        const message = await client.fetchOne(String(uid), { flags: true }, { uid: true });
        return message ? [...(message.flags ?? [])].sort() : [];
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  };

  beforeAll(async () => {
    await dovecot.start();
    await smtp.start();
    t = await buildTestApp({ seed: 'defaults', config: { smtpUrl: smtp.url } });
    admin = await createLogin(t.ctx, 'admin');
    office = await createLogin(t.ctx, 'office');
    const created = await call(t.app, admin, {
      method: 'POST',
      url: '/mail-accounts',
      payload: {
        name: 'Büro Reisen',
        address: 'buero@reisen.test',
        host: '127.0.0.1',
        port: dovecot.port,
        secure: false,
        username: user.user,
        password: user.password,
      },
    });
    expect(created.statusCode).toBe(201);
    mailbox = created.json();
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
    await dovecot.stop();
  });

  it('stores the mailbox password encrypted and never answers it', async () => {
    expect(mailbox).toMatchObject({ name: 'Büro Reisen', hasPassword: true });
    expect(JSON.stringify(mailbox)).not.toContain(user.password);
    const row = await t.ctx.db
      .selectFrom('mailbox')
      .select('password_secret')
      .where('id', '=', mailbox.id)
      .executeTakeFirstOrThrow();
    expect(row.password_secret).not.toContain(user.password);
    expect(openSecret(await mailboxKey(t.ctx, null), row.password_secret)).toBe(user.password);
    const listed = await call(t.app, admin, { method: 'GET', url: '/mail-accounts' });
    expect(listed.body).not.toContain(user.password);
    expect((await call(t.app, office, { method: 'GET', url: '/mail-accounts' })).statusCode).toBe(403);
    const bad = await call(t.app, admin, {
      method: 'POST',
      url: '/mail-accounts',
      payload: { name: 'X', address: 'kein-mail', host: 'a b', port: 0, secure: false, username: '', password: '' },
    });
    expect(bad.statusCode).toBe(400);
    const fields = Object.fromEntries(
      bad.json<{ errors: Array<{ field: string; key: string }> }>().errors.map((e) => [e.field, e.key]),
    );
    expect(fields).toMatchObject({
      name: 'error.min2',
      address: 'error.email',
      port: 'error.invalid',
      password: 'error.empty',
    });
  });

  it('lists the folders, inbox first, with Sent, Drafts and Trash', async () => {
    const answer = await folders();
    expect(answer.mailbox).toBe(mailbox.id);
    expect(answer.mailboxes).toEqual([{ id: mailbox.id, name: 'Büro Reisen', address: 'buero@reisen.test' }]);
    expect(answer.folders[0]).toMatchObject({ id: 0, path: 'INBOX', specialUse: '\\Inbox' });
    expect(answer.folders.map((f) => f.specialUse)).toEqual(['\\Inbox', '\\Sent', '\\Drafts', '\\Trash']);
  });

  it('lists a folder’s messages newest first, a page at a time, and searches them', async () => {
    const tag = randomUUID().slice(0, 8);
    for (const n of [1, 2, 3]) await deliver({ subject: `Anfrage ${tag} Nr. ${n}` });
    const found = await list(0, `?search=${tag}`);
    expect(found.total).toBe(3);
    expect(found.messages.map((m) => m.subject)).toEqual([3, 2, 1].map((n) => `Anfrage ${tag} Nr. ${n}`));
    expect(found.messages[0]).toMatchObject({
      attrs: { flags: [] },
      from: { name: 'Anna Müller', address: 'anna.mueller@kunde.test' },
      hasAttachments: false,
    });
    expect(found.messages[0]!.attrs.uid).toBeGreaterThan(found.messages[1]!.attrs.uid);
    const page = await list(0, `?search=${tag}&$limit=2&$skip=2`);
    expect(page.messages.map((m) => m.subject)).toEqual([`Anfrage ${tag} Nr. 1`]);
    expect((await list(0, `?search=nichts-${tag}`)).total).toBe(0);
  });

  it('sets and unsets Flagged and Seen on one message and on all selected', async () => {
    const one = subject('Wichtig');
    const many = [subject('Gruppe'), subject('Gruppe')];
    const uid = await (async () => {
      await deliver({ subject: one });
      return uidOf(0, one);
    })();
    for (const s of many) await deliver({ subject: s });
    const uids = [await uidOf(0, many[0]!), await uidOf(0, many[1]!)];
    const flag = (payload: object, as = office) =>
      call(t.app, as, { method: 'POST', url: '/mail-folder/0/flags', payload });

    expect((await flag({ uids: [uid], flag: 'Flagged', set: true })).json()).toEqual({ moved: 1 });
    expect(await serverFlags(uid)).toEqual(['\\Flagged']);
    expect((await list(0, `?search=${encodeURIComponent(one)}`)).messages[0]!.attrs.flags).toEqual(['Flagged']);
    await flag({ uids: [uid], flag: 'Flagged', set: false });
    expect(await serverFlags(uid)).toEqual([]);

    expect((await flag({ uids, flag: 'Seen', set: true })).statusCode).toBe(200);
    for (const each of uids) expect(await serverFlags(each)).toEqual(['\\Seen']);
    await flag({ uids, flag: 'Seen', set: false });
    for (const each of uids) expect(await serverFlags(each)).toEqual([]);

    expect((await flag({ uids: [], flag: 'Seen', set: true })).json()).toMatchObject({
      statusCode: 400,
      errors: [{ field: 'uids', key: 'error.nonEmptyList' }],
    });
    expect((await flag({ uids: [uid], flag: 'Deleted', set: true })).statusCode).toBe(400);
  });

  it('reads a German mail with umlauts and an attachment, and downloads the attachment', async () => {
    const title = subject('Anmeldung Gardasee – Größe der Gruppe');
    const pdf = Buffer.from('%PDF-1.4\n% Teilnehmerliste Äöü\n');
    await dovecot.deliver(
      await mailSource({
        from: 'Jürgen Weiß <j.weiss@verein.test>',
        to: user.user,
        subject: title,
        text: 'Sehr geehrte Damen und Herren,\nanbei die Teilnehmerliste für die Fahrt an den Gardasee. Grüße aus Köln',
        attachment: { filename: 'Teilnehmerliste Größe.pdf', contentType: 'application/pdf', content: pdf },
      }),
    );
    const uid = await uidOf(0, title);
    const summary = (await list(0, `?search=${encodeURIComponent('Teilnehmerliste')}`)).messages.find(
      (m) => m.subject === title,
    )!;
    expect(summary.hasAttachments).toBe(true);
    const read = await call(t.app, office, { method: 'GET', url: `/mail-folder/0/messages/${uid}` });
    expect(read.statusCode).toBe(200);
    const message = read.json<MailMessage>();
    expect(message).toMatchObject({
      subject: title,
      from: { name: 'Jürgen Weiß', address: 'j.weiss@verein.test' },
      attachments: [
        { part: 0, filename: 'Teilnehmerliste Größe.pdf', contentType: 'application/pdf', size: pdf.length },
      ],
      links: [],
    });
    expect(message.text).toContain('Grüße aus Köln');
    expect(message.attrs.flags).toContain('Seen');
    expect(await serverFlags(uid)).toEqual(['\\Seen']);
    const file = await call(t.app, office, { method: 'GET', url: `/mail-folder/0/messages/${uid}/attachments/0` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Teilnehmerliste Größe.pdf')}`,
    );
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(
      (await call(t.app, office, { method: 'GET', url: `/mail-folder/0/messages/${uid}/attachments/5` })).statusCode,
    ).toBe(404);
    expect((await call(t.app, office, { method: 'GET', url: `/mail-folder/0/messages/999999` })).statusCode).toBe(404);
  });

  it('shows HTML without scripts, and remote images only when allowed', async () => {
    const title = subject('Newsletter');
    const html =
      '<p onclick="steal()">Hallo <b>Welt</b></p><script>alert(1)</script><img src="https://tracker.test/p.gif" alt="pixel"><a href="javascript:alert(1)">x</a>';
    const boundary = 'alt-' + randomUUID();
    await dovecot.deliver(
      [
        'From: news@anbieter.test',
        `To: ${user.user}`,
        `Subject: ${title}`,
        'MIME-Version: 1.0',
        `Content-Type: multipart/alternative; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Hallo Welt',
        `--${boundary}`,
        'Content-Type: text/html; charset=utf-8',
        '',
        html,
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    );
    const uid = await uidOf(0, title);
    const blocked = (
      await call(t.app, office, { method: 'GET', url: `/mail-folder/0/messages/${uid}` })
    ).json<MailMessage>();
    expect(blocked.remoteImagesBlocked).toBe(true);
    expect(blocked.html).toContain('<b>Welt</b>');
    expect(blocked.html).not.toMatch(/script|onclick|javascript:|tracker\.test/);
    const allowed = (
      await call(t.app, office, { method: 'GET', url: `/mail-folder/0/messages/${uid}?images=1` })
    ).json<MailMessage>();
    expect(allowed.remoteImagesBlocked).toBe(false);
    // Allowed images load through the image proxy (mail-image-proxy.routes.test.ts), never from the sender.
    expect(allowed.html).toMatch(
      /src="\/api\/v1\/mail-image\?u=https%3A%2F%2Ftracker\.test%2Fp\.gif&amp;a=\d+\.\d+&amp;s=[\w-]{43}"/,
    );
    expect(allowed.html).not.toMatch(/script|onclick/);
  });

  it('sends a reply through SMTP with the thread headers and files it in Sent', async () => {
    const title = subject('Frage zur Busreise');
    await dovecot.deliver(
      await mailSource({
        from: 'Anna Müller <anna.mueller@kunde.test>',
        to: user.user,
        subject: title,
        text: 'Gibt es noch Plätze?',
        messageId: `<frage-${randomUUID()}@kunde.test>`,
      }),
    );
    const uid = await uidOf(0, title);
    const original = (
      await call(t.app, office, { method: 'GET', url: `/mail-folder/0/messages/${uid}` })
    ).json<MailMessage>();
    const sent = await call(t.app, office, {
      method: 'POST',
      url: '/mail-send',
      payload: {
        from: 'Jürgen Weiß',
        email: 'anna.mueller@kunde.test',
        cc: 'chef@reisen.test',
        subject: `Re: ${title}`,
        message: 'Ja, es gibt noch Plätze.\n\n> Gibt es noch Plätze?',
        replyTo: { folder: 0, uid },
      },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ filedInSent: true });
    const arrived = await smtp.waitFor('anna.mueller@kunde.test', `Re: ${title}`);
    expect(arrived.text).toContain('Ja, es gibt noch Plätze.');
    expect(arrived.raw.inReplyTo).toBe(original.messageId);
    expect(arrived.raw.from?.value[0]).toMatchObject({ name: 'Jürgen Weiß', address: 'buero@reisen.test' });
    expect(arrived.raw.cc && !Array.isArray(arrived.raw.cc) ? arrived.raw.cc.text : '').toContain('chef@reisen.test');
    const inSent = await list(await folderIndex('\\Sent'), `?search=${encodeURIComponent(title)}`);
    expect(inSent.messages.map((m) => m.subject)).toEqual([`Re: ${title}`]);
    expect(inSent.messages[0]!.attrs.flags).toEqual(['Seen']);
  });

  it('forwards a message with its attachments', async () => {
    const title = subject('Rechnung Hotel');
    const content = Buffer.from('Rechnung 4711');
    await dovecot.deliver(
      await mailSource({
        from: 'hotel@gardasee.test',
        to: user.user,
        subject: title,
        text: 'Anbei die Rechnung',
        attachment: { filename: 'Rechnung.txt', contentType: 'text/plain', content },
      }),
    );
    const uid = await uidOf(0, title);
    const sent = await call(t.app, office, {
      method: 'POST',
      url: '/mail-send',
      payload: {
        email: 'buchhaltung@reisen.test',
        subject: `Fwd: ${title}`,
        message: 'Bitte buchen.',
        template: 'default',
        forward: { folder: 0, uid },
      },
    });
    expect(sent.statusCode).toBe(201);
    const arrived = await smtp.waitFor('buchhaltung@reisen.test', `Fwd: ${title}`);
    expect(arrived.raw.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['Rechnung.txt', 'Rechnung 4711'],
    ]);
  });

  it('refuses a mail form with wrong fields, and says which', async () => {
    const response = await call(t.app, office, {
      method: 'POST',
      url: '/mail-send',
      payload: { email: 'kein-mail', subject: '', message: '', template: 'fancy', cc: 'a@b.test; falsch' },
    });
    expect(response.statusCode).toBe(400);
    const keys = response
      .json<{ errors: Array<{ field: string; key: string }> }>()
      .errors.map((e) => `${e.field}:${e.key}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'email.0:error.email',
        'subject:error.empty',
        'message:error.empty',
        'template:error.invalid',
        'cc.1:error.email',
      ]),
    );
    expect(smtp.mails.filter((m) => m.to.includes('kein-mail'))).toHaveLength(0);
  });

  it('moves messages, and deletes them to the Trash (email-delete only)', async () => {
    const title = subject('Werbung');
    await deliver({ subject: title });
    const uid = await uidOf(0, title);
    const drafts = await folderIndex('\\Drafts');
    const trash = await folderIndex('\\Trash');
    const moved = await call(t.app, office, {
      method: 'POST',
      url: '/mail-folder/0/move',
      payload: { uids: [uid], target: drafts },
    });
    expect(moved.json()).toEqual({ moved: 1 });
    expect((await list(0, `?search=${encodeURIComponent(title)}`)).total).toBe(0);
    const inDrafts = (await list(drafts, `?search=${encodeURIComponent(title)}`)).messages[0]!.attrs.uid;
    expect(
      (
        await call(t.app, office, {
          method: 'POST',
          url: `/mail-folder/${drafts}/move`,
          payload: { uids: [inDrafts], target: drafts },
        })
      ).statusCode,
    ).toBe(400);

    const refused = await call(t.app, office, {
      method: 'POST',
      url: `/mail-folder/${drafts}/delete`,
      payload: { uids: [inDrafts] },
    });
    expect(refused.statusCode).toBe(403);
    const deleted = await call(t.app, admin, {
      method: 'POST',
      url: `/mail-folder/${drafts}/delete`,
      payload: { uids: [inDrafts] },
    });
    expect(deleted.json()).toEqual({ moved: 1 });
    expect((await list(drafts, `?search=${encodeURIComponent(title)}`, admin)).total).toBe(0);
    const inTrash = (await list(trash, `?search=${encodeURIComponent(title)}`, admin)).messages[0]!.attrs.uid;
    await call(t.app, admin, { method: 'POST', url: `/mail-folder/${trash}/delete`, payload: { uids: [inTrash] } });
    expect((await list(trash, `?search=${encodeURIComponent(title)}`, admin)).total).toBe(0);
  });

  it('links a mail to a customer and files its attachments as received documents', async () => {
    const customer = await createCustomerFixture(t.ctx, nextSequence());
    const title = subject('Reisepass Kopie');
    const scan = Buffer.from('JPEG-Daten des Passes');
    await dovecot.deliver(
      await mailSource({
        from: 'Anna Müller <anna.mueller@kunde.test>',
        to: user.user,
        subject: title,
        text: 'Anbei mein Pass',
        attachment: { filename: 'pass.jpg', contentType: 'image/jpeg', content: scan },
      }),
    );
    const uid = await uidOf(0, title);
    const linked = await call(t.app, office, {
      method: 'POST',
      url: `/mail-folder/0/messages/${uid}/links`,
      payload: { customerId: customer.id_vc_card },
    });
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toEqual([
      expect.objectContaining({
        customerId: customer.id_vc_card,
        customerName: customer.name,
        bookingId: null,
        documents: 1,
      }),
    ]);
    const documents = await t.ctx.db
      .selectFrom('received_document')
      .select([
        'id_stored_file',
        'filename',
        'content_type',
        'size',
        'mail_subject',
        'mail_from',
        'id_vc_card',
        'id_mailbox',
      ])
      .where('mail_subject', '=', title)
      .execute();
    expect(documents).toEqual([
      {
        id_stored_file: expect.any(Number),
        filename: 'pass.jpg',
        content_type: 'image/jpeg',
        size: scan.length,
        mail_subject: title,
        mail_from: '"Anna Müller" <anna.mueller@kunde.test>',
        id_vc_card: customer.id_vc_card,
        id_mailbox: mailbox.id,
      },
    ]);
    const stored = await t.ctx.db
      .selectFrom('stored_file')
      .select('storage_key')
      .where('id', '=', documents[0]!.id_stored_file)
      .executeTakeFirstOrThrow();
    const stream = await t.app.fileStore.get(stored.storage_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(scan)).toBe(true);
    expect(
      (await call(t.app, office, { method: 'GET', url: `/mail-folder/0/messages/${uid}` })).json<MailMessage>().links,
    ).toHaveLength(1);

    const unknown = await call(t.app, office, {
      method: 'POST',
      url: `/mail-folder/0/messages/${uid}/links`,
      payload: { bookingId: 999999 },
    });
    expect(unknown.json()).toMatchObject({ statusCode: 400, errors: [{ field: 'bookingId', key: 'error.notFound' }] });
    const empty = await call(t.app, office, {
      method: 'POST',
      url: `/mail-folder/0/messages/${uid}/links`,
      payload: {},
    });
    expect(empty.json()).toMatchObject({ statusCode: 400, errors: [{ field: 'customerId', key: 'error.empty' }] });
  });

  it('rings the bell of staff with email-read once per new inbox message', async () => {
    const deps = {
      ctx: t.ctx,
      key: null,
      publish: t.app.realtime.publish.bind(t.app.realtime),
      store: t.app.fileStore,
    };
    await pollInboxes(deps); // marks what is there now; old mail never rings
    const bell = async (as: string): Promise<StaffNotificationList> =>
      (await call(t.app, as, { method: 'GET', url: '/notifications' })).json();
    const before = (await bell(office)).data.filter((n) => n.kind === 'mail').length;
    const title = subject('Neue Buchungsanfrage');
    await deliver({ subject: title, from: 'Petra Schulz <p.schulz@kunde.test>' });
    expect(await pollInboxes(deps)).toBe(1);
    expect(await pollInboxes(deps)).toBe(0);
    const mine = (await bell(office)).data.filter((n) => n.kind === 'mail');
    expect(mine).toHaveLength(before + 1);
    expect(mine[0]).toMatchObject({ text: `Petra Schulz: ${title}`, read: false });
    expect(mine[0]!.link).toMatch(new RegExp(`^/email/inbox\\?mailbox=${mailbox.id}&folder=0&uid=\\d+$`));
    const agency = await createLogin(t.ctx, 'agency', { agencyId: null });
    expect((await bell(agency)).data.filter((n) => n.kind === 'mail')).toHaveLength(0);
  });

  it('answers 403 without email-read and to agency users, 401 without login, 400 for bad input', async () => {
    const role = await createRoleFixture(t.ctx, `ohne-mail-${nextSequence()}`, {
      access: { customers: { read: true } },
    });
    const plain = `plain-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email: plain, role: role.id_roles });
    const agency = await createLogin(t.ctx, 'agency');
    const agencyWithMail = `agency-mail-${nextSequence()}@test.example`;
    const mailRole = await createRoleFixture(t.ctx, `agentur-mail-${nextSequence()}`, {
      access: { agencydata: { read: true }, email: { read: true }, 'email-folder': { read: true } },
    });
    const agencyRow = await t.ctx.db.selectFrom('organization').select('id').limit(1).executeTakeFirst();
    await createUserFixture(t.ctx, 'staff', {
      email: agencyWithMail,
      role: mailRole.id_roles,
      agencyId: agencyRow?.id ?? null,
    });
    for (const as of [plain, agency]) {
      expect((await call(t.app, as, { method: 'GET', url: '/mail-folder' })).statusCode).toBe(403);
      expect((await call(t.app, as, { method: 'GET', url: '/mail-folder/0' })).statusCode).toBe(403);
    }
    if (agencyRow)
      expect((await call(t.app, agencyWithMail, { method: 'GET', url: '/mail-folder' })).statusCode).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/mail-folder' })).statusCode).toBe(401);
    expect((await call(t.app, office, { method: 'GET', url: '/mail-folder/abc' })).statusCode).toBe(400);
    expect((await call(t.app, office, { method: 'GET', url: '/mail-folder/0?$limit=0' })).statusCode).toBe(400);
    expect((await call(t.app, office, { method: 'GET', url: '/mail-folder/99' })).statusCode).toBe(404);
    expect((await call(t.app, office, { method: 'GET', url: '/mail-folder?mailbox=999' })).statusCode).toBe(404);
  });

  it('answers 503 when the mail server cannot be reached, and keeps the app working', async () => {
    const dead = await call(t.app, admin, {
      method: 'POST',
      url: '/mail-accounts',
      payload: {
        name: 'Alt',
        address: 'alt@reisen.test',
        host: '127.0.0.1',
        port: 1,
        secure: false,
        username: 'x',
        password: 'y',
      },
    });
    const id = dead.json<Mailbox>().id;
    expect((await call(t.app, office, { method: 'GET', url: `/mail-folder?mailbox=${id}` })).statusCode).toBe(503);
    expect((await call(t.app, admin, { method: 'DELETE', url: `/mail-accounts/${id}` })).statusCode).toBe(200);
    expect((await folders()).mailboxes).toHaveLength(1);
  });
});
