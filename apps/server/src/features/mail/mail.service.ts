import type { BookingMail, Brand, ListQuery, Mail, MailDetail } from '@tourdesk/contracts';
import { nowIso, toBool, toIso } from '../../db/dialect.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { runList, type ListSpec } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import { renderMail, type MailVariables } from './mail-templates.ts';
import type { MailTemplate } from './mail-texts.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  claimHeldMail,
  findAttachmentNames,
  findAttempts,
  findMailById,
  findHeldMails,
  findMailsOfRef,
  insertAttachment,
  insertMail,
  mailBaseQuery,
  updateMail,
  type MailRow,
} from './mail.repository.ts';

/** The Message-ID the delivery worker gives an outbox entry (the inbox files its Sent copy under the same id). */
export { outboxMessageId } from './mail-delivery.ts';

/** The templates a mail can be written with, part of what enqueueMail takes (other features import it from here). */
export type { MailTemplate };

export type OutgoingMail = {
  to: string;
  template: MailTemplate;
  language: string;
  variables: MailVariables;
  brand: Brand;
  /** the record the mail belongs to (`booking:123`): its page lists the mails sent */
  ref?: string;
  /** files sent with the mail, stored with it in the outbox */
  attachments?: readonly MailAttachmentInput[];
  /**
   * Held back until then, for attachments made after the transaction that queues it (releaseHeldMail); at the
   * latest it goes then as it is.
   */
  holdUntil?: Date;
};

/**
 * A mail another feature has already written (a newsletter's test mail): queued and delivered like any other,
 * under its own template name, without the mail layout.
 */
export type PreparedMail = Omit<OutgoingMail, 'template' | 'variables'> & {
  template: string;
  content: { subject: string; html: string; text: string };
  /** a mail staff wrote in the inbox (docs/adr/0025): its sender, copies and threading headers */
  from?: string;
  cc?: string;
  bcc?: string;
  headers?: Record<string, string>;
};

export type MailAttachmentInput = { filename: string; contentType: string; content: Buffer | Uint8Array };

/**
 * Puts a mail into the outbox. Call it inside the transaction of the change that causes the mail: both
 * land together or not at all, and the delivery worker sends it afterwards (and again after a restart).
 */
export async function enqueueMail(ctx: DbContext, mail: OutgoingMail | PreparedMail): Promise<number> {
  const content =
    'content' in mail ? mail.content : renderMail(mail.template, mail.variables, mail.brand, mail.language);
  const now = nowIso();
  const id = await insertMail(ctx.db, {
    ref: mail.ref ?? null,
    to_address: mail.to,
    ...('content' in mail && mail.from ? { from_address: mail.from } : {}),
    ...('content' in mail && mail.cc ? { cc_address: mail.cc } : {}),
    ...('content' in mail && mail.bcc ? { bcc_address: mail.bcc } : {}),
    ...('content' in mail && mail.headers ? { extra_headers: JSON.stringify(mail.headers) } : {}),
    subject: content.subject,
    html: content.html,
    text: content.text,
    template: mail.template,
    language: mail.language,
    brand_host: mail.brand.host,
    status: 'queued',
    next_attempt_at: mail.holdUntil?.toISOString() ?? now,
    created_at: now,
    updated_at: now,
  });
  for (const attachment of mail.attachments ?? []) {
    await insertAttachment(ctx.db, {
      id_mail: id,
      filename: attachment.filename,
      content_type: attachment.contentType,
      content: Buffer.from(attachment.content),
    });
  }
  return id;
}

const MAIL_LIST_SPEC: ListSpec = {
  table: 'mail_outbox',
  idColumn: 'id',
  idField: 'id',
  searchable: false,
  defaultSort: [['id', -1]],
  fields: {
    id: { column: 'mail_outbox.id', type: 'number' },
    to: { column: 'mail_outbox.to_address', type: 'string' },
    template: { column: 'mail_outbox.template', type: 'string' },
    status: { column: 'mail_outbox.status', type: 'string' },
    attempts: { column: 'mail_outbox.attempts', type: 'number' },
    createdAt: { column: 'mail_outbox.created_at', type: 'date' },
    sentAt: { column: 'mail_outbox.sent_at', type: 'date' },
  },
  selectable: [
    'id',
    'to',
    'subject',
    'template',
    'language',
    'brandHost',
    'status',
    'attempts',
    'nextAttemptAt',
    'lastError',
    'sentAt',
    'createdAt',
  ],
};

const toMail = (row: MailRow): Mail => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  template: row.template,
  language: row.language,
  brandHost: row.brand_host,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.status === 'queued' ? toIso(row.next_attempt_at) : null,
  lastError: row.last_error,
  sentAt: toIso(row.sent_at),
  createdAt: toIso(row.created_at)!,
});

export const listMails = (ctx: DbContext, query: ListQuery) =>
  runList(ctx, MAIL_LIST_SPEC, query, mailBaseQuery(ctx.db), (rows) => rows.map(toMail));

/** The code part of an account link (`/auth/reset-page/<code>`, `/auth/delete-account?code=<code>`). */
const ACTION_CODE_IN_LINK = /(\/auth\/[\w-]+(?:\/|\?code=))[A-Za-z0-9_-]{16,}/g;
export const MASKED_CODE = '••••••';

/**
 * Hides the single-use codes of account links, so nobody who reads the outbox (support, an admin) can use a
 * reset, activation or deletion link meant for someone else. The mail is delivered unmasked.
 */
export const maskActionCodes = (content: string) => content.replace(ACTION_CODE_IN_LINK, `$1${MASKED_CODE}`);

export async function getMail(ctx: DbContext, id: number): Promise<MailDetail> {
  const row = await findMailById(ctx.db, id);
  if (!row) throw notFound();
  const attempts = await findAttempts(ctx.db, id);
  return {
    ...toMail(row),
    html: maskActionCodes(row.html),
    text: maskActionCodes(row.text),
    messageId: row.message_id,
    attemptLog: attempts.map((attempt) => ({ at: toIso(attempt.at)!, ok: toBool(attempt.ok), detail: attempt.detail })),
  };
}

/** Puts a failed mail back into the queue (a person decided to try again). Sent mails are not sent twice. */
export async function resendMail(ctx: DbContext, id: number): Promise<MailDetail> {
  const mail = await getMail(ctx, id);
  if (mail.status !== 'failed') throw conflict('error.actionFailed');
  const now = nowIso();
  await updateMail(ctx.db, id, { status: 'queued', next_attempt_at: now, locked_until: null, updated_at: now });
  return getMail(ctx, id);
}

/** The mails that belong to a record (`booking:123`), newest first: what the record's page lists as sent. */
export async function listMailsOfRef(ctx: DbContext, ref: string): Promise<BookingMail[]> {
  const rows = await findMailsOfRef(ctx.db, ref);
  const attachments = await findAttachmentNames(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    template: row.template,
    status: row.status,
    createdAt: toIso(row.created_at)!,
    sentAt: toIso(row.sent_at),
    attachments: attachments.filter((file) => file.id_mail === row.id).map((file) => file.filename),
  }));
}

/** The held mails of a template (enqueueMail with `holdUntil`) still waiting at `now` for their attachments. */
export const listHeldMails = (ctx: DbContext, template: MailTemplate, now: Date) =>
  findHeldMails(ctx.db, template, now.toISOString());

/**
 * Adds the attachments to a held mail and releases it for delivery, in one transaction claimed by the mail's
 * hold (safe twice and with several instances); false when it had been released already.
 */
export function releaseHeldMail(
  ctx: DbContext,
  id: number,
  attachments: readonly MailAttachmentInput[],
  now: Date,
): Promise<boolean> {
  return inTransaction(ctx, async (trx) => {
    if (!(await claimHeldMail(trx.db, id, now.toISOString()))) return false;
    for (const attachment of attachments)
      await insertAttachment(trx.db, {
        id_mail: id,
        filename: attachment.filename,
        content_type: attachment.contentType,
        content: Buffer.from(attachment.content),
      });
    return true;
  });
}
