import type { CreateCustomerBody, Customer } from '@tourdesk/contracts/customers.schema';

/**
 * What a copy (/customers/copy/{id}) keeps: the address, the customer type and the agency — for another
 * person of the same household or agency. Name, birthday, contacts and the booking numbers stay empty.
 */
export function customerCopy(record: Partial<Customer>): Partial<CreateCustomerBody> {
  return {
    address: record.address ?? null,
    zip: record.zip ?? null,
    city: record.city ?? null,
    state: record.state ?? null,
    country: record.country ?? null,
    customerType: record.customerType ?? 'new',
    agencyId: record.agencyId ?? null,
    phones: [],
    emails: [],
  };
}
