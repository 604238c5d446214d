import type { Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/** A customer is a card of kind `customer` with one person and (at most) one address. */
export const customerBaseQuery = (db: Database) =>
  db
    .selectFrom('vc_card')
    .innerJoin('vc_person', 'vc_person.id_vc_card', 'vc_card.id_vc_card')
    .leftJoin('vc_address', 'vc_address.id_vc_person', 'vc_person.id_vc_person')
    .leftJoin('organization', 'organization.id', 'vc_card.id_organization')
    .where('vc_card.kind', '=', 'customer')
    .select([
      'vc_card.id_vc_card',
      'vc_card.name',
      'vc_card.kuschick_id',
      'vc_card.ratio_id',
      'vc_card.id_organization',
      'vc_card.customer_type',
      'vc_card.is_driver',
      'vc_card.created_at',
      'vc_card.updated_at',
      'vc_person.id_vc_person',
      'vc_person.salutation',
      'vc_person.title',
      'vc_person.first_name',
      'vc_person.surname',
      'vc_person.birthday',
      'vc_person.passport_valid_until',
      'vc_address.street',
      'vc_address.zip',
      'vc_address.city',
      'vc_address.country',
      'vc_address.state',
      'vc_address.external_id',
      'organization.name as agency_name',
    ]);

export type CustomerRow = Awaited<ReturnType<ReturnType<typeof customerBaseQuery>['executeTakeFirstOrThrow']>>;

/** The customer cards alone, for counting without the joins. */
export const customerCountBase = (db: Database) =>
  db.selectFrom('vc_card').where('vc_card.kind', '=', 'customer').select('vc_card.id_vc_card');

export async function findCustomerById(db: Database, id: number, agencyId?: number): Promise<CustomerRow | undefined> {
  let query = customerBaseQuery(db).where('vc_card.id_vc_card', '=', id);
  if (agencyId !== undefined) query = query.where('vc_card.id_organization', '=', agencyId);
  return query.executeTakeFirst();
}

export async function findLoginsOfCard(db: Database, cardId: number) {
  return db.selectFrom('user_account').select(['id', 'kind']).where('id_vc_card', '=', cardId).execute();
}

/** The columns a customer list searches and sorts by, kept in step with the record by the service. */
export type CardListKeys = Pick<Updateable<DB['vc_card']>, 'search_text' | 'sort_phone' | 'sort_email'>;

export async function updateCardListKeys(db: Database, cardId: number, keys: CardListKeys): Promise<void> {
  await db.updateTable('vc_card').set(keys).where('id_vc_card', '=', cardId).execute();
}
