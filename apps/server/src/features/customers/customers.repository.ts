import { ZCustomer, type Customer } from '@tourdesk/contracts';
import { builtOnce, builtOncePerVariant, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { Database } from '../../db/database.ts';

/** A customer is a card of kind `customer` with one person and (at most) one address. */
export const customerBaseQuery = builtOnce((db: Database) =>
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
      'vc_card.newsletter',
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
    ]),
);

export type CustomerRow = Awaited<ReturnType<ReturnType<typeof customerBaseQuery>['executeTakeFirstOrThrow']>>;

/** The customer cards alone, for counting without the joins. */
export const customerCountBase = builtOnce((db: Database) =>
  db.selectFrom('vc_card').where('vc_card.kind', '=', 'customer').select('vc_card.id_vc_card'),
);

/** GET /customers: which API field reads which column (spec §7), next to the queries it runs on. */
export const CUSTOMER_LIST_SPEC: ListSpec<Customer> = {
  table: 'vc_card',
  idColumn: 'id_vc_card',
  idField: 'id',
  searchable: true,
  defaultSort: [['name', 1]],
  fields: {
    id: { column: 'vc_card.id_vc_card', type: 'number' },
    id_vc_card: { column: 'vc_card.id_vc_card', type: 'number' },
    name: { column: 'vc_card.name', sortColumn: 'vc_card.sort_name', type: 'string' },
    firstName: { column: 'vc_person.first_name', type: 'string', joined: true },
    surname: { column: 'vc_person.surname', type: 'string', joined: true },
    zip: { column: 'vc_address.zip', type: 'string', joined: true },
    city: { column: 'vc_address.city', type: 'string', joined: true },
    country: { column: 'vc_address.country', type: 'string', joined: true },
    customerType: { column: 'vc_card.customer_type', type: 'string' },
    isDriver: { column: 'vc_card.is_driver', type: 'boolean' },
    agencyId: { column: 'vc_card.id_organization', type: 'number' },
    agencyName: { column: 'organization.sort_name', type: 'string', joined: true, filterable: false, nullable: true },
    phone: { column: 'vc_card.sort_phone', type: 'string', filterable: false, nullable: true },
    email: { column: 'vc_card.sort_email', type: 'string', filterable: false, nullable: true },
    ratio_id: { column: 'vc_card.ratio_id', type: 'string' },
    kuschick_id: { column: 'vc_card.kuschick_id', type: 'string' },
    createdAt: { column: 'vc_card.created_at', type: 'date' },
    updatedAt: { column: 'vc_card.updated_at', type: 'date' },
  },
  selectable: contractFields(ZCustomer),
  ownParams: ['driversOnly'],
};

type CustomerListScope = { agencyId?: number; driversOnly?: boolean };

/**
 * The list's page query and its count query, narrowed to an agency's customers or to drivers; built once per
 * scope so that their statements are compiled once (see `builtOncePerVariant`).
 */
export const customerListQueries = builtOncePerVariant(
  (scope: CustomerListScope) => `${scope.agencyId ?? ''}:${scope.driversOnly ? 'drivers' : ''}`,
  (db: Database, scope: CustomerListScope) => {
    let base = customerBaseQuery(db);
    let countBase = customerCountBase(db);
    if (scope.agencyId !== undefined) {
      base = base.where('vc_card.id_organization', '=', scope.agencyId);
      countBase = countBase.where('vc_card.id_organization', '=', scope.agencyId);
    }
    if (scope.driversOnly) {
      base = base.where('vc_card.is_driver', '=', true);
      countBase = countBase.where('vc_card.is_driver', '=', true);
    }
    return { base, countBase };
  },
);

export async function findCustomerById(db: Database, id: number, agencyId?: number): Promise<CustomerRow | undefined> {
  let query = customerBaseQuery(db).where('vc_card.id_vc_card', '=', id);
  if (agencyId !== undefined) query = query.where('vc_card.id_organization', '=', agencyId);
  return query.executeTakeFirst();
}

export async function findLoginsOfCard(db: Database, cardId: number) {
  return db.selectFrom('user_account').select(['id', 'kind']).where('id_vc_card', '=', cardId).execute();
}
