import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A stream route (`sse: 'only'`, answered through `app.streamEvents`) answers only a client that asks for one
 * (`accept: text/event-stream`, as the web app's followEvents sends); any other request gets 406 at once instead of
 * a response that never ends. Returns whether the route may go on.
 */
export function asksForStream(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.headers.accept?.includes('text/event-stream')) return true;
  void reply
    .code(406)
    .send({ statusCode: 406, error: 'Not Acceptable', message: 'Follow this with text/event-stream.' });
  return false;
}
