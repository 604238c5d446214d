import { z } from 'zod';
import { optionalText, requiredText } from './fields.ts';

/**
 * The default component (issue #18 item 6, docs/adr/0034): the smallest complete feature, kept as the living
 * template of the feature-module pattern. `npm run gen:feature <name>` copies it — this contract, the server
 * feature, the web feature, the migration — into a new feature with the names replaced.
 * Routes: `/defaultcomponent` (list, create, copy, {id}); superadmin.
 */
export const ZDefaultComponent = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DefaultComponent = z.infer<typeof ZDefaultComponent>;

/** POST /defaultcomponent */
export const ZCreateDefaultComponentBody = z.object({
  name: requiredText({ min: 2, max: 200 }),
  description: optionalText({ max: 2000 }),
  active: z.boolean({ error: 'error.invalid' }).optional(),
});
export type CreateDefaultComponentBody = z.infer<typeof ZCreateDefaultComponentBody>;

/** PATCH /defaultcomponent/{id} */
export const ZUpdateDefaultComponentBody = ZCreateDefaultComponentBody.partial();
export type UpdateDefaultComponentBody = z.infer<typeof ZUpdateDefaultComponentBody>;
