import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OrganizationTable } from './organizations.table.ts';

export const organizationBaseQuery = (db: Database) =>
  db
    .selectFrom('organization')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'organization.id_vc_card')
    .leftJoin('vc_person', 'vc_person.id_vc_card', 'vc_card.id_vc_card')
    .leftJoin('vc_address', 'vc_address.id_vc_person', 'vc_person.id_vc_person')
    .select([
      'organization.id',
      'organization.name',
      'organization.note',
      'organization.type',
      'organization.id_vc_card',
      'organization.created_at',
      'organization.updated_at',
      'vc_person.id_vc_person',
      'vc_address.street',
      'vc_address.zip',
      'vc_address.city',
      'vc_address.country',
      sql<number>`(select count(*) from user_account inner join vc_card uc on uc.id_vc_card = user_account.id_vc_card where uc.id_organization = organization.id)`.as(
        'user_count',
      ),
      sql<number>`(select count(*) from vc_card cc where cc.kind = 'customer' and cc.id_organization = organization.id)`.as(
        'customer_count',
      ),
    ]);

export type OrganizationRow = Awaited<ReturnType<ReturnType<typeof organizationBaseQuery>['executeTakeFirstOrThrow']>>;

export const findOrganizationById = (db: Database, id: number) =>
  organizationBaseQuery(db).where('organization.id', '=', id).executeTakeFirst();

export async function insertOrganization(db: Database, values: Insertable<OrganizationTable>): Promise<number> {
  const row = await db.insertInto('organization').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOrganizationRow(
  db: Database,
  id: number,
  values: Updateable<OrganizationTable>,
): Promise<void> {
  await db.updateTable('organization').set(values).where('id', '=', id).execute();
}

export async function deleteOrganizationRow(db: Database, id: number): Promise<void> {
  await db.deleteFrom('organization').where('id', '=', id).execute();
}

export async function findOrganizationRefs(db: Database, filter: { type?: number; q?: string; limit?: number }) {
  let query = db.selectFrom('organization').select(['id', 'name', 'type']).orderBy('name').orderBy('id');
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query.execute();
}

export async function organizationExists(db: Database, id: number, type?: number): Promise<boolean> {
  let query = db.selectFrom('organization').select('id').where('id', '=', id);
  if (type !== undefined) query = query.where('type', '=', type);
  return (await query.executeTakeFirst()) !== undefined;
}
