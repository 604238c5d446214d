import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZAccepted,
  ZCodeParams,
  ZCreateUserBody,
  ZEmailOnlyBody,
  ZErrorBody,
  ZIdParams,
  ZRegistrationBody,
  ZSetPasswordBody,
  ZUser,
  ZVerifiedAccount,
} from '@tourdesk/contracts';
import { codeTtl, requestOrigin } from '../../lib/origin.ts';
import { withZod } from '../../lib/route.ts';
import {
  checkCode,
  createBlockedUser,
  deleteAccountWithCode,
  disableWithCode,
  register,
  requestDeletion,
  requestPasswordReset,
  sendActivation,
  setPasswordWithCode,
  verifyRegistration,
} from './account.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };

/**
 * The account life cycle (spec §4): registration and verification, password reset, blocked users and their
 * activation, disabling from a mailed link, deletion of traveller accounts. Every mail is written to the
 * outbox with the change; the worker is nudged to deliver it at once.
 */
export async function accountRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const deliver = () => void app.mailer.deliverNow();

  api.post('/registration', {
    config: { permission: 'public' },
    schema: {
      tags: ['account'],
      body: ZRegistrationBody,
      response: { 201: z.object({ email: z.string() }), ...errors },
    },
    handler: async (request, reply) => {
      const result = await register(app.ctx, request.body, await requestOrigin(app, request), codeTtl(app));
      deliver();
      return reply.status(201).send(result);
    },
  });
  api.patch('/registration/:code', {
    config: { permission: 'public' },
    schema: { tags: ['account'], params: ZCodeParams, response: { 200: ZVerifiedAccount, ...errors } },
    handler: (request) => verifyRegistration(app.ctx, request.params.code),
  });
  api.post('/password-reset', {
    config: { permission: 'public' },
    schema: { tags: ['account'], body: ZEmailOnlyBody, response: { 202: ZAccepted, ...errors } },
    handler: async (request, reply) => {
      await requestPasswordReset(app.ctx, request.body, await requestOrigin(app, request), codeTtl(app));
      deliver();
      return reply.status(202).send({ ok: true });
    },
  });
  // The reset and set-password pages ask whether their link still works when they open.
  api.get('/password-reset/:code', {
    config: { permission: 'public' },
    schema: { tags: ['account'], params: ZCodeParams, response: { 200: ZAccepted, ...errors } },
    handler: (request) => checkCode(app.ctx, request.params.code, ['reset']),
  });
  api.get('/set-password/:code', {
    config: { permission: 'public' },
    schema: { tags: ['account'], params: ZCodeParams, response: { 200: ZAccepted, ...errors } },
    handler: (request) => checkCode(app.ctx, request.params.code, ['activate', 'invite']),
  });
  api.patch('/password-reset/:code', {
    config: { permission: 'public' },
    schema: {
      tags: ['account'],
      params: ZCodeParams,
      body: ZSetPasswordBody,
      response: { 200: ZVerifiedAccount, ...errors },
    },
    handler: async (request) => {
      const result = await setPasswordWithCode(
        app.ctx,
        request.params.code,
        request.body,
        ['reset'],
        await requestOrigin(app, request),
        codeTtl(app),
      );
      deliver();
      return result;
    },
  });
  // The first password of an invited driver or a blocked user; it activates the account.
  api.patch('/set-password/:code', {
    config: { permission: 'public' },
    schema: {
      tags: ['account'],
      params: ZCodeParams,
      body: ZSetPasswordBody,
      response: { 200: ZVerifiedAccount, ...errors },
    },
    handler: async (request) =>
      setPasswordWithCode(
        app.ctx,
        request.params.code,
        request.body,
        ['activate', 'invite'],
        await requestOrigin(app, request),
        codeTtl(app),
      ),
  });
  api.patch('/users-disable/:code', {
    config: { permission: 'public' },
    schema: { tags: ['account'], params: ZCodeParams, response: { 200: ZVerifiedAccount, ...errors } },
    handler: (request) => disableWithCode(app.ctx, request.params.code),
  });
  api.post('/users-app-delete', {
    config: { permission: 'public' },
    schema: { tags: ['account'], body: ZEmailOnlyBody, response: { 202: ZAccepted, ...errors } },
    handler: async (request, reply) => {
      await requestDeletion(app.ctx, request.body, await requestOrigin(app, request), codeTtl(app));
      deliver();
      return reply.status(202).send({ ok: true });
    },
  });
  api.patch('/users-app-delete/:code', {
    config: { permission: 'public' },
    schema: { tags: ['account'], params: ZCodeParams, response: { 200: ZAccepted, ...errors } },
    handler: async (request) => {
      const result = await deleteAccountWithCode(app.ctx, request.params.code, await requestOrigin(app, request));
      deliver();
      return result;
    },
  });
  // Staff create a user blocked (no access until activated) and can resend the activation mail.
  api.post('/users-disabled', {
    config: { permission: 'user-create' },
    schema: { tags: ['users'], body: ZCreateUserBody, response: { 201: ZUser, ...errors } },
    handler: async (request, reply) => {
      const user = await createBlockedUser(
        app.ctx,
        'staff',
        request.body,
        request.auth!,
        await requestOrigin(app, request),
        codeTtl(app),
      );
      deliver();
      return reply.status(201).send(user);
    },
  });
  api.post('/users-disabled/:id/activation', {
    config: { permission: 'user-update' },
    schema: { tags: ['users'], params: ZIdParams, response: { 202: ZAccepted, ...errors } },
    handler: async (request, reply) => {
      await sendActivation(app.ctx, request.params.id, await requestOrigin(app, request), codeTtl(app));
      deliver();
      return reply.status(202).send({ ok: true });
    },
  });
}
