import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OrganizationTable } from './organizations.table.ts';

export async function insertOrganization(db: Database, values: Insertable<OrganizationTable>): Promise<number> {
  const row = await db.insertInto('organization').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
