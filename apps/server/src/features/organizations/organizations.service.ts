import {
  AGENCY_TYPE,
  buildSearchText,
  dinSortKey,
  hasPermission,
  searchWords,
  type CreateOrganizationBody,
  type ListQuery,
  type Organization,
  type OrganizationRef,
  type UpdateOrganizationBody,
} from '@tourdesk/contracts';
import { nowIso, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import { runList, type ListSpec } from '../../lib/list-query.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import {
  createCard,
  fieldRowsOfCards,
  removeCard,
  saveAddress,
  saveContactRows,
  addressAndContacts,
  updateCardData,
} from '../cards/cards.service.ts';
import {
  deleteOrganizationRow,
  findOrganizationById,
  findOrganizationRefs,
  insertOrganization,
  organizationBaseQuery,
  organizationExists,
  updateOrganizationRow,
  type OrganizationRow,
} from './organizations.repository.ts';

export { AGENCY_TYPE };

const ORGANIZATION_LIST_SPEC: ListSpec<Organization, 'user_count' | 'customer_count'> = {
  table: 'organization',
  idColumn: 'id',
  idField: 'id',
  searchable: true,
  defaultSort: [['name', 1]],
  // The agency list pages 25 at a time (spec §9).
  defaultLimit: 25,
  fields: {
    id: { column: 'organization.id', type: 'number' },
    name: { column: 'organization.name', sortColumn: 'organization.sort_name', type: 'string' },
    type: { column: 'organization.type', type: 'number' },
    city: { column: 'vc_address.city', type: 'string', joined: true },
    zip: { column: 'vc_address.zip', type: 'string', joined: true },
    userCount: { column: 'user_count', type: 'number', filterable: false },
    customerCount: { column: 'customer_count', type: 'number', filterable: false },
    createdAt: { column: 'organization.created_at', type: 'date' },
    updatedAt: { column: 'organization.updated_at', type: 'date' },
  },
  selectable: [
    'id',
    'name',
    'note',
    'type',
    'id_vc_card',
    'address',
    'zip',
    'city',
    'country',
    'phone',
    'email',
    'phones',
    'emails',
    'userCount',
    'customerCount',
    'createdAt',
    'updatedAt',
  ],
};

async function toOrganizations(ctx: DbContext, rows: OrganizationRow[]): Promise<Organization[]> {
  const fields = await fieldRowsOfCards(
    ctx,
    rows.flatMap((row) => (row.id_vc_card ? [row.id_vc_card] : [])),
  );
  return rows.map((row) => {
    return {
      id: row.id,
      name: row.name,
      note: row.note,
      type: row.type,
      id_vc_card: row.id_vc_card,
      ...addressAndContacts(row, (row.id_vc_card && fields.get(row.id_vc_card)) || []),
      userCount: Number(row.user_count),
      customerCount: Number(row.customer_count),
      createdAt: toIso(row.created_at)!,
      updatedAt: toIso(row.updated_at)!,
    };
  });
}

/**
 * Which organization a request may see: staff with the admin right any; an agency user only the agency on
 * its card (spec §6: without one, agency features do nothing).
 */
function ownAgencyOnly(actor: AuthUser): number | null {
  if (hasPermission(actor, 'admin')) return null;
  if (hasPermission(actor, 'agencydata-read') && actor.agencyId) return actor.agencyId;
  throw notFound();
}

export const listOrganizations = (ctx: DbContext, query: ListQuery) =>
  runList(ctx, ORGANIZATION_LIST_SPEC, query, organizationBaseQuery(ctx.db), (rows) => toOrganizations(ctx, rows));

export async function getOrganization(ctx: DbContext, id: number, actor?: AuthUser): Promise<Organization> {
  if (actor) {
    const own = ownAgencyOnly(actor);
    if (own !== null && own !== id) throw notFound();
  }
  const row = await findOrganizationById(ctx.db, id);
  if (!row) throw notFound();
  const [organization] = await toOrganizations(ctx, [row]);
  return organization!;
}

/** A lookup for pickers: id and name of the organizations whose name contains the query (at most 20). */
export async function findOrganizations(
  ctx: DbContext,
  filter: { q?: string; type?: number },
): Promise<OrganizationRef[]> {
  const words = searchWords(filter.q);
  if (words.length === 0) return findOrganizationRefs(ctx.db, { type: filter.type, limit: 20 });
  const page = await listOrganizations(ctx, {
    'lit-search': filter.q,
    $limit: 20,
    ...(filter.type !== undefined ? { type: String(filter.type) } : {}),
  });
  const rows = (Array.isArray(page) ? page : page.data) as Organization[];
  return rows.map((row) => ({ id: row.id, name: row.name, type: row.type }));
}

/** GET /organization-all: every organization (of a type), for select lists. */
export const allOrganizations = (ctx: DbContext, type?: number): Promise<OrganizationRef[]> =>
  findOrganizationRefs(ctx.db, { type });

export const agencyExists = (ctx: DbContext, id: number) => organizationExists(ctx.db, id, AGENCY_TYPE);

const searchText = (body: { name?: string | null; city?: string | null; zip?: string | null }, id?: number) =>
  buildSearchText([id, body.name, body.city, body.zip]);

/**
 * POST /organization: card, person, address and contact rows with one statement each (createCard), the
 * organization row and its search text (which names the new id), then one read.
 */
export async function createOrganization(ctx: DbContext, body: CreateOrganizationBody): Promise<Organization> {
  const id = await inTransaction(ctx, async (trx) => {
    const now = nowIso();
    const cardId = await createCard(trx, {
      kind: 'organization',
      name: body.name,
      person: { firstName: null, surname: null },
      address: {
        street: body.address ?? null,
        zip: body.zip ?? null,
        city: body.city ?? null,
        country: body.country ?? null,
      },
      contactRows: { phones: body.phones ?? [], emails: body.emails ?? [] },
    });
    const organizationId = await insertOrganization(trx.db, {
      name: body.name,
      note: body.note ?? null,
      type: body.type ?? AGENCY_TYPE,
      id_vc_card: cardId,
      sort_name: dinSortKey(body.name),
      created_at: now,
      updated_at: now,
    });
    await updateOrganizationRow(trx.db, organizationId, { search_text: searchText(body, organizationId) });
    return organizationId;
  });
  return getOrganization(ctx, id);
}

/** Admins change everything; an agency user only its own agency's address and contacts. */
export async function updateOrganization(
  ctx: DbContext,
  id: number,
  body: UpdateOrganizationBody,
  actor: AuthUser,
): Promise<Organization> {
  const own = ownAgencyOnly(actor);
  if (own !== null) {
    if (own !== id) throw notFound();
    if (!hasPermission(actor, 'agencydata-update')) throw forbidden();
    if (body.name !== undefined || body.type !== undefined || body.note !== undefined) throw forbidden();
  }
  await inTransaction(ctx, async (trx) => {
    const current = await getOrganization(trx, id);
    const name = body.name ?? current.name;
    await updateOrganizationRow(trx.db, id, {
      name,
      ...(body.note !== undefined ? { note: body.note } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      search_text: searchText({ name, city: body.city ?? current.city, zip: body.zip ?? current.zip }, id),
      sort_name: dinSortKey(name),
      updated_at: nowIso(),
    });
    let personId = (await findOrganizationById(trx.db, id))!.id_vc_person;
    if (!current.id_vc_card || personId === null) {
      const cardId = await createCard(trx, { kind: 'organization', name, person: { firstName: null, surname: null } });
      await updateOrganizationRow(trx.db, id, { id_vc_card: cardId });
      personId = (await findOrganizationById(trx.db, id))!.id_vc_person;
    } else {
      await updateCardData(trx, current.id_vc_card, { name });
    }
    await saveAddress(trx, personId!, { street: body.address, zip: body.zip, city: body.city, country: body.country });
    if (body.phones || body.emails)
      await saveContactRows(trx, personId!, { phones: body.phones, emails: body.emails }, [
        ...current.phones,
        ...current.emails,
      ]);
  });
  return getOrganization(ctx, id);
}

/** An organization still holding users or customers stays (409, error.organizationInUse). */
export async function deleteOrganization(ctx: DbContext, id: number): Promise<Organization> {
  const organization = await getOrganization(ctx, id);
  if (organization.userCount > 0 || organization.customerCount > 0) throw new ApiError(409, 'error.organizationInUse');
  await inTransaction(ctx, async (trx) => {
    await deleteOrganizationRow(trx.db, id);
    if (organization.id_vc_card) await removeCard(trx, organization.id_vc_card);
  });
  return organization;
}
