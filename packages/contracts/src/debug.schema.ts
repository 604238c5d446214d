import { z } from 'zod';

/** GET /debug (superadmins, issue #18 item 5): what an operator needs to see that the installation is healthy. */
export const DEBUG_SERVICES = ['database', 'smtp', 'imap', 'push', 'objectStore'] as const;

export const ZDebugHealth = z.object({
  service: z.enum(DEBUG_SERVICES),
  status: z.enum(['ok', 'failing', 'notConfigured']),
  /** The connection test's outcome (see thirdparty.schema.ts), when one ran */
  outcome: z.string().nullable(),
  detail: z.string().nullable(),
  durationMs: z.number(),
});
export type DebugHealth = z.infer<typeof ZDebugHealth>;

export const ZRecentError = z.object({
  at: z.string(),
  requestId: z.string(),
  method: z.string(),
  url: z.string(),
  statusCode: z.number().int(),
  message: z.string(),
});
export type RecentError = z.infer<typeof ZRecentError>;

export const ZDebugInfo = z.object({
  version: z.string(),
  node: z.string(),
  startedAt: z.string(),
  instance: z.string(),
  database: z.object({
    engine: z.enum(['sqlite', 'postgres']),
    serverVersion: z.string().nullable(),
    sizeBytes: z.number().nullable(),
  }),
  migrations: z.object({
    applied: z.array(z.object({ name: z.string(), executedAt: z.string().nullable() })),
    pending: z.array(z.string()),
  }),
  health: z.array(ZDebugHealth),
  queues: z.object({
    /** Mails of the outbox by status, and those due now */
    mail: z.object({
      queued: z.number(),
      sending: z.number(),
      failed: z.number(),
      sent: z.number(),
      dueNow: z.number(),
    }),
    jobs: z.array(
      z.object({
        name: z.string(),
        everyMs: z.number(),
        running: z.boolean(),
        lastStartedAt: z.string().nullable(),
        lastFinishedAt: z.string().nullable(),
        lastError: z.string().nullable(),
        runs: z.number(),
        failures: z.number(),
      }),
    ),
  }),
  /** The last 5xx answers of this instance, newest first (at most 50, kept in memory) */
  recentErrors: z.array(ZRecentError),
});
export type DebugInfo = z.infer<typeof ZDebugInfo>;

export const ZAuditQuery = z.object({
  action: z.string().max(40).optional(),
  /** A user id, or part of an e-mail address */
  user: z.string().max(200).optional(),
  from: z.iso.date({ error: 'error.invalid' }).optional(),
  to: z.iso.date({ error: 'error.invalid' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  userId: z.number().int().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  method: z.string().nullable(),
  url: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({
  data: z.array(ZAuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  /** Every action the log holds, for the filter */
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof ZAuditPage>;
