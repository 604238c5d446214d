import { buildSearchText } from '@tourdesk/contracts';
import { nowIso } from '../../db/dialect.ts';
import type { DbContext } from '../../types.ts';
import { insertOrganization } from './organizations.repository.ts';

/** Organization type 1: a travel agency. */
export const AGENCY_TYPE = 1;

export async function createOrganization(
  ctx: DbContext,
  input: { name: string; note?: string | null; type?: number },
): Promise<number> {
  const now = nowIso();
  return insertOrganization(ctx.db, {
    name: input.name,
    note: input.note ?? null,
    type: input.type ?? AGENCY_TYPE,
    search_text: buildSearchText([input.name]),
    created_at: now,
    updated_at: now,
  });
}
