import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZCalendar,
  ZCalendarEntry,
  ZCalendarEvent,
  ZCalendarFeedParams,
  ZCalendarFeedState,
  ZCalendarFeedToken,
  ZCalendarRangeQuery,
  ZCreateCalendarBody,
  ZCreateCalendarEventBody,
  ZErrorBody,
  ZIdParams,
  ZUpdateCalendarBody,
  ZUpdateCalendarEventBody,
} from '@tourdesk/contracts';
import { forbidden } from '../../lib/errors.ts';
import { requestOrigin } from '../../lib/origin.ts';
import { withZod } from '../../lib/route.ts';
import { asksForStream } from '../../lib/sse.ts';
import type { AuthUser } from '../../types.ts';
import { renderFeed } from './calendar-feed.ts';
import {
  REMINDER_JOB_EVERY_MS,
  SHARED_CALENDARS_TOPIC,
  calendarTopic,
  createCalendar,
  createEvent,
  deleteCalendar,
  deleteEvent,
  disableFeed,
  feedState,
  getEvent,
  listCalendars,
  listEntries,
  regenerateFeed,
  ringDueReminders,
  updateCalendar,
  updateEvent,
} from './calendar.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tags = ['calendar'];

/** The calendar is the office's: an agency login never has one, whatever its role says. */
const staff = (request: FastifyRequest): AuthUser => {
  const auth = request.auth!;
  if (auth.kind !== 'staff') throw forbidden();
  return auth;
};

/** The calendar of /time/calendar (issue #17, docs/adr/0027), its iCal feed and the reminder job. */
export async function calendarRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const publish = app.realtime.publish.bind(app.realtime);

  api.get('/calendar/calendars', {
    config: { permission: 'calendar-read' },
    schema: { tags, response: { 200: z.array(ZCalendar), ...errors } },
    handler: (request) => listCalendars(app.ctx, staff(request)),
  });
  api.post('/calendar/calendars', {
    config: { permission: 'calendar-create' },
    schema: { tags, body: ZCreateCalendarBody, response: { 201: ZCalendar, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await createCalendar(app.ctx, publish, staff(request), request.body)),
  });
  api.patch('/calendar/calendars/:id', {
    config: { permission: 'calendar-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateCalendarBody, response: { 200: ZCalendar, ...errors } },
    handler: (request) => updateCalendar(app.ctx, publish, staff(request), request.params.id, request.body),
  });
  api.delete('/calendar/calendars/:id', {
    config: { permission: 'calendar-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZCalendar, ...errors } },
    handler: (request) => deleteCalendar(app.ctx, publish, staff(request), request.params.id),
  });

  // Colleagues' changes without reloading: the calendars the user sees, and the list of shared ones. An event only
  // says "changed"; the screen reads its window again (and follows anew when the calendars themselves changed).
  api.get('/calendar/stream', {
    sse: 'only',
    config: { permission: 'calendar-read' },
    schema: { tags },
    handler: async (request, reply) => {
      if (!asksForStream(request, reply)) return reply;
      const calendars = await listCalendars(app.ctx, staff(request));
      await app.streamEvents(reply, {
        topics: [SHARED_CALENDARS_TOPIC, ...calendars.map((calendar) => calendarTopic(calendar.id))],
        // The calendars followed, first: a client that reconnects reads its window again anyway.
        initial: async () => [{ type: 'following', data: { calendarIds: calendars.map((calendar) => calendar.id) } }],
        map: (event) => ({
          type: event.topic === SHARED_CALENDARS_TOPIC ? 'calendars' : 'changed',
          data: { topic: event.topic },
        }),
      });
    },
  });

  api.get('/calendar/entries', {
    config: { permission: 'calendar-read' },
    schema: { tags, querystring: ZCalendarRangeQuery, response: { 200: z.array(ZCalendarEntry), ...errors } },
    handler: (request) => listEntries(app.ctx, staff(request), request.query),
  });
  api.get('/calendar/events/:id', {
    config: { permission: 'calendar-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZCalendarEvent, ...errors } },
    handler: (request) => getEvent(app.ctx, staff(request), request.params.id),
  });
  api.post('/calendar/events', {
    config: { permission: 'calendar-create' },
    schema: { tags, body: ZCreateCalendarEventBody, response: { 201: ZCalendarEvent, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await createEvent(app.ctx, publish, staff(request), request.body)),
  });
  api.patch('/calendar/events/:id', {
    config: { permission: 'calendar-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateCalendarEventBody, response: { 200: ZCalendarEvent, ...errors } },
    handler: (request) => updateEvent(app.ctx, publish, staff(request), request.params.id, request.body),
  });
  api.delete('/calendar/events/:id', {
    config: { permission: 'calendar-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZCalendarEvent, ...errors } },
    handler: (request) => deleteEvent(app.ctx, publish, staff(request), request.params.id),
  });

  api.get('/calendar/feed-token', {
    config: { permission: 'calendar-read' },
    schema: { tags, response: { 200: ZCalendarFeedState, ...errors } },
    handler: (request) => feedState(app.ctx, staff(request)),
  });
  api.post('/calendar/feed-token', {
    config: { permission: 'calendar-read' },
    schema: { tags, response: { 201: ZCalendarFeedToken, ...errors } },
    handler: async (request, reply) => {
      const { origin } = await requestOrigin(app, request);
      return reply.status(201).send(await regenerateFeed(app.ctx, staff(request), origin));
    },
  });
  api.delete('/calendar/feed-token', {
    config: { permission: 'calendar-read' },
    schema: { tags, response: { 200: ZCalendarFeedState, ...errors } },
    handler: (request) => disableFeed(app.ctx, staff(request)),
  });

  // The secret in the address is the credential: calendar apps send no login.
  api.get('/calendar/feed/:token', {
    config: { permission: 'public' },
    schema: { tags, params: ZCalendarFeedParams, response: { 200: z.string(), 400: ZErrorBody, 404: ZErrorBody } },
    handler: async (request, reply) => {
      const { origin } = await requestOrigin(app, request);
      const body = await renderFeed(app.ctx, request.params.token, origin, new Date());
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="tourdesk.ics"')
        .send(body);
    },
  });

  app.scheduler.register({
    name: 'calendar-reminders',
    everyMs: REMINDER_JOB_EVERY_MS,
    run: (ctx, now) => ringDueReminders(ctx, publish, now),
  });
}
