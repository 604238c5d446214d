import { describe, expect, it } from 'vitest';
import { targetOf } from './notification-form.tsx';

describe('the target the live count asks for', () => {
  it('is complete for all, and for the other groups once something is picked', () => {
    expect(targetOf({})).toEqual({ receiver_group: 'all', receiver_ids: [] });
    expect(targetOf({ receiver_group: 'bus', receiver_ids: [] })).toBeNull();
    expect(targetOf({ receiver_group: 'bus', receiver_ids: [7] })).toEqual({
      receiver_group: 'bus',
      receiver_ids: [7],
    });
    expect(targetOf({ receiver_group: 'topic', receiver_ids: [], id_topics: null })).toBeNull();
    expect(targetOf({ receiver_group: 'topic', id_topics: 3 })).toEqual({ receiver_group: 'topic', id_topics: 3 });
  });
});
