import { describe, expect, it } from 'vitest';
import { RATIO_ADDRESS_FIELD_NAMES, RATIO_ADDRESS_FIELDS } from '@tourdesk/contracts';
import { CARD_FIELDS, salutationCode, titleCode } from './ratio-addresses.service.ts';

describe('RATIO address mapping', () => {
  it('maps exactly the fields the contract marks as kept on the card', () => {
    const marked = RATIO_ADDRESS_FIELD_NAMES.filter((name) => 'card' in RATIO_ADDRESS_FIELDS[name]);
    expect([...CARD_FIELDS].sort()).toEqual(marked.sort());
  });

  it('documents about 190 fields, with a length for every text', () => {
    expect(RATIO_ADDRESS_FIELD_NAMES.length).toBeGreaterThanOrEqual(180);
    for (const name of RATIO_ADDRESS_FIELD_NAMES) {
      const spec: { type: string; length?: number } = RATIO_ADDRESS_FIELDS[name];
      if (['string', 'varchar', 'blob'].includes(spec.type)) expect(spec.length, name).toBeGreaterThan(0);
    }
    expect(RATIO_ADDRESS_FIELDS.plz).toEqual(expect.objectContaining({ type: 'string', length: 15 }));
    expect(RATIO_ADDRESS_FIELDS['kat24' as keyof typeof RATIO_ADDRESS_FIELDS]).toEqual({ type: 'string', length: 4 });
  });

  it('reads salutations and titles as the card’s codes; other texts have none', () => {
    expect(['Herr', 'herr', 'Mr.', 'Frau', 'Mrs', 'Divers'].map(salutationCode)).toEqual([0, 0, 0, 1, 1, 2]);
    expect(salutationCode('Familie')).toBeUndefined();
    expect(['Dr.', 'dr', 'Prof.', 'Prof. Dr.', 'Prof.Dr.'].map(titleCode)).toEqual([1, 1, 2, 3, 3]);
    expect(titleCode('Dipl.-Ing.')).toBeUndefined();
  });
});
