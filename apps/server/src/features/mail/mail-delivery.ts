import { nowIso } from '../../db/dialect.ts';
import { retryDelayMs } from '../../lib/backoff.ts';
import type { DbContext } from '../../types.ts';
import {
  claimMail,
  findAttachments,
  findDueMailIds,
  findMailForDelivery,
  insertAttempt,
  updateMail,
} from './mail.repository.ts';

/** What the worker needs of a mail transport (nodemailer's SMTP transport in production). */
export type MailTransport = {
  sendMail(message: {
    from: string;
    to: string;
    cc?: string;
    bcc?: string;
    subject: string;
    html: string;
    text: string;
    messageId: string;
    headers?: Record<string, string>;
    attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
  }): Promise<{ messageId?: string; response?: string }>;
};

export type DeliveryOptions = {
  from: string;
  retryBaseMs: number;
  maxAttempts: number;
  /** How long a worker owns a mail it took; after that another worker may take it over. */
  leaseMs?: number;
  batchSize?: number;
};

/** The threading headers of a mail written in the inbox (In-Reply-To, References), stored as JSON. */
function extraHeaders(json: string | null | undefined): Record<string, string> {
  if (!json) return {};
  const parsed: unknown = JSON.parse(json);
  if (!parsed || typeof parsed !== 'object') return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The Message-ID the worker gives an outbox entry (also used for its copy in the Sent folder). */
export const outboxMessageId = (id: number, createdAt: string | Date) =>
  `<outbox-${id}.${new Date(createdAt).getTime()}@tourdesk>`;

/**
 * One pass of the delivery worker: takes every due mail, sends it and records the attempt. A failure
 * schedules the next try with exponential back-off; after the last attempt the mail is marked failed for a
 * person to see and resend. Returns how many mails were sent.
 */
export async function deliverDueMails(
  ctx: DbContext,
  transport: MailTransport,
  options: DeliveryOptions,
): Promise<number> {
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  let sent = 0;
  for (const id of await findDueMailIds(ctx.db, nowIso(), options.batchSize ?? 50)) {
    const now = nowIso();
    if (!(await claimMail(ctx.db, id, now, new Date(Date.now() + leaseMs).toISOString()))) continue;
    const mail = await findMailForDelivery(ctx.db, id);
    if (!mail) continue;
    const attempts = mail.attempts + 1;
    const attachments = (await findAttachments(ctx.db, id)).map((file) => ({
      filename: file.filename,
      contentType: file.content_type,
      content: Buffer.from(file.content),
    }));
    try {
      const info = await transport.sendMail({
        from: mail.from_address ?? options.from,
        to: mail.to_address,
        ...(mail.cc_address ? { cc: mail.cc_address } : {}),
        ...(mail.bcc_address ? { bcc: mail.bcc_address } : {}),
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        // One id per outbox entry: if a crash ever makes a mail go out twice, mail systems see the duplicate.
        messageId: outboxMessageId(mail.id, mail.created_at),
        headers: { ...extraHeaders(mail.extra_headers), 'X-Tourdesk-Template': mail.template },
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      const done = nowIso();
      await updateMail(ctx.db, id, {
        status: 'sent',
        attempts,
        sent_at: done,
        message_id: info.messageId ?? null,
        locked_until: null,
        last_error: null,
        updated_at: done,
      });
      await insertAttempt(ctx.db, { id_mail: id, at: done, ok: true, detail: info.response?.slice(0, 500) ?? null });
      sent++;
    } catch (error) {
      const failed = nowIso();
      const message = (error as Error).message.slice(0, 500);
      const final = attempts >= options.maxAttempts;
      await updateMail(ctx.db, id, {
        status: final ? 'failed' : 'queued',
        attempts,
        next_attempt_at: new Date(Date.now() + retryDelayMs(attempts, options.retryBaseMs)).toISOString(),
        locked_until: null,
        last_error: message,
        updated_at: failed,
      });
      await insertAttempt(ctx.db, { id_mail: id, at: failed, ok: false, detail: message });
    }
  }
  return sent;
}
