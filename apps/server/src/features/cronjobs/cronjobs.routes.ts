import type { FastifyInstance } from 'fastify';
import {
  ZCronJob,
  ZCronJobList,
  ZCronJobParams,
  ZCronJobRuns,
  ZCronPreview,
  ZCronPreviewQuery,
  ZErrorBody,
  ZUpdateCronJobBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import {
  getCronJob,
  listCronJobRuns,
  listCronJobs,
  previewSchedule,
  requestCronJobRun,
  updateCronJob,
} from './cronjobs.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** Cron jobs (spec §7: GET /cronjobs, PUT /cronjobs/; docs/adr/0030), superadmins only. */
export async function cronjobsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/cronjobs', {
    config: { permission: 'superadmin' },
    schema: { tags: ['cronjobs'], response: { 200: ZCronJobList, ...errors } },
    handler: () => listCronJobs(app.ctx, app.scheduler),
  });
  api.put('/cronjobs/', {
    config: { permission: 'superadmin' },
    schema: { tags: ['cronjobs'], body: ZUpdateCronJobBody, response: { 200: ZCronJob, ...errors } },
    handler: (request) => updateCronJob(app.ctx, app.scheduler, request.body),
  });
  api.get('/cronjobs/preview', {
    config: { permission: 'superadmin' },
    schema: { tags: ['cronjobs'], querystring: ZCronPreviewQuery, response: { 200: ZCronPreview, ...errors } },
    handler: (request) => previewSchedule(request.query.schedule),
  });
  api.get('/cronjobs/:id', {
    config: { permission: 'superadmin' },
    schema: { tags: ['cronjobs'], params: ZCronJobParams, response: { 200: ZCronJob, ...errors } },
    handler: (request) => getCronJob(app.ctx, app.scheduler, request.params.id),
  });
  api.get('/cronjobs/:id/runs', {
    config: { permission: 'superadmin' },
    schema: { tags: ['cronjobs'], params: ZCronJobParams, response: { 200: ZCronJobRuns, ...errors } },
    handler: (request) => listCronJobRuns(app.ctx, app.scheduler, request.params.id),
  });
  api.post('/cronjobs/:id/run', {
    config: { permission: 'superadmin' },
    schema: { tags: ['cronjobs'], params: ZCronJobParams, response: { 202: ZCronJob, ...errors } },
    handler: async (request, reply) => {
      const job = await requestCronJobRun(app.ctx, app.scheduler, request.params.id);
      // This instance polls at once; another one may claim the run first, it runs once either way.
      if (app.scheduler.isStarted) void app.scheduler.tick();
      return reply.status(202).send(job);
    },
  });
}
