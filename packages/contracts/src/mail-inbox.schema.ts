import { z } from 'zod';
import { MAX_ID, emailField, optionalText, requiredText } from './fields.ts';

/**
 * The e-mail inbox over IMAP (issue #17, docs/adr/0025): mailboxes configured by staff, their folders
 * (`GET /mail-folder`), a folder's messages (`GET /mail-folder/:id`, response `messages`, each with `attrs.uid` and
 * `attrs.flags`, spec §3 and §7), reading, flags, moving, deleting, and the mail form of spec §3.
 */

/** Spec §9: the inbox is polled every 100000 ms. */
export const MAIL_INBOX_POLL_MS = 100_000;

/** Spec §9: mail defaults to a template named `default`. */
export const MAIL_FORM_TEMPLATES = ['default'] as const;
export type MailFormTemplate = (typeof MAIL_FORM_TEMPLATES)[number];

/** The flags staff set and unset (spec §4): Flagged (important) and Seen. */
export const MAIL_FLAGS = ['Flagged', 'Seen'] as const;
export type MailFlag = (typeof MAIL_FLAGS)[number];

const id = () =>
  z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid');
const uid = () => z.coerce.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid');
const folderIndex = () =>
  z.coerce.number({ error: 'error.invalid' }).int('error.invalid').min(0, 'error.invalid').max(999, 'error.invalid');

/** A configured mailbox as staff see it: never its password. */
export const ZMailbox = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  username: z.string(),
  /** true when a password is stored (it is never sent back) */
  hasPassword: z.boolean(),
});
export type Mailbox = z.infer<typeof ZMailbox>;

export const ZCreateMailboxBody = z.object({
  name: requiredText({ min: 2, max: 100 }),
  address: emailField(),
  host: requiredText({ max: 255 }).regex(/^[A-Za-z0-9.-]+$/, 'error.invalid'),
  port: z.number({ error: 'error.invalid' }).int('error.invalid').min(1, 'error.invalid').max(65535, 'error.invalid'),
  secure: z.boolean({ error: 'error.invalid' }),
  username: requiredText({ max: 255 }),
  password: z.string({ error: 'error.empty' }).min(1, 'error.empty').max(500, 'error.tooLong'),
});
export type CreateMailboxBody = z.infer<typeof ZCreateMailboxBody>;

/** A change; a missing or empty password keeps the stored one. */
export const ZUpdateMailboxBody = ZCreateMailboxBody.extend({
  password: z.string({ error: 'error.invalid' }).max(500, 'error.tooLong').optional(),
}).partial();
export type UpdateMailboxBody = z.infer<typeof ZUpdateMailboxBody>;

/** Which mailbox a call is about; without it, the first one (spec §4: "the first inbox"). */
export const ZMailboxQuery = z.object({ mailbox: id().optional() });
export type MailboxQuery = z.infer<typeof ZMailboxQuery>;

export const ZMailFolder = z.object({
  /** the folder's place in this list: `/mail-folder/0` is the inbox */
  id: z.number().int(),
  path: z.string(),
  name: z.string(),
  /** IMAP special use, e.g. `\Sent`, `\Trash` */
  specialUse: z.string().nullable(),
  total: z.number().int(),
  unseen: z.number().int(),
  /** the next UID the server will give: grows when a message arrives */
  uidNext: z.number().int(),
});
export type MailFolder = z.infer<typeof ZMailFolder>;

/** GET /mail-folder: the mailboxes, the one shown, and its folders (inbox first). */
export const ZMailFolderList = z.object({
  mailboxes: z.array(z.object({ id: z.number().int(), name: z.string(), address: z.string() })),
  mailbox: z.number().int().nullable(),
  folders: z.array(ZMailFolder),
});
export type MailFolderList = z.infer<typeof ZMailFolderList>;

export const ZMailFolderParams = z.object({ id: folderIndex() });
export const ZMailMessageParams = z.object({ id: folderIndex(), uid: uid() });
export const ZMailAttachmentParams = z.object({ id: folderIndex(), uid: uid(), part: folderIndex() });

/** GET /mail-folder/:id: newest first, paged, optionally searched (IMAP SEARCH on sender, subject and text). */
export const ZMailMessageQuery = ZMailboxQuery.extend({
  $limit: z.coerce
    .number({ error: 'error.invalidQuery' })
    .int('error.invalidQuery')
    .min(1, 'error.invalidQuery')
    .max(200, 'error.invalidQuery')
    .optional(),
  $skip: z.coerce
    .number({ error: 'error.invalidQuery' })
    .int('error.invalidQuery')
    .min(0, 'error.invalidQuery')
    .optional(),
  search: z.string().trim().max(200, 'error.tooLong').optional(),
});
export type MailMessageQuery = z.infer<typeof ZMailMessageQuery>;

export const ZMailAddress = z.object({ name: z.string(), address: z.string() });
export type MailAddress = z.infer<typeof ZMailAddress>;

export const ZMailMessageSummary = z.object({
  attrs: z.object({ uid: z.number().int(), flags: z.array(z.string()) }),
  from: ZMailAddress.nullable(),
  to: z.array(ZMailAddress),
  subject: z.string(),
  date: z.string().nullable(),
  size: z.number().int(),
  hasAttachments: z.boolean(),
});
export type MailMessageSummary = z.infer<typeof ZMailMessageSummary>;

export const ZMailMessageList = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  folder: ZMailFolder,
  messages: z.array(ZMailMessageSummary),
});
export type MailMessageList = z.infer<typeof ZMailMessageList>;

export const ZMailReadQuery = ZMailboxQuery.extend({
  /** `1`: show this message's remote images */
  images: z.enum(['0', '1'], { error: 'error.invalidQuery' }).optional(),
});
export type MailReadQuery = z.infer<typeof ZMailReadQuery>;

/** GET /mail-image: a remote image through the proxy, as the server signed it into a message's HTML. */
export const ZMailImageQuery = z.object({
  /** the remote image's http(s) URL */
  u: z.string({ error: 'error.empty' }).min(1, { error: 'error.empty' }).max(4000, { error: 'error.tooLong' }),
  /** `<user id>.<signed at, ms>` */
  a: z.string({ error: 'error.empty' }).regex(/^\d{1,12}\.\d{1,15}$/, { error: 'error.invalid' }),
  /** HMAC-SHA256 of both, base64url */
  s: z.string({ error: 'error.empty' }).regex(/^[\w-]{43}$/, { error: 'error.invalid' }),
});
export type MailImageQuery = z.infer<typeof ZMailImageQuery>;

export const ZMailLinkView = z.object({
  id: z.number().int(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  bookingId: z.number().int().nullable(),
  bookingNumber: z.string().nullable(),
  documents: z.number().int(),
});
export type MailLinkView = z.infer<typeof ZMailLinkView>;

export const ZMailMessage = ZMailMessageSummary.extend({
  cc: z.array(ZMailAddress),
  messageId: z.string().nullable(),
  /** sanitised HTML (scripts, handlers and forms removed; remote images only when asked for) */
  html: z.string().nullable(),
  text: z.string(),
  /** the message has images from other servers that are not shown */
  remoteImagesBlocked: z.boolean(),
  attachments: z.array(
    z.object({ part: z.number().int(), filename: z.string(), contentType: z.string(), size: z.number().int() }),
  ),
  links: z.array(ZMailLinkView),
});
export type MailMessage = z.infer<typeof ZMailMessage>;

const uids = () =>
  z.array(uid(), { error: 'error.nonEmptyList' }).min(1, 'error.nonEmptyList').max(500, 'error.tooLong');

/** Sets or unsets a flag on one message or all selected (spec §4). */
export const ZMailFlagBody = z.object({
  mailbox: id().optional(),
  uids: uids(),
  flag: z.enum(MAIL_FLAGS, { error: 'error.invalid' }),
  set: z.boolean({ error: 'error.invalid' }),
});
export type MailFlagBody = z.infer<typeof ZMailFlagBody>;

export const ZMailMoveBody = z.object({ mailbox: id().optional(), uids: uids(), target: folderIndex() });
export type MailMoveBody = z.infer<typeof ZMailMoveBody>;

export const ZMailDeleteBody = z.object({ mailbox: id().optional(), uids: uids() });
export type MailDeleteBody = z.infer<typeof ZMailDeleteBody>;

export const ZMailMoveResult = z.object({ moved: z.number().int() });

const addressList = () =>
  z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(/[,;]/)
              .map((part) => part.trim())
              .filter((part) => part !== '')
          : value,
      z.array(emailField()).max(50, 'error.tooLong'),
    )
    .optional();

/** The mail form of spec §3: from, email, cc, bcc, subject, message, template (default `default`). */
export const ZMailForm = z.object({
  mailbox: id().optional(),
  /** the sender's name shown to the recipient; the address is the mailbox's */
  from: optionalText({ max: 100 }),
  email: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(/[,;]/)
            .map((part) => part.trim())
            .filter((part) => part !== '')
        : value,
    z.array(emailField(), { error: 'error.empty' }).min(1, 'error.empty').max(50, 'error.tooLong'),
  ),
  cc: addressList(),
  bcc: addressList(),
  subject: requiredText({ max: 300 }),
  message: z.string({ error: 'error.empty' }).trim().min(1, 'error.empty').max(100_000, 'error.tooLong'),
  template: z.enum(MAIL_FORM_TEMPLATES, { error: 'error.invalid' }).default('default'),
  /** answering or forwarding a message of this mailbox */
  replyTo: z.object({ folder: folderIndex(), uid: uid() }).optional(),
  forward: z.object({ folder: folderIndex(), uid: uid() }).optional(),
});
export type MailForm = z.infer<typeof ZMailForm>;
export type MailFormInput = z.input<typeof ZMailForm>;

export const ZMailSent = z.object({ outboxId: z.number().int(), filedInSent: z.boolean() });
export type MailSent = z.infer<typeof ZMailSent>;

/** Links a message to a customer (vc_card) or a booking, and files its attachments as received documents. */
export const ZMailLinkBody = z
  .object({
    mailbox: id().optional(),
    customerId: id().optional(),
    bookingId: id().optional(),
    attachments: z.boolean({ error: 'error.invalid' }).default(true),
  })
  .refine((body) => body.customerId !== undefined || body.bookingId !== undefined, {
    message: 'error.empty',
    path: ['customerId'],
  });
export type MailLinkBody = z.infer<typeof ZMailLinkBody>;
