import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedFields, dataProvider, listQuery, offsetListQuery } from './data-provider.ts';
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

  it('sends a range filter as field[$operator] and leaves out its empty ends', () => {
    const query = new URLSearchParams(
      listQuery(RESOURCES.users!, {
        pagination: { page: 1, perPage: 20 },
        filter: { date_from: { $gte: '2027-01-01', $lte: '' } },
      }),
    );
    expect(query.get('date_from[$gte]')).toBe('2027-01-01');
    expect(query.has('date_from[$lte]')).toBe(false);
    expect(query.has('date_from')).toBe(false);
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
          phones: [{ key: 'phone-mobile', value: '1' }],
          roleName: 'x',
          updatedAt: 'y',
        },
        { id: 1, firstname: 'Jörg', lastname: 'Weiss', phones: [], roleName: 'office', updatedAt: 'z' },
      ),
    ).toEqual({ lastname: 'Weiß', phones: [{ key: 'phone-mobile', value: '1' }] });
  });
});

describe('resources on other endpoints', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("pages the agency customers the booking system's way: limit, offset, search, no sort", () => {
    const query = new URLSearchParams(
      offsetListQuery(RESOURCES['agencies/customers']!, {
        pagination: { page: 2, perPage: 150 },
        sort: { field: 'name', order: 'ASC' },
        filter: { q: 'Müller', getCustomersFor: 3 },
      }),
    );
    expect(Object.fromEntries(query)).toEqual({ limit: '150', offset: '150', search: 'Müller', getCustomersFor: '3' });
  });

  it('lists drivers as the customers flagged as drivers', () => {
    const query = new URLSearchParams(
      listQuery(RESOURCES['customers/drivers']!, { pagination: { page: 1, perPage: 20 } }),
    );
    expect(query.get('driversOnly')).toBe('true');
    expect(RESOURCES['customers/drivers']!.read).toBe('/customers');
  });

  it('asks the agency call for the list and /customers for one record', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        const body = url.includes('/ratio/')
          ? { total: 1, limit: 150, offset: 0, data: [{ id: 5, kennziffer: '200005', name: 'Weiß, Jörg' }] }
          : { id: 5, name: 'Weiß, Jörg' };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    const list = await dataProvider.getList('agencies/customers', {
      pagination: { page: 1, perPage: 150 },
      sort: { field: 'id', order: 'ASC' },
      filter: { getCustomersFor: 3 },
    });
    expect(list).toEqual({ total: 1, data: [{ id: 5, kennziffer: '200005', name: 'Weiß, Jörg' }] });
    await dataProvider.getOne('agencies/customers', { id: 5 });
    expect(urls).toEqual(['/api/v1/ratio/api/agencies/?limit=150&offset=0&getCustomersFor=3', '/api/v1/customers/5']);
  });

  it('registers a driver and takes the customer out of the answer', async () => {
    const calls: Array<{ url: string; method?: string }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, method: init?.method });
        return new Response(JSON.stringify({ customer: { id: 42, name: 'Bäumer, Dieter' }, userId: 7 }), {
          status: 201,
        });
      }),
    );
    const created = await dataProvider.create('customers/drivers', {
      data: { firstName: 'Dieter', surname: 'Bäumer', loginEmail: 'd@example.com' },
    });
    expect(created.data).toEqual({ id: 42, name: 'Bäumer, Dieter' });
    expect(calls).toEqual([{ url: '/api/v1/registration-driver', method: 'POST' }]);
  });
});
