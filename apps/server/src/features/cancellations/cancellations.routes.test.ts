import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutFromRows, type Booking, type CancellationQuote, type CancellationResult } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture } from '../../seed/departure-factories.ts';
import { createAgencyFixture, createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';
import { SYSTEM_ACTOR } from '../bookings/bookings.service.ts';
import { checkBookingInvariants } from '../bookings/invariants.ts';
import { cancelBooking, quoteCancellation } from './cancellations.service.ts';

// 2 + 2 seats in two rows, seat 8 blocked: 7 seats to sell per coach.
const smallCoach = layoutFromRows([{ rows: ['D__TT', 'SS_SS', 'SS_SS'] }]);
const booker = { firstName: 'Hans', surname: 'Schäfer', email: 'hans.schaefer@example.com' };
// the fixture's first date is 3 May 2027: 45 days before is 19 March, 44 days before 20 March
const DEPARTURE = '2027-05-03';
const at = (day: string) => new Date(`${day}T09:00:00Z`);

describe('two-step cancellation: quote, cancel, cancelled participants', () => {
  let t: TestApp;
  let office = '';

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
  });
  afterAll(() => t.close());

  const newDeparture = (journey: Record<string, unknown> = {}) =>
    createDepartureFixture(t.ctx, nextSequence(), {
      seatPlan: smallCoach,
      blocked: ['8'],
      journey: { firstDate: DEPARTURE, ...journey },
    });
  const book = async (payload: Record<string, unknown>, login = office) => {
    const response = await call(t.app, login, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: { buchender: booker, ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Booking>();
  };
  const cancellation = (query: string, login = office) =>
    call(t.app, login, { method: 'GET', url: `/ratio/api/cancellation?${query}` });
  const booking = async (id: number) =>
    (await call(t.app, office, { method: 'GET', url: `/ratio_vorgang/${id}` })).json<Booking>();
  const held = async (nr: number) =>
    (await t.ctx.db.selectFrom('quota').select(['kind', 'held']).where('id_jrn_date', '=', nr).orderBy('id').execute())
      .filter((quota) => quota.kind === 'seat')
      .map((quota) => quota.held);
  const invariantsOk = async (nr: number) => {
    const result = await checkBookingInvariants(t.ctx, { nr });
    expect(result.violations).toEqual([]);
  };

  it('quotes the fee at the term boundaries: 45 days before 10 %, 44 days 25 %, 0 days 90 %', async () => {
    const departure = await newDeparture();
    const firm = await book({ termin: departure.nr, type: 'regular', teilnehmer: [{ name: 'Anna' }, { name: 'Ben' }] });
    expect(firm.price).toBe(2 * 649);
    const quote = (day: string) => quoteCancellation(t.ctx, firm.id, undefined, SYSTEM_ACTOR, at(day));
    const q45 = await quote('2027-03-19');
    expect(q45).toMatchObject({
      processId: firm.id,
      scope: 'booking',
      departure: DEPARTURE,
      daysBefore: 45,
      percent: 10,
      cancelledPrice: 1298,
      fee: 129.8,
      newTotal: 129.8,
      paid: 0,
      refund: 0,
    });
    expect(q45.participants.map((participant) => [participant.name, participant.price, participant.fee])).toEqual([
      ['Anna', 649, 64.9],
      ['Ben', 649, 64.9],
    ]);
    expect(await quote('2027-03-20')).toMatchObject({ daysBefore: 44, percent: 25, fee: 324.5 });
    expect(await quote('2027-04-03')).toMatchObject({ daysBefore: 30, percent: 25 });
    expect(await quote('2027-04-04')).toMatchObject({ daysBefore: 29, percent: 50 });
    expect(await quote('2027-05-03')).toMatchObject({ daysBefore: 0, percent: 90, fee: 1168.2 });
    // a quote changes nothing
    expect((await booking(firm.id)).status).toBe('firm');
    expect(await held(departure.nr)).toEqual([2, 2]);
  });

  it('takes the journey’s own terms, else the setting CANCELLATION_TERMS', async () => {
    const departure = await newDeparture();
    const firm = await book({ termin: departure.nr, type: 'regular', teilnehmer: [{ name: 'Anna' }] });
    const setting = await t.ctx.db
      .selectFrom('sys_settings')
      .select('value')
      .where('key', '=', 'CANCELLATION_TERMS')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('sys_settings')
      .set({ value: JSON.stringify([{ daysBefore: 0, percent: 40 }]) })
      .where('key', '=', 'CANCELLATION_TERMS')
      .execute();
    try {
      expect(await quoteCancellation(t.ctx, firm.id, undefined, SYSTEM_ACTOR, at('2027-03-01'))).toMatchObject({
        percent: 40,
        terms: [{ daysBefore: 0, percent: 40 }],
      });
      await t.ctx.db
        .updateTable('jrn_journey')
        .set({
          cancellation_terms: JSON.stringify([
            { daysBefore: 60, percent: 0 },
            { daysBefore: 0, percent: 100 },
          ]),
        })
        .where('id_jrn_journey', '=', departure.journey.id)
        .execute();
      expect(await quoteCancellation(t.ctx, firm.id, undefined, SYSTEM_ACTOR, at('2027-03-01'))).toMatchObject({
        daysBefore: 63,
        percent: 0,
        fee: 0,
      });
      expect(await quoteCancellation(t.ctx, firm.id, undefined, SYSTEM_ACTOR, at('2027-03-05'))).toMatchObject({
        percent: 100,
        fee: 649,
      });
    } finally {
      await t.ctx.db
        .updateTable('sys_settings')
        .set({ value: setting.value })
        .where('key', '=', 'CANCELLATION_TERMS')
        .execute();
    }
  });

  it('cancels a whole firm booking: capacity freed, one fee per participant, mail, history, waiting list offered', async () => {
    const departure = await newDeparture();
    const firm = await book({
      termin: departure.nr,
      type: 'regular',
      language: 'en',
      teilnehmer: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }, { name: 'E' }, { name: 'F' }],
    });
    const waiting = await book({
      termin: departure.nr,
      type: 'waitlist',
      teilnehmer: [{ name: 'W1' }, { name: 'W2' }],
    });
    expect(await held(departure.nr)).toEqual([6, 6]);
    const result: CancellationResult = await cancelBooking(t.ctx, firm.id, undefined, SYSTEM_ACTOR, at('2027-03-20'));
    expect(result).toMatchObject({ processId: firm.id, status: 'cancelled', creditNote: null });
    expect(result.quote).toMatchObject({ percent: 25, cancelledPrice: 6 * 649, fee: 6 * 162.25, newTotal: 973.5 });

    const after = await booking(firm.id);
    expect(after.status).toBe('cancelled');
    expect(after.price).toBe(973.5);
    expect(after.priceLines.map((line) => [line.kind, line.amount])).toEqual(
      Array.from({ length: 6 }, () => ['fee', 162.25]),
    );
    expect(after.teilnehmer.every((participant) => participant.cancelledAt !== null)).toBe(true);
    // the waiting booking got the freed places
    expect((await booking(waiting.id)).status).toBe('option');
    expect(await held(departure.nr)).toEqual([2, 2]);
    await invariantsOk(departure.nr);

    const events = await t.ctx.db
      .selectFrom('booking_event')
      .select(['kind', 'data'])
      .where('id_booking', '=', firm.id)
      .where('kind', '=', 'cancelled')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.data)).toMatchObject({
      before: { status: 'firm', total_cents: 6 * 64_900 },
      after: { status: 'cancelled', fee_cents: 97_350, total_cents: 97_350 },
    });
    const mails = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text', 'language', 'ref'])
      .where('ref', '=', `booking:${firm.id}`)
      .where('template', '=', 'cancellation')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: booker.email, language: 'en' });
    expect(mails[0]!.subject).toContain(`Cancellation of booking ${firm.id}`);
    expect(mails[0]!.text).toContain('€973.50');

    // cancelled is final
    const again = await cancellation(`initProcessCancellation=true&processId=${firm.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('error.bookingCancelled');
  });

  it('cancels one participant: their seat and room are freed, the fee stays through later changes', async () => {
    const departure = await newDeparture();
    const single = departure.journey.accommodations[0]!.roomTypes.find((type) => type.kind === 'single')!.id;
    const double = departure.journey.accommodations[0]!.roomTypes.find((type) => type.kind === 'double')!.id;
    const firm = await book({
      termin: departure.nr,
      type: 'regular',
      teilnehmer: [
        { name: 'Berg', name1: 'Anna', zimmer: 0, sitzhin: '1', sitzrueck: '1' },
        { name: 'Berg', name1: 'Ben', zimmer: 1, sitzhin: '2', sitzrueck: '2' },
      ],
      rooms: [{ id_jrn_room_type: double }, { id_jrn_room_type: single }],
    });
    // 649 each, the single supplement 120 for Ben
    expect(firm.price).toBe(649 + 649 + 120);
    const ben = firm.teilnehmer[1]!.nr;
    const roomsHeld = async () =>
      (
        await t.ctx.db
          .selectFrom('quota')
          .select(['held'])
          .where('id_jrn_date', '=', departure.nr)
          .where('kind', '=', 'room')
          .where('ref', '=', single)
          .executeTakeFirstOrThrow()
      ).held;
    expect(await roomsHeld()).toBe(1);

    const quote = await cancellation(`getProcessCancellation=true&processId=${firm.id}&participants=${ben}`);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json<CancellationQuote>()).toMatchObject({
      scope: 'participants',
      participants: [{ nr: ben, name: 'Ben Berg', price: 769 }],
      cancelledPrice: 769,
    });
    const { percent } = quote.json<CancellationQuote>();
    const fee = Math.round(769 * percent) / 100;

    const done = await cancellation(`initProcessCancellation=true&processId=${firm.id}&participants=${ben}`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<CancellationResult>()).toMatchObject({ status: 'firm', quote: { fee, newTotal: 649 + fee } });

    const after = await booking(firm.id);
    expect(after.status).toBe('firm');
    expect(after.teilnehmer.map((participant) => [participant.name1, participant.cancelledAt !== null])).toEqual([
      ['Anna', false],
      ['Ben', true],
    ]);
    // Anna keeps her seat 1; Ben's seat and single room are given back
    expect(after.teilnehmer[0]).toMatchObject({ sitzhin: '1', sitzrueck: '1' });
    expect(after.teilnehmer[1]).toMatchObject({ sitzhin: null, sitzrueck: null });
    expect(await held(departure.nr)).toEqual([1, 1]);
    expect(await roomsHeld()).toBe(0);
    expect(after.priceLines.map((line) => [line.kind, line.teilnehmerNr, line.amount])).toEqual([
      ['base', after.teilnehmer[0]!.nr, 649],
      ['fee', ben, fee],
    ]);
    expect(after.price).toBe(649 + fee);
    await invariantsOk(departure.nr);
    // the date's participant list (and its manifests) no longer carries Ben
    const travellers = await call(t.app, office, { method: 'GET', url: `/ratio/api/participants/${departure.nr}` });
    expect(travellers.json().data.map((participant: { name1: string | null }) => participant.name1)).toEqual(['Anna']);

    // twice: 409; a participant of another booking: 400 at participants
    const twice = await cancellation(`initProcessCancellation=true&processId=${firm.id}&participants=${ben}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().key).toBe('error.participantCancelled');
    const other = await book({ termin: departure.nr, type: 'request', teilnehmer: [{ name: 'X' }] });
    const foreign = await cancellation(
      `getProcessCancellation=true&processId=${firm.id}&participants=${other.teilnehmer[0]!.nr}`,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      expect.objectContaining({ field: 'participants', key: 'error.participantNotInBooking' }),
    ]);

    // a later change reprices the booking: the fee line stays, the cancelled participant holds nothing
    const put = await call(t.app, office, {
      method: 'PUT',
      url: `/ratio/api/booking/${firm.id}`,
      payload: {
        termin: departure.nr,
        version: after.version,
        teilnehmer: [{ nr: after.teilnehmer[0]!.nr, name: 'Berg', name1: 'Anna' }, { name: 'Neu' }],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const changed = put.json<Booking>();
    expect(changed.teilnehmer.map((participant) => participant.name1 ?? participant.name)).toEqual([
      'Anna',
      'Ben',
      'Neu',
    ]);
    expect(changed.priceLines.filter((line) => line.kind === 'fee').map((line) => line.amount)).toEqual([fee]);
    expect(changed.price).toBe(649 + 649 + fee);
    expect(await held(departure.nr)).toEqual([2, 2]);
    await invariantsOk(departure.nr);

    // naming every participant still active cancels the whole booking
    const rest = changed.teilnehmer
      .filter((participant) => !participant.cancelledAt)
      .map((participant) => participant.nr);
    const whole = await cancellation(
      `initProcessCancellation=true&processId=${firm.id}&participants=${rest.join(',')}`,
    );
    expect(whole.json<CancellationResult>()).toMatchObject({ status: 'cancelled', quote: { scope: 'booking' } });
    expect(await held(departure.nr)).toEqual([0, 0]);
    const final = await booking(firm.id);
    expect(final.priceLines.every((line) => line.kind === 'fee')).toBe(true);
    expect(final.priceLines.filter((line) => line.teilnehmerNr === ben).map((line) => line.amount)).toEqual([fee]);
    await invariantsOk(departure.nr);
  });

  it('issues a credit note over what was cancelled less the fee when an invoice had been issued', async () => {
    const departure = await newDeparture();
    const firm = await book({ termin: departure.nr, type: 'regular', teilnehmer: [{ name: 'Anna' }, { name: 'Ben' }] });
    const invoice = await call(t.app, office, { method: 'POST', url: `/ratio_vorgang/${firm.id}/invoices` });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const ben = firm.teilnehmer[1]!.nr;
    const result = await cancelBooking(t.ctx, firm.id, [ben], SYSTEM_ACTOR, at('2027-04-10'));
    // 23 days before: 50 % of 649
    expect(result.quote).toMatchObject({ percent: 50, fee: 324.5 });
    expect(result.creditNote).toMatchObject({ total: 324.5 });
    expect(result.creditNote!.number).toMatch(/^GS-\d{4}-\d{5}$/);
    // the booker's mail carries the credit note as PDF
    const attachments = await t.ctx.db
      .selectFrom('mail_attachment')
      .innerJoin('mail_outbox', 'mail_outbox.id', 'mail_attachment.id_mail')
      .select(['mail_attachment.filename', 'mail_attachment.content_type', 'mail_attachment.content'])
      .where('mail_outbox.ref', '=', `booking:${firm.id}`)
      .where('mail_outbox.template', '=', 'cancellation')
      .execute();
    expect(attachments.map((file) => [file.filename, file.content_type])).toEqual([
      [`${result.creditNote!.number}.pdf`, 'application/pdf'],
    ]);
    expect(Buffer.from(attachments[0]!.content).subarray(0, 5).toString()).toBe('%PDF-');
    const invoices = await call(t.app, office, { method: 'GET', url: `/ratio_vorgang/${firm.id}/invoices` });
    expect(invoices.json().map((row: { kind: string; total: number }) => [row.kind, row.total])).toEqual([
      ['invoice', 1298],
      ['creditNote', 324.5],
    ]);
  });

  it('cancels an option free of charge; a booking in processing only as a whole', async () => {
    const departure = await newDeparture();
    const option = await book({ termin: departure.nr, type: 'option', teilnehmer: [{ name: 'O' }] });
    const result = await cancelBooking(t.ctx, option.id, undefined, SYSTEM_ACTOR, at('2027-05-01'));
    expect(result.quote).toMatchObject({ percent: 0, fee: 0, newTotal: 0 });
    expect((await booking(option.id)).priceLines).toEqual([]);

    const firm = await book({ termin: departure.nr, type: 'regular', teilnehmer: [{ name: 'P' }, { name: 'Q' }] });
    const processing = await call(t.app, office, {
      method: 'POST',
      url: `/ratio_vorgang/${firm.id}/status`,
      payload: { status: 'processing' },
    });
    expect(processing.statusCode, processing.body).toBe(200);
    const partial = await cancellation(
      `initProcessCancellation=1&processId=${firm.id}&participants=${firm.teilnehmer[0]!.nr}`,
    );
    expect(partial.statusCode).toBe(409);
    expect(partial.json().key).toBe('error.processInProgress');
    const whole = await cancellation(`initProcessCancellation=1&processId=${firm.id}`);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().status).toBe('cancelled');
    await invariantsOk(departure.nr);
  });

  it('answers 400 for bad queries, 404 for unknown and other agencies’ bookings, 403 without vorgang-update', async () => {
    const departure = await newDeparture();
    const firm = await book({ termin: departure.nr, type: 'regular', teilnehmer: [{ name: 'A' }] });
    for (const query of [
      `processId=${firm.id}`,
      `getProcessCancellation=true&initProcessCancellation=true&processId=${firm.id}`,
      'getProcessCancellation=true',
      'getProcessCancellation=true&processId=abc',
      `getProcessCancellation=maybe&processId=${firm.id}`,
      `getProcessCancellation=true&processId=${firm.id}&participants=x`,
    ]) {
      const response = await cancellation(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors?.[0]?.key, query).toMatch(/^error\.invalid/);
    }
    expect((await cancellation('getProcessCancellation=true&processId=99999999')).statusCode).toBe(404);

    // agency users with booking rights: each reaches only their agency's bookings
    const role = await createRoleFixture(t.ctx, `agency-booking-${nextSequence()}`, {
      access: { vorgang: { read: true, update: true, create: true } },
    });
    const agentOf = async (agencyId: number) => {
      const email = `agent-${nextSequence()}@test.example`;
      await createUserFixture(t.ctx, 'staff', { email, role: role.id_roles, agencyId });
      return email;
    };
    const agent = await agentOf((await createAgencyFixture(t.ctx, nextSequence())).id);
    const stranger = await agentOf((await createAgencyFixture(t.ctx, nextSequence())).id);
    const own = await book({ termin: departure.nr, type: 'regular', teilnehmer: [{ name: 'Agentur' }] }, agent);
    expect((await cancellation(`getProcessCancellation=true&processId=${firm.id}`, agent)).statusCode).toBe(404);
    expect((await cancellation(`initProcessCancellation=true&processId=${own.id}`, stranger)).statusCode).toBe(404);
    expect((await booking(own.id)).status).toBe('firm');
    const mine = await cancellation(`getProcessCancellation=true&processId=${own.id}`, agent);
    expect(mine.statusCode, mine.body).toBe(200);

    const traveller = await createLogin(t.ctx, 'traveller');
    expect((await cancellation(`getProcessCancellation=true&processId=${firm.id}`, traveller)).statusCode).toBe(403);
  });
});
