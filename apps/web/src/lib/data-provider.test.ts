import { describe, expect, it } from 'vitest';
import { changedFields, listQuery } from './data-provider.ts';
import { RESOURCES } from './resources.ts';

describe('the list contract as react-admin speaks it', () => {
  it('turns page, sort, search and filters into $limit, $skip, $sort, lit-search and $in', () => {
    const query = new URLSearchParams(
      listQuery(RESOURCES.users!, {
        pagination: { page: 3, perPage: 20 },
        sort: { field: 'lastname', order: 'DESC' },
        filter: { q: 'Müller', role: 2, city: ['Köln', 'Bonn'], empty: '' },
      }),
    );
    expect(query.get('$limit')).toBe('20');
    expect(query.get('$skip')).toBe('40');
    expect(query.get('$sort[lastname]')).toBe('-1');
    expect(query.get('lit-search')).toBe('Müller');
    expect(query.get('role')).toBe('2');
    expect(query.getAll('city[$in][]')).toEqual(['Köln', 'Bonn']);
    expect(query.has('empty')).toBe(false);
  });

  it('asks for all (-1) and sorts by the resource id field', () => {
    const query = new URLSearchParams(
      listQuery(RESOURCES.roles!, { pagination: { page: 1, perPage: -1 }, sort: { field: 'id', order: 'ASC' } }),
    );
    expect(query.get('$limit')).toBe('-1');
    expect(query.get('$skip')).toBe('0');
    expect(query.get('$sort[id_roles]')).toBe('1');
  });

  it('always sends a resource’s fixed filter (blocked users are the inactive ones)', () => {
    const query = new URLSearchParams(
      listQuery(RESOURCES['users-disabled']!, { pagination: { page: 1, perPage: 20 } }),
    );
    expect(query.get('isActive')).toBe('false');
  });

  it('sends only changed fields on update, never derived ones', () => {
    expect(
      changedFields(
        {
          id: 1,
          firstname: 'Jörg',
          lastname: 'Weiß',
          phones: [{ type: 'phone-mobile', value: '1' }],
          roleName: 'x',
          updatedAt: 'y',
        },
        { id: 1, firstname: 'Jörg', lastname: 'Weiss', phones: [], roleName: 'office', updatedAt: 'z' },
      ),
    ).toEqual({ lastname: 'Weiß', phones: [{ type: 'phone-mobile', value: '1' }] });
  });
});
