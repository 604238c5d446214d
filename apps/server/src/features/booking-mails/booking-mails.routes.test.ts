import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  layoutFromRows,
  type Booking,
  type BookingEvent,
  type BookingMail,
  type WaitlistEntry,
} from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture } from '../../seed/departure-factories.ts';
import {
  createAgencyFixture,
  createCustomerFixture,
  createRoleFixture,
  createUserFixture,
  DEMO_ROLES,
  nextSequence,
} from '../../seed/factories.ts';
import { offerWaitlist, releaseExpiredOptions } from '../bookings/bookings.service.ts';
import { encodeSettingValue } from '../settings/settings.service.ts';
import { attachConfirmationDocuments, sendOptionReminders } from './booking-mails.service.ts';

// 2 + 2 seats in two rows: 4 seats per coach.
const smallCoach = layoutFromRows([{ rows: ['D__TT', 'SS_SS'] }]);
const HOUR = 3_600_000;

describe('booking mails, option reminders, history, mails, waiting list, customer guard', () => {
  let t: TestApp;
  let office = '';
  let admin = '';
  let agency = '';
  let otherAgency = '';
  let agencyEmail = '';

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    admin = await createLogin(t.ctx, 'admin');
    // agency users who book: the agency role with bookings added
    const role = await createRoleFixture(t.ctx, `agency-booking-${nextSequence()}`, {
      access: { ...DEMO_ROLES.agency!.access, vorgang: { read: true, update: true, create: true } },
    });
    const agencyLogin = async (agencyId: number) => {
      const email = `agency-${nextSequence()}@test.example`;
      await createUserFixture(t.ctx, 'staff', { email, role: role.id_roles, agencyId });
      return email;
    };
    const own = await createAgencyFixture(t.ctx, nextSequence());
    agencyEmail = own.email!;
    agency = await agencyLogin(own.id);
    otherAgency = await agencyLogin((await createAgencyFixture(t.ctx, nextSequence())).id);
  });
  afterAll(() => t.close());

  const setSetting = (key: string, value: unknown) =>
    t.ctx.db
      .updateTable('sys_settings')
      .set({ value: encodeSettingValue(value) })
      .where('key', '=', key)
      .execute();
  const departure = () => createDepartureFixture(t.ctx, nextSequence(), { seatPlan: smallCoach });
  const booker = (n: number) => ({ firstName: 'Greta', surname: `Lindner ${n}`, email: `greta.${n}@example.com` });
  const book = async (payload: Record<string, unknown>, as = office) => {
    const n = nextSequence();
    const response = await call(t.app, as, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: { buchender: booker(n), teilnehmer: [{ name: 'Lindner' }], ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Booking>();
  };
  const mailsOf = async (id: number, as = office) => {
    const response = await call(t.app, as, { method: 'GET', url: `/ratio_vorgang/${id}/mails` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BookingMail[]>();
  };
  const outbox = (id: number) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['template', 'language', 'to_address', 'subject', 'text'])
      .where('ref', '=', `booking:${id}`)
      .orderBy('id')
      .execute();
  const setStatus = (id: number, status: string, extra: Record<string, unknown> = {}) =>
    call(t.app, office, { method: 'POST', url: `/ratio_vorgang/${id}/status`, payload: { status, ...extra } });

  it('a new request is acknowledged in the booker’s language, with ref, and listed among the booking’s mails', async () => {
    const { nr } = await departure();
    const booking = await book({ termin: nr, type: 'anfrage', language: 'en' });
    const mails = await outbox(booking.id);
    expect(mails.map((mail) => [mail.template, mail.language])).toEqual([['bookingReceived', 'en']]);
    expect(mails[0]!.to_address).toBe(booking.buchender!.email);
    expect(mails[0]!.subject).toContain(`We have received your booking ${booking.id}`);
    expect(mails[0]!.text).toContain('(3 May 2027)');
    const listed = await mailsOf(booking.id);
    expect(listed).toMatchObject([{ template: 'bookingReceived', status: 'queued', attachments: [], sentAt: null }]);
  });

  it('a firm booking is confirmed once; back from processing it is not confirmed again; a draft sends nothing', async () => {
    const { nr } = await departure();
    const draft = await book({ termin: nr, type: 'entwurf' });
    expect(await outbox(draft.id)).toEqual([]);
    const option = await book({ termin: nr, type: 'option', language: 'de' });
    expect((await setStatus(option.id, 'firm')).statusCode).toBe(200);
    expect((await setStatus(option.id, 'processing')).statusCode).toBe(200);
    expect((await setStatus(option.id, 'firm')).statusCode).toBe(200);
    const mails = await outbox(option.id);
    expect(mails.map((mail) => mail.template)).toEqual(['bookingReceived', 'bookingConfirmation']);
    expect(mails[1]!.subject).toBe(`Reisebestätigung ${option.id}: ${option.journeyTitle} (03.05.2027)`);
    // a draft made a request is acknowledged then
    expect((await setStatus(draft.id, 'request')).statusCode).toBe(200);
    expect((await outbox(draft.id)).map((mail) => mail.template)).toEqual(['bookingReceived']);
    // booked firm at once: only the confirmation
    const firm = await book({ termin: nr, type: 'regular', language: 'en' });
    expect((await outbox(firm.id)).map((mail) => mail.template)).toEqual(['bookingConfirmation']);

    // the confirmation waits in the outbox for its PDF, which the job attaches after the booking's transaction
    expect((await mailsOf(firm.id))[0]!.attachments).toEqual([]);
    const due = async () =>
      (
        await t.ctx.db
          .selectFrom('mail_outbox')
          .select('next_attempt_at')
          .where('ref', '=', `booking:${firm.id}`)
          .executeTakeFirstOrThrow()
      ).next_attempt_at;
    const now = new Date();
    expect(new Date(await due()).getTime()).toBeGreaterThan(now.getTime());
    const reports = await t.app.scheduler.runDue(now);
    expect(reports).toContainEqual({ name: 'bookings.confirmation-documents', ran: true, error: null });
    expect(new Date(await due()).getTime()).toBeLessThanOrEqual(now.getTime());
    // a second run (another instance) attaches nothing twice
    expect(await attachConfirmationDocuments(t.ctx, now)).toEqual([]);
    // the confirmation carries the booking confirmation PDF, in the booker's language
    expect((await mailsOf(option.id)).map((mail) => [mail.template, mail.attachments])).toEqual([
      ['bookingConfirmation', [`Reisebestaetigung-${option.id}.pdf`]],
      ['bookingReceived', []],
    ]);
    expect((await mailsOf(firm.id))[0]!.attachments).toEqual([`Booking-confirmation-${firm.id}.pdf`]);
    const files = await t.ctx.db
      .selectFrom('mail_attachment')
      .innerJoin('mail_outbox', 'mail_outbox.id', 'mail_attachment.id_mail')
      .select(['mail_attachment.content_type', 'mail_attachment.content'])
      .where('mail_outbox.ref', '=', `booking:${firm.id}`)
      .execute();
    expect(files).toHaveLength(1);
    expect(files[0]!.content_type).toBe('application/pdf');
    expect(Buffer.from(files[0]!.content).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('follows BOOKING_EMAIL_ACTIVE and CUSTOMER_CONFIRMATION', async () => {
    const { nr } = await departure();
    try {
      await setSetting('CUSTOMER_CONFIRMATION', 0);
      const quiet = await book({ termin: nr, type: 'option', option_until: new Date(Date.now() + 10 * HOUR) });
      expect(await outbox(quiet.id)).toEqual([]);
      // option mails still go
      expect(await sendOptionReminders(t.ctx, new Date())).toContain(quiet.id);
      expect((await outbox(quiet.id)).map((mail) => mail.template)).toEqual(['optionReminder']);

      await setSetting('BOOKING_EMAIL_ACTIVE', 0);
      const silent = await book({ termin: nr, type: 'option', option_until: new Date(Date.now() + 10 * HOUR) });
      expect((await setStatus(silent.id, 'firm')).statusCode).toBe(200);
      const later = await book({ termin: nr, type: 'option', option_until: new Date(Date.now() + 10 * HOUR) });
      expect(await sendOptionReminders(t.ctx, new Date())).toEqual([]);
      expect(await outbox(silent.id)).toEqual([]);
      expect(await outbox(later.id)).toEqual([]);
    } finally {
      await setSetting('CUSTOMER_CONFIRMATION', 1);
      await setSetting('BOOKING_EMAIL_ACTIVE', 1);
    }
  });

  it('reminds an option OPTION_REMINDER_HOURS before it lapses, once, driven by the clock', async () => {
    const { nr } = await departure();
    const start = new Date();
    const until = new Date(start.getTime() + 72 * HOUR);
    const option = await book({ termin: nr, type: 'option', option_until: until.toISOString(), language: 'es' });
    const reminders = async () => (await outbox(option.id)).filter((mail) => mail.template === 'optionReminder');

    // 25 hours before the window opens: nothing
    expect(await sendOptionReminders(t.ctx, new Date(start.getTime() + 23 * HOUR))).not.toContain(option.id);
    expect(await reminders()).toHaveLength(0);
    // through the scheduler, as the running app does: the window (48 h) has opened
    const reports = await t.app.scheduler.runDue(new Date(start.getTime() + 25 * HOUR));
    expect(reports).toContainEqual({ name: 'bookings.option-reminders', ran: true, error: null });
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.language).toBe('es');
    expect(sent[0]!.subject).toContain(`Su opción ${option.id}`);
    // twice, and two runs at once: still one reminder
    const later = new Date(start.getTime() + 30 * HOUR);
    await Promise.all([sendOptionReminders(t.ctx, later), sendOptionReminders(t.ctx, later)]);
    expect(await reminders()).toHaveLength(1);

    // a new end beyond the window earns a new reminder when it comes near
    const put = await call(t.app, office, {
      method: 'PUT',
      url: `/ratio/api/booking/${option.id}`,
      payload: {
        termin: nr,
        option_until: new Date(start.getTime() + 200 * HOUR).toISOString(),
        teilnehmer: option.teilnehmer.map((p) => ({ nr: p.nr, name: p.name })),
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await sendOptionReminders(t.ctx, new Date(start.getTime() + 100 * HOUR))).not.toContain(option.id);
    expect(await sendOptionReminders(t.ctx, new Date(start.getTime() + 160 * HOUR))).toContain(option.id);
    expect(await reminders()).toHaveLength(2);
  });

  it('an agency’s option: every mail goes to the booker and the agency; the expiry mail follows the expired event', async () => {
    const { nr } = await departure();
    const start = new Date();
    const option = await book(
      { termin: nr, type: 'option', option_until: new Date(start.getTime() + 5 * HOUR).toISOString() },
      agency,
    );
    expect(await sendOptionReminders(t.ctx, start)).toContain(option.id);
    expect(await releaseExpiredOptions(t.ctx, new Date(start.getTime() + 6 * HOUR))).toContain(option.id);
    const mails = await outbox(option.id);
    const booker = option.buchender!.email;
    expect(mails.map((mail) => [mail.template, mail.to_address])).toEqual([
      ['bookingReceived', booker],
      ['bookingReceived', agencyEmail],
      ['optionReminder', booker],
      ['optionReminder', agencyEmail],
      ['optionExpired', booker],
      ['optionExpired', agencyEmail],
    ]);
    // the agency reads its own booking's mails; another agency gets 404
    expect(await mailsOf(option.id, agency)).toHaveLength(6);
    const foreign = await call(t.app, otherAgency, { method: 'GET', url: `/ratio_vorgang/${option.id}/mails` });
    expect(foreign.statusCode).toBe(404);
  });

  it('the waiting list: queue per date in offer order; an offer mails in the booker’s language with WAITLIST_OFFER_HOURS', async () => {
    const { nr } = await departure();
    const full = await book({ termin: nr, type: 'regular', teilnehmer: [1, 2, 3, 4].map((i) => ({ name: `P${i}` })) });
    const first = await book({
      termin: nr,
      type: 'waitlist',
      language: 'ru',
      teilnehmer: [{ name: 'A' }, { name: 'B' }],
    });
    const second = await book(
      { termin: nr, type: 'waitlist', teilnehmer: [{ name: 'C' }, { name: 'D' }, { name: 'E' }] },
      agency,
    );
    const queue = async (as = office) => {
      const response = await call(t.app, as, { method: 'GET', url: `/departures/${nr}/waitlist` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<WaitlistEntry[]>();
    };
    expect(await queue()).toMatchObject([
      { position: 1, vorgangnr: first.id, participants: 2, bookerName: first.buchender!.name },
      { position: 2, vorgangnr: second.id, participants: 3 },
    ]);
    // an agency sees its own entry at its place in the whole queue
    expect((await queue(agency)).map((entry) => [entry.position, entry.vorgangnr])).toEqual([[2, second.id]]);

    await setSetting('WAITLIST_OFFER_HOURS', 6);
    try {
      const now = new Date();
      expect((await setStatus(full.id, 'cancelled')).statusCode).toBe(200);
      // cancelling offers the places at once (the first fits, the second not); again at `now`: nobody fits
      expect(await offerWaitlist(t.ctx, nr, now)).toEqual([]);
    } finally {
      await setSetting('WAITLIST_OFFER_HOURS', 48);
    }
    const offered = (await call(t.app, office, { method: 'GET', url: `/ratio_vorgang/${first.id}` })).json<Booking>();
    expect(offered.status).toBe('option');
    const hold = Date.parse(offered.option_until!) - Date.parse(offered.updatedAt);
    expect(hold).toBe(6 * HOUR);
    const mails = await outbox(first.id);
    expect(mails.map((mail) => [mail.template, mail.language])).toEqual([
      ['bookingReceived', 'ru'],
      ['waitlistOffer', 'ru'],
    ]);
    expect(mails[1]!.text).toContain('6');
    expect((await queue()).map((entry) => [entry.position, entry.vorgangnr])).toEqual([[1, second.id]]);
  });

  it('waiting list: 404 for an unknown date, 400 for a bad one', async () => {
    const unknown = await call(t.app, office, { method: 'GET', url: '/departures/999999/waitlist' });
    expect(unknown.statusCode).toBe(404);
    const bad = await call(t.app, office, { method: 'GET', url: '/departures/abc/waitlist' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'nr', key: 'error.invalid' });
  });

  it('the history names who changed what, oldest first; agency scope and bad ids', async () => {
    const { nr } = await departure();
    const booking = await book({ termin: nr, type: 'option' });
    expect((await setStatus(booking.id, 'firm')).statusCode).toBe(200);
    const response = await call(t.app, office, { method: 'GET', url: `/ratio_vorgang/${booking.id}/history` });
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json<BookingEvent[]>();
    expect(history.map((event) => event.kind)).toEqual(['created', 'status']);
    expect(history[1]).toMatchObject({ before: 'option', after: { status: 'firm' } });
    expect(history[0]!.byName).toMatch(/\S/);
    expect(history[0]!.by).not.toBeNull();
    const released = await releaseExpiredOptions(t.ctx, new Date());
    expect(released).not.toContain(booking.id);

    const foreign = await call(t.app, agency, { method: 'GET', url: `/ratio_vorgang/${booking.id}/history` });
    expect(foreign.statusCode).toBe(404);
    const missing = await call(t.app, office, { method: 'GET', url: '/ratio_vorgang/999999/history' });
    expect(missing.statusCode).toBe(404);
    const bad = await call(t.app, office, { method: 'GET', url: '/ratio_vorgang/0/history' });
    expect(bad.statusCode).toBe(400);
  });

  it('an expired option’s history entry has no user; the default option end follows OPTION_DAYS', async () => {
    const { nr } = await departure();
    await setSetting('OPTION_DAYS', 3);
    let option: Booking;
    try {
      option = await book({ termin: nr, type: 'option' });
    } finally {
      await setSetting('OPTION_DAYS', 7);
    }
    const days = (Date.parse(option.option_until!) - Date.parse(option.createdAt)) / (24 * HOUR);
    expect(days).toBe(3);
    await releaseExpiredOptions(t.ctx, new Date(Date.parse(option.option_until!) + 1000));
    const history = (await call(t.app, office, { method: 'GET', url: `/ratio_vorgang/${option.id}/history` })).json<
      BookingEvent[]
    >();
    expect(history.at(-1)).toMatchObject({ kind: 'expired', by: null, byName: null, after: 'cancelled' });
  });

  it('a customer who books is not deleted (409 error.customerHasBookings); one who does not is', async () => {
    const { nr } = await departure();
    const customer = await createCustomerFixture(t.ctx, nextSequence());
    const idle = await createCustomerFixture(t.ctx, nextSequence());
    await book({ termin: nr, type: 'entwurf', buchender: { id_vc_card: customer.id_vc_card } });
    const refused = await call(t.app, admin, { method: 'DELETE', url: `/customers/${customer.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('error.customerHasBookings');
    const still = await call(t.app, admin, { method: 'GET', url: `/customers/${customer.id}` });
    expect(still.statusCode).toBe(200);
    const deleted = await call(t.app, admin, { method: 'DELETE', url: `/customers/${idle.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});
