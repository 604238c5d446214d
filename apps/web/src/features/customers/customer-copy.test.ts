import { describe, expect, it } from 'vitest';
import type { Customer } from '@tourdesk/contracts/customers.schema';
import { customerCopy } from './customer-copy.ts';

const customer: Customer = {
  id: 7,
  id_vc_card: 7,
  id_vc_person: 9,
  name: 'Größwang, Ilse',
  salutation: 1,
  title: 2,
  firstName: 'Ilse',
  surname: 'Größwang',
  birthday: '1956-04-02',
  passportValidUntil: '2030-01-31',
  address: 'Bahnhofstraße 12',
  zip: '87527',
  city: 'Sonthofen',
  country: 'Deutschland',
  state: 'Bayern',
  external_id: 'X-1',
  phone: '+49 8321 1',
  email: 'ilse@example.com',
  phones: [
    {
      id_vc_field: 1,
      id_vc_person: 9,
      id_vc_field_type: 2,
      key: 'phone-private',
      value: '+49 8321 1',
      drop: false,
    },
  ],
  emails: [
    {
      id_vc_field: 2,
      id_vc_person: 9,
      id_vc_field_type: 1,
      key: 'email-private',
      value: 'ilse@example.com',
      drop: false,
    },
  ],
  customerType: 'regular',
  isDriver: false,
  newsletter: false,
  agencyId: 3,
  agencyName: 'Reisebüro Sonnenschein GmbH',
  kuschick_id: 'K-5',
  ratio_id: '200007',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
};

describe('a copy of a customer', () => {
  it('keeps the address, the customer type and the agency', () => {
    expect(customerCopy(customer)).toMatchObject({
      address: 'Bahnhofstraße 12',
      zip: '87527',
      city: 'Sonthofen',
      state: 'Bayern',
      country: 'Deutschland',
      customerType: 'regular',
      agencyId: 3,
    });
  });

  it('starts without name, birthday, contacts or numbers', () => {
    const copy = customerCopy(customer);
    for (const field of [
      'firstName',
      'surname',
      'salutation',
      'title',
      'birthday',
      'passportValidUntil',
      'ratio_id',
      'kuschick_id',
      'external_id',
    ]) {
      expect(copy, field).not.toHaveProperty(field);
    }
    expect(copy.phones).toEqual([]);
    expect(copy.emails).toEqual([]);
  });

  it('gives a customer without an agency or type the defaults of a new one', () => {
    expect(customerCopy({ id: 1, city: 'Kiel' })).toMatchObject({ city: 'Kiel', customerType: 'new', agencyId: null });
  });
});
