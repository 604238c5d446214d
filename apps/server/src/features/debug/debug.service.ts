import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AuditPage, AuditQuery, DebugHealth, DebugInfo } from '@tourdesk/contracts';
import type { Config } from '../../config.ts';
import { isDatabaseUsable } from '../../db/database.ts';
import { nowIso, toIso } from '../../db/dialect.ts';
import { migrations } from '../../db/migrations/index.ts';
import type { DbContext } from '../../types.ts';
import { thirdPartyHealth } from '../thirdparty/thirdparty.service.ts';
import {
  appliedMigrations,
  auditActions,
  auditCount,
  auditEntries,
  databaseFacts,
  dueMailCount,
  mailCounts,
  scheduledJobs,
  type AuditFilter,
} from './debug.repository.ts';
import type { RecentErrors } from '../../lib/recent-errors.ts';

/** How long a health check of an outside service may take on the debug page. */
export const HEALTH_TIMEOUT_MS = 3_000;

const STARTED_AT = new Date().toISOString();
const INSTANCE = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

export type DebugSource = {
  ctx: DbContext;
  config: Config;
  /** The file store (features/files): only whether it answers */
  fileStore: { kind: string; exists: (key: string) => Promise<boolean> };
  recentErrors: RecentErrors;
  version: string;
};

async function timed(
  service: DebugHealth['service'],
  check: () => Promise<Omit<DebugHealth, 'service' | 'durationMs'>>,
): Promise<DebugHealth> {
  const started = performance.now();
  try {
    const result = await check();
    return { service, ...result, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      service,
      status: 'failing',
      outcome: 'failed',
      detail: error instanceof Error ? error.message.slice(0, 300) : 'failed',
      durationMs: Math.round(performance.now() - started),
    };
  }
}

/** An outside service through its connection test (secrets never in the detail: the test blanks them out). */
const serviceHealth = (source: DebugSource, provider: 'smtp' | 'imap' | 'push') =>
  thirdPartyHealth(source, provider, HEALTH_TIMEOUT_MS);

const count = (value: string | number | undefined) => Number(value ?? 0);

export async function debugInfo(source: DebugSource): Promise<DebugInfo> {
  const { ctx } = source;
  const [facts, applied, mails, due, jobs, health] = await Promise.all([
    databaseFacts(ctx.db, ctx.dialect),
    appliedMigrations(ctx.db),
    mailCounts(ctx.db),
    dueMailCount(ctx.db, nowIso()),
    scheduledJobs(ctx.db),
    Promise.all([
      timed('database', async () =>
        (await isDatabaseUsable(ctx.db))
          ? { status: 'ok', outcome: 'ok', detail: null }
          : { status: 'failing', outcome: 'unreachable', detail: null },
      ),
      timed('smtp', () => serviceHealth(source, 'smtp')),
      timed('imap', () => serviceHealth(source, 'imap')),
      timed('push', () => serviceHealth(source, 'push')),
      timed('objectStore', async () => {
        // A key that never exists: the store answers "no" when it is reachable.
        await source.fileStore.exists('00000000-0000-4000-8000-000000000000.txt');
        return { status: 'ok', outcome: 'ok', detail: source.fileStore.kind };
      }),
    ]),
  ]);
  const appliedNames = new Set(applied.map((row) => row.name));
  const byStatus = Object.fromEntries(mails.map((row) => [row.status, count(row.count)]));
  const now = Date.now();
  return {
    version: source.version,
    node: process.version,
    startedAt: STARTED_AT,
    instance: INSTANCE,
    database: { engine: ctx.dialect, ...facts },
    migrations: {
      applied: applied.map((row) => ({ name: row.name, executedAt: toIso(row.timestamp) })),
      pending: Object.keys(migrations).filter((name) => !appliedNames.has(name)),
    },
    health,
    queues: {
      mail: {
        queued: byStatus.queued ?? 0,
        sending: byStatus.sending ?? 0,
        failed: byStatus.failed ?? 0,
        sent: byStatus.sent ?? 0,
        dueNow: count(due.count),
      },
      jobs: jobs.map((job) => ({
        name: job.name,
        everyMs: Number(job.every_ms),
        running: job.locked_until !== null && new Date(job.locked_until).getTime() > now,
        lastStartedAt: toIso(job.last_started_at),
        lastFinishedAt: toIso(job.last_finished_at),
        lastError: job.last_error,
        runs: Number(job.runs),
        failures: Number(job.failures),
      })),
    },
    recentErrors: source.recentErrors.list(),
  };
}

/** A day (YYYY-MM-DD, Europe/Berlin is close enough for a filter: the log stores UTC) → its first instant. */
const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const nextDay = (day: string) => new Date(new Date(dayStart(day)).getTime() + 86_400_000).toISOString();

export async function auditLog(ctx: DbContext, query: AuditQuery): Promise<AuditPage> {
  const user = query.user?.trim();
  const filter: AuditFilter = {
    action: query.action || undefined,
    userId: user && /^\d+$/.test(user) ? Number(user) : undefined,
    email: user && !/^\d+$/.test(user) ? user : undefined,
    from: query.from ? dayStart(query.from) : undefined,
    to: query.to ? nextDay(query.to) : undefined,
  };
  // On PostgreSQL `at` is a timestamptz and compares with the ISO text; on SQLite both are ISO text.
  const [rows, total, actions] = await Promise.all([
    auditEntries(ctx.db, filter, query.perPage, (query.page - 1) * query.perPage),
    auditCount(ctx.db, filter),
    auditActions(ctx.db),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      at: toIso(row.at)!,
      action: row.action,
      userId: row.user_id,
      email: row.email,
      ip: row.ip,
      method: row.method,
      url: row.url,
      detail: row.detail,
    })),
    total: count(total.count),
    page: query.page,
    perPage: query.perPage,
    actions: actions.map((row) => row.action),
  };
}
