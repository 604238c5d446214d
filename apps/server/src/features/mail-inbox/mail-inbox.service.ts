import { createRequire } from 'node:module';
import type { ImapFlow } from 'imapflow';
import type { ParsedMail } from 'mailparser';
import type sanitizeHtml from 'sanitize-html';
import type {
  Brand,
  CreateMailboxBody,
  MailDeleteBody,
  MailFlagBody,
  MailFolder,
  MailFolderList,
  MailForm,
  MailLinkBody,
  MailLinkView,
  MailMessage,
  MailMessageList,
  MailMessageQuery,
  MailMoveBody,
  MailSent,
  Mailbox,
  UpdateMailboxBody,
} from '@tourdesk/contracts';
import { nowIso, toBool } from '../../db/dialect.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import type { RealtimeEvent } from '../../lib/realtime.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { saveDocuments, type FileStore } from '../files/files.service.ts';
import { enqueueMail, getMail, outboxMessageId } from '../mail/mail.service.ts';
import { findStaffWithPermission, notifyStaff } from '../staff-notifications/staff-notifications.service.ts';
import {
  addresses,
  flagNames,
  listFolders,
  searchUids,
  SUMMARY_QUERY,
  toSummary,
  withImap,
  type ImapAccount,
} from './mail-inbox-imap.ts';
import { imageProxyKey, signedImageUrl } from './mail-image-proxy.ts';
import { mailboxKey } from './mail-inbox-secret.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import {
  advanceSeenUid,
  bookingExists,
  cardExists,
  deleteMailbox as deleteMailboxRow,
  findMailLinks,
  findMailbox,
  findMailboxes,
  insertMailLink,
  insertMailbox,
  insertReceivedDocument,
  updateMailbox as updateMailboxRow,
} from './mail-inbox.repository.ts';

/**
 * The e-mail inbox over IMAP (issue #17, docs/adr/0025). Mailboxes are rows with an encrypted password; folders and
 * messages stay on the mail server and are read through IMAP on every call (nothing is copied into the database
 * but links to customers and bookings and the attachments filed with them).
 */
export type InboxDeps = {
  ctx: DbContext;
  /** MAIL_INBOX_KEY, or null for the installation's own key */
  key: string | null;
  publish: (event: RealtimeEvent) => Promise<void>;
  store: FileStore;
};

type MailboxRow = NonNullable<Awaited<ReturnType<typeof findMailbox>>>;

const toMailbox = (row: MailboxRow): Mailbox => ({
  id: row.id,
  name: row.name,
  address: row.address,
  host: row.host,
  port: row.port,
  secure: toBool(row.secure),
  username: row.username,
  hasPassword: row.password_secret !== '',
});

export const listMailboxes = async (ctx: DbContext): Promise<Mailbox[]> => (await findMailboxes(ctx.db)).map(toMailbox);

export async function getMailbox(ctx: DbContext, id: number): Promise<Mailbox> {
  const row = await findMailbox(ctx.db, id);
  if (!row) throw notFound();
  return toMailbox(row);
}

export async function createMailbox(deps: InboxDeps, body: CreateMailboxBody): Promise<Mailbox> {
  const key = await mailboxKey(deps.ctx, deps.key);
  const id = await insertMailbox(deps.ctx.db, {
    name: body.name,
    address: body.address,
    host: body.host,
    port: body.port,
    secure: body.secure,
    username: body.username,
    password_secret: sealSecret(key, body.password),
  });
  return getMailbox(deps.ctx, id);
}

export async function updateMailbox(deps: InboxDeps, id: number, body: UpdateMailboxBody): Promise<Mailbox> {
  await getMailbox(deps.ctx, id);
  const { password, ...rest } = body;
  const key = password ? await mailboxKey(deps.ctx, deps.key) : null;
  const hostChanged = rest.host !== undefined || rest.username !== undefined;
  await updateMailboxRow(deps.ctx.db, id, {
    ...rest,
    ...(key && password ? { password_secret: sealSecret(key, password) } : {}),
    // Another server or account: the poller starts again from what is there now, announcing nothing old.
    ...(hostChanged ? { seen_uidvalidity: null, seen_uid: null } : {}),
    updated_at: nowIso(),
  });
  return getMailbox(deps.ctx, id);
}

export async function removeMailbox(ctx: DbContext, id: number): Promise<Mailbox> {
  const mailbox = await getMailbox(ctx, id);
  await deleteMailboxRow(ctx.db, id);
  return mailbox;
}

/** The mailbox a call names, or the first one; with its credentials decrypted for IMAP. */
async function resolveMailbox(
  deps: InboxDeps,
  id: number | undefined,
): Promise<{ row: MailboxRow; account: ImapAccount }> {
  const row = id === undefined ? (await findMailboxes(deps.ctx.db))[0] : await findMailbox(deps.ctx.db, id);
  if (!row) throw notFound();
  return { row, account: await accountOf(deps, row) };
}

async function accountOf(deps: InboxDeps, row: MailboxRow): Promise<ImapAccount> {
  const key = await mailboxKey(deps.ctx, deps.key);
  return {
    host: row.host,
    port: row.port,
    secure: toBool(row.secure),
    username: row.username,
    password: openSecret(key, row.password_secret),
  };
}

async function folderAt(client: ImapFlow, index: number): Promise<MailFolder> {
  const folder = (await listFolders(client))[index];
  if (!folder) throw notFound();
  return folder;
}

/** GET /mail-folder: the mailboxes and the folders of the one asked for (the first by default). */
export async function mailFolders(deps: InboxDeps, mailboxId: number | undefined): Promise<MailFolderList> {
  const rows = await findMailboxes(deps.ctx.db);
  const mailboxes = rows.map((row) => ({ id: row.id, name: row.name, address: row.address }));
  if (rows.length === 0) return { mailboxes, mailbox: null, folders: [] };
  const { row, account } = await resolveMailbox(deps, mailboxId);
  const folders = await withImap(account, listFolders);
  return { mailboxes, mailbox: row.id, folders };
}

/** GET /mail-folder/:id: a folder's messages, newest first, a page at a time, optionally searched. */
export async function folderMessages(
  deps: InboxDeps,
  index: number,
  query: MailMessageQuery,
): Promise<MailMessageList> {
  const limit = query.$limit ?? 20;
  const skip = query.$skip ?? 0;
  const { account } = await resolveMailbox(deps, query.mailbox);
  return withImap(account, async (client) => {
    const folder = await folderAt(client, index);
    const lock = await client.getMailboxLock(folder.path, { readOnly: true });
    try {
      const uids = await searchUids(client, query.search || undefined);
      const page = uids.slice(skip, skip + limit);
      const fetched = page.length > 0 ? await client.fetchAll(page.join(','), SUMMARY_QUERY, { uid: true }) : [];
      const messages = fetched.sort((a, b) => b.uid - a.uid).map(toSummary);
      return { total: uids.length, limit, skip, folder, messages };
    } finally {
      lock.release();
    }
  });
}

const require = createRequire(import.meta.url);
let sanitizer: typeof sanitizeHtml | null = null;
const sanitize = () => (sanitizer ??= require('sanitize-html') as typeof sanitizeHtml);

const REMOTE = /^(https?:)?\/\//i;

/**
 * A message's HTML made safe to show inside the app: no scripts, styles elements, forms, frames or event handlers;
 * links open outside; images from other servers are dropped (they tell the sender the mail was read) unless the
 * user allowed them for this message, and then they load through the image proxy (`proxied` gives the signed
 * proxy address of a remote URL; the browser never asks the sender's server). Inline images (cid:, turned into
 * data: URLs by mailparser) stay.
 */
export function sanitizeMailHtml(
  html: string,
  proxied: ((url: string) => string) | null,
): { html: string; blocked: boolean } {
  let blocked = false;
  const clean = sanitize()(html, {
    allowedTags: [...sanitize().defaults.allowedTags, 'img', 'font', 'center', 'span', 'div'],
    allowedAttributes: {
      a: ['href', 'title'],
      img: ['src', 'alt', 'width', 'height', 'title'],
      td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
      th: ['colspan', 'rowspan', 'align', 'valign', 'width'],
      table: ['width', 'cellpadding', 'cellspacing', 'border'],
      '*': ['align', 'dir', 'lang'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['data'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'iframe',
      'object',
      'embed',
      'template',
      'title',
      'head',
    ],
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
      img: (tagName, attribs) => {
        const src = (attribs.src ?? '').trim();
        if (REMOTE.test(src)) {
          if (proxied)
            return { tagName, attribs: { ...attribs, src: proxied(src.startsWith('//') ? `https:${src}` : src) } };
          blocked = true;
          const { src: _dropped, ...rest } = attribs;
          return { tagName, attribs: rest };
        }
        return { tagName, attribs };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
  return { html: clean, blocked };
}

async function fetchParsed(
  client: ImapFlow,
  uid: number,
): Promise<{ parsed: ParsedMail; flags: string[]; size: number }> {
  const message = await client.fetchOne(
    String(uid),
    { uid: true, source: true, flags: true, size: true },
    { uid: true },
  );
  if (!message || !message.source) throw notFound();
  // mailparser (with its charset tables) loads with the first message read, not with the server.
  const { simpleParser } = await import('mailparser');
  return { parsed: await simpleParser(message.source), flags: flagNames(message.flags), size: message.size ?? 0 };
}

const parsedAddresses = (value: ParsedMail['to']) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    addresses(group.value.map((entry) => ({ name: entry.name, address: entry.address }))),
  );

async function linksOf(deps: InboxDeps, mailboxId: number, path: string, uid: number): Promise<MailLinkView[]> {
  return (await findMailLinks(deps.ctx.db, mailboxId, path, uid)).map((row) => ({
    id: row.id,
    customerId: row.id_vc_card,
    customerName: row.card_name ?? null,
    bookingId: row.id_booking,
    bookingNumber: row.id_booking === null ? null : String(row.id_booking),
    documents: row.documents,
  }));
}

/** Reads a message (and marks it Seen, as any mail program does). */
export async function readMessage(
  deps: InboxDeps,
  index: number,
  uid: number,
  options: { mailbox?: number; images?: '0' | '1' },
  auth: AuthUser,
): Promise<MailMessage> {
  const { row, account } = await resolveMailbox(deps, options.mailbox);
  const { folder, parsed, flags, size } = await withImap(account, async (client) => {
    const folder = await folderAt(client, index);
    const lock = await client.getMailboxLock(folder.path);
    try {
      const fetched = await fetchParsed(client, uid);
      if (!fetched.flags.includes('Seen')) {
        await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
        fetched.flags.push('Seen');
      }
      return { folder, ...fetched };
    } finally {
      lock.release();
    }
  });
  const signingKey = options.images === '1' ? await imageProxyKey(deps.ctx) : null;
  const proxied = signingKey ? (url: string) => signedImageUrl(signingKey, url, auth.id) : null;
  const html = typeof parsed.html === 'string' ? sanitizeMailHtml(parsed.html, proxied) : null;
  const from = parsedAddresses(parsed.from)[0] ?? null;
  return {
    attrs: { uid, flags },
    from,
    to: parsedAddresses(parsed.to),
    cc: parsedAddresses(parsed.cc),
    subject: parsed.subject ?? '',
    date: parsed.date ? parsed.date.toISOString() : null,
    size,
    hasAttachments: parsed.attachments.some((file) => !file.related),
    messageId: parsed.messageId ?? null,
    html: html?.html ?? null,
    text: parsed.text ?? '',
    remoteImagesBlocked: html?.blocked ?? false,
    attachments: parsed.attachments
      .map((file, part) => ({ file, part }))
      .filter(({ file }) => !file.related)
      .map(({ file, part }) => ({
        part,
        filename: file.filename ?? `anhang-${part + 1}`,
        contentType: file.contentType,
        size: file.size,
      })),
    links: await linksOf(deps, row.id, folder.path, uid),
  };
}

/** An attachment's bytes, by its place among the message's parts. */
export async function messageAttachment(
  deps: InboxDeps,
  index: number,
  uid: number,
  part: number,
  mailboxId: number | undefined,
): Promise<{ filename: string; contentType: string; content: Buffer }> {
  const { account } = await resolveMailbox(deps, mailboxId);
  const parsed = await withImap(account, async (client) => {
    const folder = await folderAt(client, index);
    const lock = await client.getMailboxLock(folder.path, { readOnly: true });
    try {
      return (await fetchParsed(client, uid)).parsed;
    } finally {
      lock.release();
    }
  });
  const file = parsed.attachments[part];
  if (!file) throw notFound();
  return { filename: file.filename ?? `anhang-${part + 1}`, contentType: file.contentType, content: file.content };
}

/** Sets or unsets Flagged or Seen on one message or all selected (spec §4). */
export async function setFlags(deps: InboxDeps, index: number, body: MailFlagBody): Promise<{ moved: number }> {
  const { account } = await resolveMailbox(deps, body.mailbox);
  return withImap(account, async (client) => {
    const folder = await folderAt(client, index);
    const lock = await client.getMailboxLock(folder.path);
    try {
      const range = body.uids.join(',');
      const flag = `\\${body.flag}`;
      if (body.set) await client.messageFlagsAdd(range, [flag], { uid: true });
      else await client.messageFlagsRemove(range, [flag], { uid: true });
      return { moved: body.uids.length };
    } finally {
      lock.release();
    }
  });
}

async function moveTo(
  client: ImapFlow,
  source: MailFolder,
  target: MailFolder,
  uids: readonly number[],
): Promise<number> {
  const lock = await client.getMailboxLock(source.path);
  try {
    const result = await client.messageMove(uids.join(','), target.path, { uid: true });
    return result ? (result.uidMap?.size ?? uids.length) : 0;
  } finally {
    lock.release();
  }
}

export async function moveMessages(deps: InboxDeps, index: number, body: MailMoveBody): Promise<{ moved: number }> {
  const { account } = await resolveMailbox(deps, body.mailbox);
  return withImap(account, async (client) => {
    const folders = await listFolders(client);
    const source = folders[index];
    const target = folders[body.target];
    if (!source) throw notFound();
    if (!target || target.path === source.path) throw invalidField('target', 'error.invalid');
    return { moved: await moveTo(client, source, target, body.uids) };
  });
}

/** Moves messages to the Trash; in the Trash (or without one) they are deleted for good. */
export async function deleteMessages(deps: InboxDeps, index: number, body: MailDeleteBody): Promise<{ moved: number }> {
  const { account } = await resolveMailbox(deps, body.mailbox);
  return withImap(account, async (client) => {
    const folders = await listFolders(client);
    const source = folders[index];
    if (!source) throw notFound();
    const trash = folders.find((folder) => folder.specialUse === '\\Trash');
    if (trash && trash.path !== source.path) return { moved: await moveTo(client, source, trash, body.uids) };
    const lock = await client.getMailboxLock(source.path);
    try {
      await client.messageDelete(body.uids.join(','), { uid: true });
      return { moved: body.uids.length };
    } finally {
      lock.release();
    }
  });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The `default` template: the text as written, in the office's plain mail look. */
const renderDefault = (message: string) =>
  `<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5">${escapeHtml(message).replace(/\r?\n/g, '<br>')}</div>`;

const quotedName = (name: string, address: string) =>
  name ? `"${name.replace(/["\\\r\n]/g, '')}" <${address}>` : address;

/**
 * Sends the mail form through the outbox (ADR 0006: it goes out, and is retried, like every other mail) and files a
 * copy in the mailbox's Sent folder (IMAP APPEND, marked Seen). A reply carries In-Reply-To and References; a
 * forward carries the original's attachments.
 */
export async function sendMail(deps: InboxDeps, body: MailForm, brand: Brand, auth: AuthUser): Promise<MailSent> {
  const { row, account } = await resolveMailbox(deps, body.mailbox);
  const original = body.replyTo ?? body.forward;
  const source = original
    ? await withImap(account, async (client) => {
        const folder = await folderAt(client, original.folder);
        const lock = await client.getMailboxLock(folder.path, { readOnly: true });
        try {
          return (await fetchParsed(client, original.uid)).parsed;
        } finally {
          lock.release();
        }
      })
    : null;
  const headers: Record<string, string> = {};
  if (body.replyTo && source?.messageId) {
    const references = [source.references ?? []].flat();
    headers['In-Reply-To'] = source.messageId;
    headers.References = [...references, source.messageId].join(' ');
  }
  const attachments =
    body.forward && source
      ? source.attachments
          .filter((file) => !file.related)
          .map((file) => ({
            filename: file.filename ?? 'anhang',
            contentType: file.contentType,
            content: file.content,
          }))
      : [];
  const from = quotedName(body.from ?? row.name, row.address);
  const content = { subject: body.subject, html: renderDefault(body.message), text: body.message };
  const to = body.email.join(', ');
  const cc = body.cc?.join(', ');
  const bcc = body.bcc?.join(', ');
  const outboxId = await enqueueMail(deps.ctx, {
    to,
    template: `inbox:${body.template}`,
    language: 'de',
    brand,
    content,
    from,
    ...(cc ? { cc } : {}),
    ...(bcc ? { bcc } : {}),
    headers,
    attachments,
    ref: `mailbox:${row.id}`,
  });
  const queued = await getMail(deps.ctx, outboxId);
  const fileInSent = async () => {
    const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
    const raw = await new MailComposer({
      from,
      to,
      ...(cc ? { cc } : {}),
      ...(bcc ? { bcc } : {}),
      subject: content.subject,
      html: content.html,
      text: content.text,
      messageId: outboxMessageId(outboxId, queued.createdAt),
      date: new Date(queued.createdAt),
      headers: { ...headers, 'X-Tourdesk-User': String(auth.id) },
      attachments,
    })
      .compile()
      .build();
    return withImap(account, async (client) => {
      const sent = (await listFolders(client)).find((folder) => folder.specialUse === '\\Sent');
      if (!sent) return false;
      return Boolean(await client.append(sent.path, raw, ['\\Seen']));
    });
  };
  // The mail is queued and will go out; if only its copy in Sent is missing, the answer says so.
  const filedInSent = await fileInSent().catch(() => false);
  return { outboxId, filedInSent };
}

/**
 * Links a message to a customer or booking and files its attachments as received documents (docs/adr/0024), the
 * bytes in the file store, so the documents query finds them.
 */
export async function linkMessage(
  deps: InboxDeps,
  index: number,
  uid: number,
  body: MailLinkBody,
  auth: AuthUser,
): Promise<MailLinkView[]> {
  if (body.customerId !== undefined && !(await cardExists(deps.ctx.db, body.customerId)))
    throw invalidField('customerId', 'error.notFound');
  if (body.bookingId !== undefined && !(await bookingExists(deps.ctx.db, body.bookingId)))
    throw invalidField('bookingId', 'error.notFound');
  const { row, account } = await resolveMailbox(deps, body.mailbox);
  const { folder, parsed } = await withImap(account, async (client) => {
    const folder = await folderAt(client, index);
    const lock = await client.getMailboxLock(folder.path, { readOnly: true });
    try {
      return { folder, parsed: (await fetchParsed(client, uid)).parsed };
    } finally {
      lock.release();
    }
  });
  const sender = parsedAddresses(parsed.from)[0];
  const mailFrom = sender ? quotedName(sender.name, sender.address).slice(0, 300) : null;
  const files = body.attachments
    ? parsed.attachments
        .filter((file) => !file.related)
        .map((file) => ({ filename: file.filename ?? 'anhang', contentType: file.contentType, body: file.content }))
    : [];
  const receivedAt = (parsed.date ?? new Date()).toISOString();
  await saveDocuments(deps.ctx, deps.store, files, auth.id, async (trx, fileIds) => {
    for (const [position, fileId] of fileIds.entries()) {
      const file = files[position]!;
      await insertReceivedDocument(trx.db, {
        id_stored_file: fileId,
        filename: file.filename.slice(0, 255),
        content_type: file.contentType.slice(0, 120),
        size: file.body.length,
        source: 'mail',
        id_mailbox: row.id,
        mail_message_id: parsed.messageId?.slice(0, 300) ?? null,
        mail_from: mailFrom,
        mail_subject: parsed.subject?.slice(0, 300) ?? null,
        id_vc_card: body.customerId ?? null,
        id_booking: body.bookingId ?? null,
        received_at: receivedAt,
        created_by: auth.id,
      });
    }
    await insertMailLink(trx.db, {
      id_mailbox: row.id,
      folder_path: folder.path,
      uid: String(uid),
      message_id: parsed.messageId?.slice(0, 300) ?? null,
      mail_from: mailFrom,
      mail_subject: parsed.subject?.slice(0, 300) ?? null,
      id_vc_card: body.customerId ?? null,
      id_booking: body.bookingId ?? null,
      documents: fileIds.length,
      created_by: auth.id,
    });
  });
  return linksOf(deps, row.id, folder.path, uid);
}

/** The web path of a message: the bell's entries open it. */
export const messageLink = (mailboxId: number, folder: number, uid: number) =>
  `/email/inbox?mailbox=${mailboxId}&folder=${folder}&uid=${uid}`;

/**
 * The poll job: each mailbox's INBOX is asked for messages above the highest UID already announced. A new
 * UIDVALIDITY (the server renumbered the folder) or a first look only sets the mark, so old mail never rings. The
 * bell of every staff user with email-read rings once per message (dedupe key per mailbox, UIDVALIDITY and UID).
 */
export async function pollInboxes(deps: InboxDeps): Promise<number> {
  let rung = 0;
  let failure: unknown = null;
  for (const row of await findMailboxes(deps.ctx.db)) {
    try {
      rung += await pollMailbox(deps, row);
    } catch (error) {
      // One unreachable server does not keep the others' news back; the job still reports the failure.
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return rung;
}

/** The poll job's sync for one mailbox, with its row read afresh: what IMAP IDLE runs on `exists`. */
export async function syncMailbox(deps: InboxDeps, id: number): Promise<number> {
  const row = await findMailbox(deps.ctx.db, id);
  return row ? pollMailbox(deps, row) : 0;
}

/** The mailboxes for IMAP IDLE, with decrypted passwords and a signature of what the connection depends on. */
export async function watchedMailboxes(deps: InboxDeps) {
  const rows = await findMailboxes(deps.ctx.db);
  return Promise.all(
    rows.map(async (row) => {
      const account = await accountOf(deps, row);
      return {
        id: row.id,
        ...account,
        signature: [row.host, row.port, account.secure, row.username, row.password_secret].join('\n'),
      };
    }),
  );
}

async function pollMailbox(deps: InboxDeps, row: MailboxRow): Promise<number> {
  let rung = 0;
  {
    const account = await accountOf(deps, row);
    const news = await withImap(account, async (client) => {
      const lock = await client.getMailboxLock('INBOX', { readOnly: true });
      try {
        const mailbox = client.mailbox;
        if (!mailbox) return null;
        const uidValidity = String(mailbox.uidValidity);
        const top = String(Math.max(0, mailbox.uidNext - 1));
        if (row.seen_uidvalidity !== uidValidity || row.seen_uid === null) {
          return { uidValidity, top, messages: [] };
        }
        const from = Number(row.seen_uid) + 1;
        if (from > mailbox.uidNext - 1) return { uidValidity, top: row.seen_uid, messages: [] };
        const fetched = await client.fetchAll(`${from}:*`, { uid: true, envelope: true }, { uid: true });
        // `n:*` always answers the highest message, even below n.
        const messages = fetched.filter((message) => message.uid >= from);
        const highest = Math.max(Number(row.seen_uid), ...messages.map((message) => message.uid));
        return { uidValidity, top: String(highest), messages };
      } finally {
        lock.release();
      }
    });
    if (!news) return 0;
    const advanced = await advanceSeenUid(
      deps.ctx.db,
      row.id,
      { uidValidity: row.seen_uidvalidity, uid: row.seen_uid },
      { uidValidity: news.uidValidity, uid: news.top },
    );
    if (advanced === 0 || news.messages.length === 0) return 0;
    const staff = await findStaffWithPermission(deps.ctx.db, 'email-read');
    for (const message of news.messages.sort((a, b) => a.uid - b.uid)) {
      const sender = message.envelope?.from?.[0];
      const who = sender?.name || sender?.address || '?';
      await notifyStaff(deps.ctx, deps.publish, staff, {
        kind: 'mail',
        text: `${who}: ${message.envelope?.subject ?? ''}`,
        link: messageLink(row.id, 0, message.uid),
        dedupeKey: `mail:${row.id}:${news.uidValidity}:${message.uid}`,
      });
      rung++;
    }
  }
  return rung;
}
