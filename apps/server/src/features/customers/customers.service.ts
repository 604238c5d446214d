import {
  buildSearchText,
  phoneSearchKey,
  type AgencyCustomer,
  type AgencyCustomersQuery,
  type CreateCustomerBody,
  type Customer,
  type ErrorKey,
  type ListQuery,
  type UpdateCardBody,
  type UpdateCustomerBody,
} from '@tourdesk/contracts';
import { toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { runList, runListPage } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import {
  assertEmailsFree,
  createCard,
  fieldRowsOfCards,
  removeCard,
  saveAddress,
  saveContactRows,
  splitContacts,
  updateCardData,
  type CardListKeys,
} from '../cards/cards.service.ts';
import { agencyExists } from '../organizations/organizations.service.ts';
import { syncCustomerNewsletter } from '../newsletter-contacts/newsletter-contacts.service.ts';
import { scopedAgency, type CustomerScope } from './customer-scope.ts';

/** Other features (RATIO address records) decide whose customers a request may touch the same way. */
export { customerScope, scopedAgency, type CustomerScope } from './customer-scope.ts';
import {
  CUSTOMER_LIST_SPEC,
  customerListQueries,
  findCustomerById,
  findLoginsOfCard,
  type CustomerRow,
} from './customers.repository.ts';

/** Customers are filed by surname: the card name is "Surname, First name". */
export const customerCardName = (firstName: string | null, surname: string | null) =>
  [surname, firstName].filter(Boolean).join(', ');

async function toCustomers(ctx: DbContext, rows: CustomerRow[]): Promise<Customer[]> {
  const fields = await fieldRowsOfCards(
    ctx,
    rows.map((row) => row.id_vc_card),
  );
  return rows.map((row) => {
    // Written out rather than spread from addressAndContacts: one object of fixed shape per row of a list page.
    const contacts = splitContacts(fields.get(row.id_vc_card) ?? []);
    return {
      id: row.id_vc_card,
      id_vc_card: row.id_vc_card,
      id_vc_person: row.id_vc_person,
      name: row.name,
      salutation: row.salutation,
      title: row.title,
      firstName: row.first_name,
      surname: row.surname,
      birthday: row.birthday,
      passportValidUntil: row.passport_valid_until,
      address: row.street ?? null,
      zip: row.zip ?? null,
      city: row.city ?? null,
      country: row.country ?? null,
      phones: contacts.phones,
      emails: contacts.emails,
      phone: contacts.phone,
      email: contacts.email,
      state: row.state ?? null,
      external_id: row.external_id ?? null,
      customerType: row.customer_type === 'regular' ? 'regular' : 'new',
      isDriver: toBool(row.is_driver),
      newsletter: toBool(row.newsletter),
      agencyId: row.id_organization,
      agencyName: row.agency_name ?? null,
      kuschick_id: row.kuschick_id,
      ratio_id: row.ratio_id,
      createdAt: toIso(row.created_at)!,
      updatedAt: toIso(row.updated_at)!,
    };
  });
}

type SearchableCustomer = Pick<
  Customer,
  'firstName' | 'surname' | 'address' | 'zip' | 'city' | 'country' | 'ratio_id' | 'kuschick_id' | 'external_id'
> & { phones: ReadonlyArray<{ value: string }>; emails: ReadonlyArray<{ value: string }> };

const firstValue = (rows: ReadonlyArray<{ value: string }>) => rows.find((row) => row.value !== '')?.value ?? null;

/**
 * What the customer list searches and sorts by. It searches names, address, e-mails, phones (also as national
 * digits) and numbers (spec §7: GET /customers searches them all), and sorts by the first phone and e-mail
 * (the card's name key is written with the name, see cards.service).
 */
export const customerListKeys = (id: number, customer: SearchableCustomer): CardListKeys => {
  const phone = firstValue(customer.phones);
  const email = firstValue(customer.emails);
  return {
    search_text: buildSearchText([
      id,
      customer.firstName,
      customer.surname,
      customer.address,
      customer.zip,
      customer.city,
      customer.country,
      customer.ratio_id,
      customer.kuschick_id,
      customer.external_id,
      ...customer.phones.map((row) => row.value),
      ...customer.phones.map((row) => phoneSearchKey(row.value)),
      ...customer.emails.map((row) => row.value),
    ]),
    sort_phone: phone ? phoneSearchKey(phone) : null,
    sort_email: email ? email.toLowerCase() : null,
  };
};

/** The contact rows a customer keeps after a save: the sent list without dropped rows, or the stored one. */
const keptRows = (
  sent: ReadonlyArray<{ value: string; drop?: boolean }> | undefined,
  stored: ReadonlyArray<{ value: string }>,
) => (sent ? sent.filter((row) => !row.drop) : stored);

export async function listCustomers(
  ctx: DbContext,
  query: ListQuery & { driversOnly?: unknown },
  scope: CustomerScope,
) {
  const driversOnly = query.driversOnly === 'true' || query.driversOnly === '1' || query.driversOnly === true;
  const { base, countBase } = customerListQueries(ctx.db, { agencyId: scopedAgency(scope), driversOnly });
  return runList(ctx, CUSTOMER_LIST_SPEC, query, base, (rows) => toCustomers(ctx, rows), countBase);
}

export async function getCustomer(ctx: DbContext, id: number, scope: CustomerScope): Promise<Customer> {
  const row = await findCustomerById(ctx.db, id, scopedAgency(scope));
  if (!row) throw notFound();
  const [customer] = await toCustomers(ctx, [row]);
  return customer!;
}

/** Which agency a new or changed customer belongs to: an agency user's own, or what staff chose. */
async function resolveAgency(
  ctx: DbContext,
  scope: CustomerScope,
  requested: number | null | undefined,
): Promise<number | null | undefined> {
  if (scope.kind === 'none') throw forbidden();
  if (scope.kind === 'agency') {
    if (requested !== undefined && requested !== scope.agencyId) throw forbidden();
    return scope.agencyId;
  }
  if (requested && !(await agencyExists(ctx, requested))) throw invalidField('agencyId', 'error.invalid');
  return requested;
}

/**
 * POST /customers: the card, person, address and contact rows are written with one statement each (and
 * one for the search text, which names the new id), then the customer is read once.
 */
export async function createCustomer(
  ctx: DbContext,
  body: CreateCustomerBody,
  scope: CustomerScope,
  options: { isDriver?: boolean } = {},
): Promise<Customer> {
  const id = await inTransaction(ctx, async (trx) => {
    const agencyId = await resolveAgency(trx, scope, body.agencyId);
    await assertEmailsFree(trx, 'customer', body.emails);
    const address = {
      street: body.address ?? null,
      zip: body.zip ?? null,
      city: body.city ?? null,
      country: body.country ?? null,
      state: body.state ?? null,
      external_id: body.external_id ?? null,
    };
    const cardId = await createCard(trx, {
      kind: 'customer',
      name: customerCardName(body.firstName, body.surname),
      agencyId: agencyId ?? null,
      ratioId: body.ratio_id ?? null,
      kuschickId: body.kuschick_id ?? null,
      customerType: body.customerType ?? 'new',
      isDriver: options.isDriver ?? false,
      person: {
        firstName: body.firstName,
        surname: body.surname,
        salutation: body.salutation ?? null,
        title: body.title ?? null,
        birthday: body.birthday ?? null,
        passportValidUntil: body.passportValidUntil ?? null,
      },
      address,
      contactRows: { phones: body.phones ?? [], emails: body.emails ?? [] },
      listKeys: (cardId) =>
        customerListKeys(cardId, {
          ...body,
          ...address,
          address: address.street,
          ratio_id: body.ratio_id ?? null,
          kuschick_id: body.kuschick_id ?? null,
          phones: keptRows(body.phones, []),
          emails: keptRows(body.emails, []),
        }),
    });
    // With the newsletter flag, the contact of the address is subscribed and linked to the new card.
    const emails = keptRows(body.emails, []).map((row) => row.value);
    if (body.newsletter)
      await syncCustomerNewsletter(trx, cardId, body.newsletter, {
        email: emails[0] ?? null,
        firstName: body.firstName,
        lastName: body.surname,
      });
    return cardId;
  });
  return getCustomer(ctx, id, { kind: 'all' });
}

/**
 * PATCH /customers/{id}: reads the customer once, writes each changed table once (the search text with
 * the card) and reads the result once.
 */
export async function updateCustomer(
  ctx: DbContext,
  id: number,
  body: UpdateCustomerBody,
  scope: CustomerScope,
): Promise<Customer> {
  await inTransaction(ctx, async (trx) => {
    const current = await getCustomer(trx, id, scope);
    const agencyId = body.agencyId === undefined ? undefined : await resolveAgency(trx, scope, body.agencyId);
    if (scope.kind === 'agency' && agencyId !== undefined && agencyId !== current.agencyId) throw forbidden();
    await assertEmailsFree(trx, 'customer', body.emails, id);
    const pick = <K extends keyof UpdateCustomerBody & keyof Customer>(key: K) =>
      body[key] !== undefined ? body[key] : current[key];
    const next = {
      firstName: body.firstName ?? current.firstName,
      surname: body.surname ?? current.surname,
      address: pick('address'),
      zip: pick('zip'),
      city: pick('city'),
      country: pick('country'),
      external_id: pick('external_id'),
      ratio_id: pick('ratio_id'),
      kuschick_id: pick('kuschick_id'),
      phones: keptRows(body.phones, current.phones),
      emails: keptRows(body.emails, current.emails),
    } as SearchableCustomer;
    await updateCardData(trx, id, {
      name: customerCardName(next.firstName, next.surname),
      ...(agencyId !== undefined ? { agencyId } : {}),
      ...(body.ratio_id !== undefined ? { ratioId: body.ratio_id } : {}),
      ...(body.kuschick_id !== undefined ? { kuschickId: body.kuschick_id } : {}),
      ...(body.customerType ? { customerType: body.customerType } : {}),
      listKeys: () => customerListKeys(id, next),
      person: {
        firstName: next.firstName,
        surname: next.surname,
        ...(body.salutation !== undefined ? { salutation: body.salutation } : {}),
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.birthday !== undefined ? { birthday: body.birthday } : {}),
        ...(body.passportValidUntil !== undefined ? { passportValidUntil: body.passportValidUntil } : {}),
      },
    });
    await saveAddress(trx, current.id_vc_person, {
      street: body.address,
      zip: body.zip,
      city: body.city,
      country: body.country,
      state: body.state,
      external_id: body.external_id,
    });
    if (body.phones || body.emails)
      await saveContactRows(trx, current.id_vc_person, { phones: body.phones, emails: body.emails }, [
        ...current.phones,
        ...current.emails,
      ]);
    // The newsletter flag subscribes or unsubscribes the contact of the customer's address.
    const emails = next.emails.map((row) => row.value).filter(Boolean);
    if (body.newsletter !== undefined && body.newsletter !== current.newsletter)
      await syncCustomerNewsletter(trx, id, body.newsletter, {
        email: emails[0] ?? null,
        firstName: next.firstName,
        lastName: next.surname,
      });
  });
  return getCustomer(ctx, id, scope);
}

/** PATCH /vc_card/{id}: the card's own name and external numbers. */
export async function updateCustomerCard(ctx: DbContext, id: number, body: UpdateCardBody, scope: CustomerScope) {
  await inTransaction(ctx, async (trx) => {
    const current = await getCustomer(trx, id, scope);
    await updateCardData(trx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.ratio_id !== undefined ? { ratioId: body.ratio_id } : {}),
      ...(body.kuschick_id !== undefined ? { kuschickId: body.kuschick_id } : {}),
      listKeys: () =>
        customerListKeys(id, {
          ...current,
          ratio_id: body.ratio_id !== undefined ? body.ratio_id : current.ratio_id,
          kuschick_id: body.kuschick_id !== undefined ? body.kuschick_id : current.kuschick_id,
        }),
    });
  });
  const customer = await getCustomer(ctx, id, scope);
  return {
    id_vc_card: customer.id_vc_card,
    name: customer.name,
    kuschick_id: customer.kuschick_id,
    ratio_id: customer.ratio_id,
    agencyId: customer.agencyId,
  };
}

/**
 * What may keep a customer from being deleted. Each check answers the message key that explains why,
 * or null. The bookings module adds its own check (a customer with bookings stays, error.customerHasBookings).
 */
export type CustomerDeleteCheck = (ctx: DbContext, cardId: number) => Promise<ErrorKey | null>;

const deleteChecks: CustomerDeleteCheck[] = [
  async (ctx, cardId) => ((await findLoginsOfCard(ctx.db, cardId)).length > 0 ? 'error.customerHasAccount' : null),
];

export function addCustomerDeleteCheck(check: CustomerDeleteCheck): void {
  deleteChecks.push(check);
}

export async function deleteCustomer(ctx: DbContext, id: number, scope: CustomerScope): Promise<Customer> {
  const customer = await getCustomer(ctx, id, scope);
  await inTransaction(ctx, async (trx) => {
    for (const check of deleteChecks) {
      const reason = await check(trx, id);
      if (reason) throw new ApiError(409, reason);
    }
    await removeCard(trx, id);
  });
  return customer;
}

const toAgencyCustomer = (customer: Customer): AgencyCustomer => ({
  id: customer.id,
  kennziffer: customer.ratio_id ?? String(customer.id),
  name: customer.name,
  anrede: customer.salutation === null ? null : String(customer.salutation),
  vorname: customer.firstName,
  nachname: customer.surname,
  strasse: customer.address,
  plz: customer.zip,
  ort: customer.city,
  telefon: customer.phone,
  email: customer.email,
  geburtstag: customer.birthday,
  bearbeitet: customer.updatedAt,
  erfasst_am: customer.createdAt,
  pass_gueltig_bis: customer.passportValidUntil,
});

/**
 * GET /ratio/api/agencies/?getCustomersFor={agencyId}: an agency's customers in the booking system's
 * shape. Agency users may only ask for their own agency.
 */
export async function listAgencyCustomers(ctx: DbContext, query: AgencyCustomersQuery, scope: CustomerScope) {
  if (scope.kind === 'none' || (scope.kind === 'agency' && scope.agencyId !== query.getCustomersFor)) throw forbidden();
  const { base, countBase } = customerListQueries(ctx.db, { agencyId: query.getCustomersFor });
  const { total, limit, skip, data } = await runListPage(
    ctx,
    CUSTOMER_LIST_SPEC,
    { $limit: query.limit, $skip: query.offset, 'lit-search': query.search, 'lit-sort': 'name' },
    base,
    (rows) => toCustomers(ctx, rows),
    countBase,
  );
  return { total, limit, offset: skip, data: data.map(toAgencyCustomer) };
}
