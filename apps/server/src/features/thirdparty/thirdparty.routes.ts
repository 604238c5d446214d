import type { FastifyInstance } from 'fastify';
import {
  ZErrorBody,
  ZThirdPartyList,
  ZThirdPartyParams,
  ZThirdPartyService,
  ZThirdPartyTestBody,
  ZThirdPartyTestResult,
  ZThirdPartyUpdateBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { getThirdParty, listThirdParty, testThirdParty, updateThirdParty } from './thirdparty.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** How long a connection test may take before it counts as "no answer". */
export const TEST_TIMEOUT_MS = 8_000;

/**
 * Third-party services (/basedata/thirdparty, spec §2: configs-read; changes and tests: configs-update).
 * No answer ever carries a secret: secrets are write-only (docs/adr/0033).
 */
export async function thirdPartyRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const source = { ctx: app.ctx, config: app.config };
  api.get('/thirdparty', {
    config: { permission: 'configs-read' },
    schema: { tags: ['thirdparty'], response: { 200: ZThirdPartyList, ...errors } },
    handler: () => listThirdParty(source),
  });
  api.get('/thirdparty/:provider', {
    config: { permission: 'configs-read' },
    schema: { tags: ['thirdparty'], params: ZThirdPartyParams, response: { 200: ZThirdPartyService, ...errors } },
    handler: (request) => getThirdParty(source, request.params.provider),
  });
  api.put('/thirdparty/:provider', {
    config: { permission: 'configs-update' },
    schema: {
      tags: ['thirdparty'],
      params: ZThirdPartyParams,
      body: ZThirdPartyUpdateBody,
      response: { 200: ZThirdPartyService, ...errors },
    },
    handler: async (request) => {
      const saved = await updateThirdParty(source, request.params.provider, request.body, request.auth);
      // Mails that waited for an SMTP server go out now (other instances: with their next pass).
      if (request.params.provider === 'smtp') void app.mailer.deliverNow();
      return saved;
    },
  });
  api.post('/thirdparty/:provider/test', {
    config: { permission: 'configs-update' },
    schema: {
      tags: ['thirdparty'],
      params: ZThirdPartyParams,
      body: ZThirdPartyTestBody,
      response: { 200: ZThirdPartyTestResult, ...errors },
    },
    handler: (request) =>
      testThirdParty(source, request.params.provider, request.body ?? {}, { timeoutMs: TEST_TIMEOUT_MS }),
  });
}
