import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountTtl, RequestOrigin } from '../features/account/account.service.ts';
import { brandForHost } from '../features/brands/brands.service.ts';

/** The brand and web address of the host a request came to: mails carry that letterhead and link back there. */
export async function requestOrigin(app: FastifyInstance, request: FastifyRequest): Promise<RequestOrigin> {
  return {
    brand: await brandForHost(app.ctx, request.hostname, request.log),
    origin: `${request.protocol}://${request.host}`,
    ip: request.ip,
  };
}

export const codeTtl = (app: FastifyInstance): AccountTtl => ({
  actionCodeTtlHours: app.config.actionCodeTtlHours,
  inviteCodeTtlHours: app.config.inviteCodeTtlHours,
});
