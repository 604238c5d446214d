import { describe, expect, it } from 'vitest';
import { agencyProfileChanges } from './my-agency-page.tsx';

describe('what an agency user saves of the own agency', () => {
  const previous = {
    id: 1,
    name: 'Reisebüro Sonnenschein GmbH',
    note: null,
    type: 1,
    address: 'Marktplatz 4',
    zip: '87435',
    city: 'Kempten',
    country: 'Deutschland',
    phones: [{ id_vc_field: 4, key: 'phone-business', value: '+49 831 5551230', drop: false }],
    emails: [],
  };

  it('sends only the changed address and contact fields, never name, note or type', () => {
    expect(
      agencyProfileChanges(
        { ...previous, name: 'Anders', note: 'x', type: 2, city: 'Kaufbeuren', zip: '87600' },
        previous,
      ),
    ).toEqual({ city: 'Kaufbeuren', zip: '87600' });
  });

  it('sends the whole phone list when a row changed, keeping the row ids', () => {
    const phones = [
      { id_vc_field: 4, key: 'phone-business', value: '+49 831 5551231', drop: false },
      { key: 'phone-fax', value: '+49 831 5551239' },
    ];
    expect(agencyProfileChanges({ ...previous, phones }, previous)).toEqual({ phones });
  });
});
