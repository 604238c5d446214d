import { z } from 'zod';
import { ZAccess, ZAccessMap } from './access.schema.ts';
import { requiredText } from './fields.ts';

export const ZRole = z.object({
  id_roles: z.number().int(),
  role: z.string(),
  admin: z.boolean(),
  access: ZAccessMap,
  /** The permission strings derived from `access` (spec §6). */
  permissions: z.array(z.string()),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof ZRole>;

export const ROLE_LIST_FIELDS = ['id_roles', 'role', 'admin', 'userCount', 'createdAt', 'updatedAt'] as const;

export const ZCreateRoleBody = z.object({
  role: requiredText({ min: 2, max: 60 }),
  admin: z.boolean({ error: 'error.invalid' }).default(false),
  access: ZAccess.default({}),
});
export type CreateRoleBody = z.infer<typeof ZCreateRoleBody>;

export const ZUpdateRoleBody = z.object({
  role: requiredText({ min: 2, max: 60 }).optional(),
  admin: z.boolean({ error: 'error.invalid' }).optional(),
  access: ZAccess.optional(),
});
export type UpdateRoleBody = z.infer<typeof ZUpdateRoleBody>;
