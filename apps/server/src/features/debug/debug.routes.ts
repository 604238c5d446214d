import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ZAuditPage, ZAuditQuery, ZDebugInfo, ZErrorBody } from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { auditLog, debugInfo } from './debug.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** The server's version (apps/server/package.json). */
const VERSION = (() => {
  try {
    const text = readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8');
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && 'version' in parsed ? String(parsed.version) : 'unknown';
  } catch {
    return 'unknown';
  }
})();

/** The debug page's data (/debug, superadmins; issue #18 item 5). */
export async function debugRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/debug', {
    config: { permission: 'superadmin' },
    schema: { tags: ['debug'], response: { 200: ZDebugInfo, ...errors } },
    handler: () =>
      debugInfo({
        ctx: app.ctx,
        config: app.config,
        fileStore: app.fileStore,
        recentErrors: app.recentErrors,
        version: VERSION,
      }),
  });
  api.get('/debug/audit', {
    config: { permission: 'superadmin' },
    schema: { tags: ['debug'], querystring: ZAuditQuery, response: { 200: ZAuditPage, ...errors } },
    handler: (request) => auditLog(app.ctx, request.query),
  });
}
