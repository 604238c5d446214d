import { hasPermission } from '@tourdesk/contracts';
import { forbidden } from '../../lib/errors.ts';
import type { AuthUser } from '../../types.ts';

/**
 * Whose customers a request may touch. Staff with the customers right: everyone's. Agency users
 * (agencydata right): their own agency's only, and nothing at all when their card carries no agency
 * (spec §6). The scope is applied in SQL, so an agency never learns that another agency's record exists.
 */
export type CustomerScope = { kind: 'all' } | { kind: 'agency'; agencyId: number } | { kind: 'none' };

export type CustomerAction = 'read' | 'create' | 'update' | 'delete';

export function customerScope(actor: AuthUser, action: CustomerAction): CustomerScope {
  if (hasPermission(actor, `customers-${action}`)) return { kind: 'all' };
  if (hasPermission(actor, `agencydata-${action}`)) {
    return actor.agencyId ? { kind: 'agency', agencyId: actor.agencyId } : { kind: 'none' };
  }
  throw forbidden();
}

/** The agency a scoped request is limited to (undefined: no limit). */
export const scopedAgency = (scope: CustomerScope): number | undefined =>
  scope.kind === 'agency' ? scope.agencyId : scope.kind === 'none' ? -1 : undefined;
