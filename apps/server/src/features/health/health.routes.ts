import type { FastifyInstance } from 'fastify';
import { ZHealth } from '@tourdesk/contracts';
import { isDatabaseUsable } from '../../db/database.ts';
import { withZod } from '../../lib/route.ts';

export async function healthRoutes(app: FastifyInstance) {
  withZod(app).get('/health', {
    config: { permission: 'public' },
    schema: { tags: ['health'], response: { 200: ZHealth, 503: ZHealth } },
    handler: async (_request, reply) => {
      const usable = await isDatabaseUsable(app.ctx.db);
      return reply
        .status(usable ? 200 : 503)
        .send({ status: usable ? 'ok' : 'unavailable', database: app.ctx.dialect });
    },
  });
}
