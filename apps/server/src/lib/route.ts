import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance with zod schemas as its type provider; every routes file registers on this. */
export const withZod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
