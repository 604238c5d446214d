import type { FastifyRequest } from 'fastify';
import type { DbContext } from '../../types.ts';
import { clearAuditEmail, insertAuditEntry } from './auth.repository.ts';

export type AuditAction =
  | 'login'
  | 'login_failed'
  | 'login_throttled'
  | 'permission_denied'
  | 'logout'
  /** a customer's data exported (GDPR Art. 15/20); detail `customer <id>` */
  | 'gdpr_export'
  /** a customer anonymised (GDPR Art. 17); detail `customer <id>` */
  | 'gdpr_anonymise'
  // third-party services and system settings changed (docs/adr/0033): names of the fields, never values
  | 'thirdparty_update'
  | 'setting_update';

export type AuditEntry = {
  action: AuditAction;
  userId?: number | null;
  email?: string | null;
  ip?: string | null;
  method?: string | null;
  url?: string | null;
  detail?: string | null;
};

/** Where a request came from, for the audit log (never its body: no passwords in logs). */
export const requestMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  method: request.method,
  url: request.url.split('?')[0] ?? request.url,
});

/** Who did what, when and from where: logins, failed logins, throttling and permission denials. */
export async function recordAudit(ctx: DbContext, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(ctx.db, {
    action: entry.action,
    user_id: entry.userId ?? null,
    email: entry.email ?? null,
    ip: entry.ip ?? null,
    method: entry.method ?? null,
    url: entry.url ?? null,
    detail: entry.detail ? entry.detail.slice(0, 500) : null,
    at: new Date().toISOString(),
  });
}

/** A deleted account's audit entries keep what happened, but no longer its e-mail. */
export const forgetAuditEmail = (ctx: DbContext, userId: number) => clearAuditEmail(ctx.db, userId);
