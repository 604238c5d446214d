import { describe, expect, it } from 'vitest';
import { requestHash } from './idempotency.ts';

describe('requestHash', () => {
  it('is the same whatever the order of object keys, and differs for other values', () => {
    const a = requestHash({ termin: 1, teilnehmer: [{ name: 'A', anrede: 'Frau' }], title: undefined });
    expect(requestHash({ teilnehmer: [{ anrede: 'Frau', name: 'A' }], termin: 1 })).toBe(a);
    expect(requestHash({ termin: 1, teilnehmer: [{ name: 'B', anrede: 'Frau' }] })).not.toBe(a);
    expect(requestHash({ termin: 1, teilnehmer: [{ name: 'A', anrede: 'Frau' }], title: null })).not.toBe(a);
    expect(requestHash([1, 2])).not.toBe(requestHash([2, 1]));
  });
});
