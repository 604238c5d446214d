// apps/server/src/types.ts augments '@fastify/jwt' without importing it. The server's own program has the
// module through plugins/auth.ts; the benchmark imports services but no plugins, so it names it here.
import type {} from '@fastify/jwt';
