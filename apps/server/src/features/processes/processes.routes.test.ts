import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, Process } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { createAgencyFixture, createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';
import { createBooking, recordBookingEvents, SYSTEM_ACTOR } from '../bookings/bookings.service.ts';
import { inTransaction } from '../../db/transaction.ts';

type Page = { total: number; data: Process[] };

/** An agency's clerk who may read bookings and processes (the demo agency role reads customers only). */
async function agencyClerk(ctx: TestApp['ctx'], agencyId: number): Promise<string> {
  const n = nextSequence();
  const role = await createRoleFixture(ctx, `agency-bookings-${n}`, {
    access: { vorgang: { read: true }, process: { read: true, delete: true } },
  });
  const email = `agency-clerk-${n}@test.example`;
  await createUserFixture(ctx, 'staff', { email, role: role.id_roles, agencyId });
  return email;
}

describe('processes: the commercial view of the bookings', () => {
  let t: TestApp;
  let office = '';
  let admin = '';
  let agencyLogin = '';
  let otherAgencyLogin = '';
  let traveller = '';
  let fixture: DepartureFixture;
  let firm: Booking;
  let invoiced: Booking;
  let draft: Booking;
  let agencyOption: Booking;

  const list = async (who: string, query = '') => {
    const response = await call(t.app, who, { method: 'GET', url: `/process-lit?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };
  const ours = (page: Page) =>
    page.data
      .map((row) => row.id_pc_process)
      .filter((id) => [firm.id, invoiced.id, draft.id, agencyOption.id].includes(id));

  /** What the invoices feature does when it issues one: the number on the booking, a history entry. */
  const invoice = (id: number, number: string) =>
    inTransaction(t.ctx, async (trx) => {
      await trx.db.updateTable('booking').set({ invoice_number: number }).where('id', '=', id).execute();
      await recordBookingEvents(trx, id, SYSTEM_ACTOR, [{ kind: 'invoice', after: number }], new Date());
    });

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    admin = await createLogin(t.ctx, 'admin');
    traveller = await createLogin(t.ctx, 'traveller');
    const agency = await createAgencyFixture(t.ctx, nextSequence());
    agencyLogin = await agencyClerk(t.ctx, agency.id);
    otherAgencyLogin = await agencyClerk(t.ctx, (await createAgencyFixture(t.ctx, nextSequence())).id);
    fixture = await createDepartureFixture(t.ctx, nextSequence());
    const book = async (who: string, payload: Record<string, unknown>) => {
      const response = await call(t.app, who, { method: 'POST', url: '/ratio_vorgang', payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Booking>();
    };
    const one = (surname: string) => ({ buchender: { firstName: 'Ina', surname }, teilnehmer: [{ name: surname }] });
    firm = await book(office, {
      termin: fixture.nr,
      type: 'regular',
      title: 'Vereinsfahrt Hainichen',
      ...one('Ackermann'),
    });
    invoiced = await book(office, { termin: fixture.nr, type: 'regular', ...one('Bäumer') });
    draft = await book(office, { termin: fixture.nr, buchender: { firstName: 'Ina', surname: 'Cramer' } });
    agencyOption = await createBooking(
      t.ctx,
      { termin: fixture.nr, type: 'option', ...one('Dörfler'), rooms: [], extras: [] },
      { userId: null, agencyId: agency.id },
    );
    await invoice(invoiced.id, 'RE-2026-00042');
  });
  afterAll(() => t.close());

  it('lists processes with invoice, booker, name, process status and amounts', async () => {
    const page = await list(office, `id_booker_card=${invoiced.buchender!.id_vc_card}`);
    expect(page.total).toBe(1);
    expect(page.data[0]).toEqual({
      id_pc_process: invoiced.id,
      nr: invoiced.id,
      invoice_id: 'RE-2026-00042',
      name: fixture.journey.title,
      vc_card_booker: { id_vc_card: invoiced.buchender!.id_vc_card, name: 'Bäumer, Ina' },
      kuschick_id: null,
      ratio_id: invoiced.ratio_id,
      vc_person: { vc_address: { external_id: null } },
      status: '4',
      bookingStatus: 'firm',
      date_from: invoiced.date_from,
      total: invoiced.price,
      paid: 0,
      open: invoiced.price,
      createdAt: invoiced.createdAt,
    });
    const named = (await list(office, `id_pc_process=${firm.id}`)).data[0]!;
    expect(named.name).toBe('Vereinsfahrt Hainichen');
  });

  it('sorts by invoice number descending by default, then newest first', async () => {
    const page = await list(office, `$limit=-1`);
    const order = ours(page);
    // descending: bookings without an invoice first (as every list sorts empty values), newest first among them
    expect(order).toEqual([agencyOption.id, draft.id, firm.id, invoiced.id]);
    const byNumber = await list(office, `$sort[invoice_id]=-1&$sort[id_pc_process]=1&$limit=-1`);
    expect(ours(byNumber)).toEqual([firm.id, draft.id, agencyOption.id, invoiced.id]);
  });

  it('searches number, invoice number, booker name and name', async () => {
    const search = async (words: string) =>
      ours(await list(office, `lit-search=${encodeURIComponent(words)}`)).sort((a, b) => a - b);
    expect(await search('RE-2026-00042')).toEqual([invoiced.id]);
    expect(await search('baumer')).toEqual([invoiced.id]);
    expect(await search('hainichen')).toEqual([firm.id]);
    expect(await search(`${draft.id} cramer`)).toEqual([draft.id]);
  });

  it('filters by process status (one or $in) and refuses an unknown one (400)', async () => {
    expect(ours(await list(office, 'status=4')).sort()).toEqual([firm.id, invoiced.id].sort());
    expect(ours(await list(office, 'status[$in][]=0&status[$in][]=2')).sort()).toEqual(
      [draft.id, agencyOption.id].sort(),
    );
    const bad = await call(t.app, office, { method: 'GET', url: '/process-lit?status=9' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'status', key: 'error.invalidFilter' })]);
  });

  it('shows an agency its own processes only, in the list and by id', async () => {
    expect(ours(await list(agencyLogin))).toEqual([agencyOption.id]);
    expect(ours(await list(otherAgencyLogin, 'lit-search=dorfler'))).toEqual([]);
    const own = await call(t.app, agencyLogin, { method: 'GET', url: `/process-lit/${agencyOption.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json<Process>()).toMatchObject({ id_pc_process: agencyOption.id, status: '2', bookingStatus: 'option' });
    const foreign = await call(t.app, otherAgencyLogin, { method: 'GET', url: `/process-lit/${agencyOption.id}` });
    expect(foreign.statusCode).toBe(404);
    const deleted = await call(t.app, otherAgencyLogin, { method: 'DELETE', url: `/process-lit/${agencyOption.id}` });
    expect([403, 404]).toContain(deleted.statusCode);
    expect((await call(t.app, office, { method: 'GET', url: `/process-lit/${agencyOption.id}` })).statusCode).toBe(200);
  });

  it('deletes a draft process and cancels a firm one (the booking’s own delete)', async () => {
    const gone = await call(t.app, admin, { method: 'DELETE', url: `/process-lit/${draft.id}` });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json<Process>()).toMatchObject({ id_pc_process: draft.id, status: '0' });
    expect((await call(t.app, office, { method: 'GET', url: `/process-lit/${draft.id}` })).statusCode).toBe(404);
    const cancelled = await call(t.app, admin, { method: 'DELETE', url: `/process-lit/${firm.id}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await call(t.app, office, { method: 'GET', url: `/process-lit/${firm.id}` });
    expect(after.json<Process>()).toMatchObject({ status: '5', bookingStatus: 'cancelled' });
    const again = await call(t.app, admin, { method: 'DELETE', url: `/process-lit/${firm.id}` });
    expect(again.statusCode).toBe(409);
    expect((await call(t.app, admin, { method: 'DELETE', url: '/process-lit/99999999' })).statusCode).toBe(404);
  });

  it('needs process-read to read and refuses the traveller', async () => {
    expect((await call(t.app, traveller, { method: 'GET', url: '/process-lit' })).statusCode).toBe(403);
    expect((await call(t.app, traveller, { method: 'GET', url: `/process-lit/${firm.id}` })).statusCode).toBe(403);
    expect((await call(t.app, traveller, { method: 'DELETE', url: `/process-lit/${firm.id}` })).statusCode).toBe(403);
    const bad = await call(t.app, office, { method: 'GET', url: '/process-lit/abc' });
    expect(bad.statusCode).toBe(400);
  });
});
