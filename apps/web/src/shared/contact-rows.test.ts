import { describe, expect, it } from 'vitest';
import { withoutUnsetRowFields } from './contact-rows.ts';

describe('contact rows as the form hands them to the contract', () => {
  it('drops the nulls a newly added row carries and keeps the ids of stored rows', () => {
    const values = {
      surname: 'Größwang',
      note: null,
      phones: [
        { id_vc_field: 12, id_vc_person: 3, key: 'phone-business', value: '+49 8321 1', drop: false },
        { id_vc_field: null, id_vc_person: null, key: 'phone-mobile', value: '+49 170 2', drop: null },
      ],
      emails: [{ id_vc_field: null, key: 'email-private', value: '' }],
    };
    expect(withoutUnsetRowFields(values)).toEqual({
      surname: 'Größwang',
      note: null,
      phones: [
        { id_vc_field: 12, id_vc_person: 3, key: 'phone-business', value: '+49 8321 1', drop: false },
        { key: 'phone-mobile', value: '+49 170 2' },
      ],
      emails: [{ key: 'email-private', value: '' }],
    });
  });

  it('leaves forms without contact lists alone', () => {
    expect(withoutUnsetRowFields({ city: 'Kiel', phones: undefined })).toEqual({ city: 'Kiel', phones: undefined });
  });
});
