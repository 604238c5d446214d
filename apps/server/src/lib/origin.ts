import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Brand } from '@tourdesk/contracts';

/** Where an action came from: the brand and address of the host (for links and letterhead) and the client. */
export type RequestOrigin = { brand: Brand; origin: string; ip: string };

/** How long mailed codes stay valid. */
export type AccountTtl = { actionCodeTtlHours: number; inviteCodeTtlHours: number };

/**
 * The brand and web address of the host a request came to: mails carry that letterhead and link back there.
 * The brand comes from `app.brandForHost`, which app.ts wires to the brands feature (lib/ imports no feature).
 */
export async function requestOrigin(app: FastifyInstance, request: FastifyRequest): Promise<RequestOrigin> {
  return {
    brand: await app.brandForHost(request.hostname, request.log),
    origin: `${request.protocol}://${request.host}`,
    ip: request.ip,
  };
}

export const codeTtl = (app: FastifyInstance): AccountTtl => ({
  actionCodeTtlHours: app.config.actionCodeTtlHours,
  inviteCodeTtlHours: app.config.inviteCodeTtlHours,
});
