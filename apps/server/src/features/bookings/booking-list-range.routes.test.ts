import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import type { BookingSummary } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, TEST_DIALECT, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture } from '../../seed/departure-factories.ts';
import { createAgencyFixture, createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';
import { bookingListInRange } from './bookings.repository.ts';
import { createBooking } from './bookings.service.ts';

type Page = { total: number; limit: number; skip: number; data: BookingSummary[] };

/**
 * The departure range of GET /ratio_vorgang reads its page of ids from the newest bookings of each departure in
 * range (bookings.repository `bookingListInRange`) when nothing else narrows the list: pages, totals and the
 * plain array must be those of the whole range, in list order, however the bookings of the departures interleave.
 */
describe('bookings list: departure range, page by page', () => {
  let t: TestApp;
  let office = '';
  let agencyLogin = '';
  let agencyId = 0;
  /** In range, newest first. */
  let inRange: number[] = [];
  let options: number[] = [];
  let outside: number[] = [];
  const from = '2033-03-01';
  const till = '2033-03-10';
  const range = `date_from[$gte]=${from}&date_from[$lte]=${till}`;

  const list = async (who: string, query: string) => {
    const response = await call(t.app, who, { method: 'GET', url: `/ratio_vorgang?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    const agency = await createAgencyFixture(t.ctx, nextSequence());
    agencyId = agency.id;
    const role = await createRoleFixture(t.ctx, `agency-range-${nextSequence()}`, {
      access: { vorgang: { read: true } },
    });
    agencyLogin = `agency-range-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email: agencyLogin, role: role.id_roles, agencyId });
    const first = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2033-03-02' } });
    const second = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2033-03-09' } });
    const later = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2033-04-20' } });
    // Bookings of the departures interleave: the newest n of one departure are not the page's n.
    const plan = [first, second, first, later, first, second, second, first, later, second, first];
    const booked: Array<{ id: number; inRange: boolean; option: boolean }> = [];
    for (const [index, departure] of plan.entries()) {
      const option = index % 4 === 1;
      const booking = await createBooking(
        t.ctx,
        {
          termin: departure.nr,
          type: option ? 'option' : 'regular',
          buchender: { firstName: 'Jana', surname: `Range${index}` },
          teilnehmer: [{ name: `Range${index}`, name1: 'Jana' }],
          rooms: [],
          extras: [],
        },
        { userId: null, agencyId: index % 3 === 0 ? agencyId : null },
      );
      booked.push({ id: booking.id, inRange: departure !== later, option });
    }
    inRange = booked
      .filter((entry) => entry.inRange)
      .map((entry) => entry.id)
      .sort((a, b) => b - a);
    options = booked
      .filter((entry) => entry.inRange && entry.option)
      .map((entry) => entry.id)
      .sort((a, b) => b - a);
    outside = booked.filter((entry) => !entry.inRange).map((entry) => entry.id);
  });
  afterAll(() => t.close());

  it('pages through the range newest first with the right total, for every page size', async () => {
    expect(inRange).toHaveLength(9);
    for (const limit of [1, 2, 3, 4, 20]) {
      const seen: number[] = [];
      for (let skip = 0; skip < inRange.length; skip += limit) {
        const page = await list(office, `${range}&$limit=${limit}&$skip=${skip}`);
        expect(page.total, `limit ${limit}, skip ${skip}`).toBe(inRange.length);
        expect(page.data.length).toBe(Math.min(limit, inRange.length - skip));
        seen.push(...page.data.map((row) => row.id));
      }
      expect(seen, `limit ${limit}`).toEqual(inRange);
    }
    const past = await list(office, `${range}&$skip=${inRange.length}`);
    expect(past).toMatchObject({ total: inRange.length, data: [] });
    for (const id of outside) expect(inRange).not.toContain(id);
  });

  it('answers the whole range as a plain array and only the range’s start or end when one is given', async () => {
    const all = await call(t.app, office, { method: 'GET', url: `/ratio_vorgang?${range}&pagination=false` });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<BookingSummary[]>().map((row) => row.id)).toEqual(inRange);
    const upToTill = await list(office, `date_from[$gte]=2033-01-01&date_from[$lte]=${till}&$limit=2`);
    expect(upToTill.total).toBe(inRange.length);
    expect(upToTill.data.map((row) => row.id)).toEqual(inRange.slice(0, 2));
    const fromOn = await list(office, `date_from[$gte]=${from}&$limit=3`);
    expect(fromOn.total).toBe(inRange.length + outside.length);
    expect(fromOn.data.map((row) => row.id)).toEqual([...inRange, ...outside].sort((a, b) => b - a).slice(0, 3));
  });

  it('keeps other filters, sorts and an agency’s scope exact within the range', async () => {
    const optionsInRange = await list(office, `${range}&status=option&$limit=1&$skip=1`);
    expect(optionsInRange.total).toBe(options.length);
    expect(optionsInRange.data.map((row) => row.id)).toEqual(options.slice(1, 2));
    const oldestFirst = await list(office, `${range}&$sort[id]=1&$limit=3`);
    expect(oldestFirst.data.map((row) => row.id)).toEqual([...inRange].reverse().slice(0, 3));
    const agencyPage = await list(agencyLogin, `${range}&$limit=2`);
    const agencyRows = await list(office, `${range}&agencyId=${agencyId}&$limit=50`);
    expect(agencyRows.total).toBeGreaterThan(1);
    expect(agencyPage.total).toBe(agencyRows.total);
    expect(agencyPage.data.map((row) => row.id)).toEqual(agencyRows.data.slice(0, 2).map((row) => row.id));
    expect(agencyRows.data.every((row) => row.agencyId === agencyId)).toBe(true);
  });

  it('counts a search exactly, alone (in the search index on SQLite) and with a filter or range', async () => {
    const all = [...inRange, ...outside].sort((a, b) => b - a);
    const searched = await list(office, 'lit-search=range&$limit=2');
    expect(searched.total).toBe(all.length);
    expect(searched.data.map((row) => row.id)).toEqual(all.slice(0, 2));
    // Range1 and Range10 (the name is in the booker and the participant: still one match per booking)
    const one = await list(office, 'lit-search=range1&$limit=1');
    expect(one.total).toBe(2);
    expect(await list(office, 'lit-search=range1%20jana&$limit=1')).toMatchObject({ total: 2 });
    expect(await list(office, 'lit-search=range7&$limit=1')).toMatchObject({ total: 1 });
    expect(await list(office, 'lit-search=nobodyatall&$limit=1')).toMatchObject({ total: 0, data: [] });
    const withStatus = await list(office, 'lit-search=range&status=option&$limit=1');
    expect(withStatus.total).toBe(options.length + outside.filter((id) => options.includes(id)).length);
    expect((await list(office, `lit-search=range&${range}&$limit=1`)).total).toBe(inRange.length);
    expect((await list(agencyLogin, 'lit-search=range&$limit=1')).total).toBe(
      (await list(office, `lit-search=range&agencyId=${agencyId}&$limit=50`)).data.length,
    );
  });

  it('builds the queries of a range once, so the statements compiled on them serve every request of it', () => {
    const first = bookingListInRange(t.ctx.db, TEST_DIALECT, { from, till }, 20);
    expect(bookingListInRange(t.ctx.db, TEST_DIALECT, { from, till }, 20)).toBe(first);
    expect(bookingListInRange(t.ctx.db, TEST_DIALECT, { from, till }, 40)).not.toBe(first);
    expect(bookingListInRange(t.ctx.db, TEST_DIALECT, { from }, 20)).not.toBe(first);
  });

  it('reads the page through the newest bookings of each departure, without sorting the whole range', async () => {
    const { page } = bookingListInRange(t.ctx.db, TEST_DIALECT, { from, till }, 20);
    const query = page!.select('booking.id as list_id').orderBy('booking.id', 'desc').limit(20).compile();
    expect((await t.ctx.db.executeQuery(query)).rows.map((row) => (row as { list_id: number }).list_id)).toEqual(
      inRange,
    );
    let plan: string;
    if (TEST_DIALECT === 'sqlite') {
      const rows = await t.ctx.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      plan = rows.rows.map((row) => row.detail).join('\n');
      // the ids come in order from the list of newest ids: no sort of the range's bookings
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else {
      // A few rows make sequential scans cheapest; without them the planner shows the index it means to use.
      plan = await t.ctx.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
        );
        return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    }
    expect(plan).toMatch(/booking_date_id_idx/);
  });
});
