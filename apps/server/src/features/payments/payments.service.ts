import {
  DEFAULT_DUNNING_TERMS,
  DEFAULT_PAYMENT_TERMS,
  holdsCapacity,
  ZDunningTerms,
  ZOpenItem,
  ZPayment,
  ZPaymentTerms,
  type BookingAccount,
  type DunningTerms,
  type ListQuery,
  type OpenItem,
  type Payment,
  type PaymentBody,
  type PaymentTerms,
} from '@tourdesk/contracts';
import { parseJson, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { contractFields, runList, type ListSpec } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import { getBooking, recordBookingEvents, SYSTEM_ACTOR, type BookingActor } from '../bookings/bookings.service.ts';
import { brandForHost } from '../brands/brands.service.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { typedSetting } from '../settings/settings.service.ts';
import {
  computeSchedule,
  coverSchedule,
  dayOf,
  maxDunningLevel,
  nextDunning,
  type CoveredInstalment,
} from './payment-schedule.ts';
import {
  addPaid,
  claimDunningLevel,
  deletePaymentRow,
  findBookingMoney,
  findDunningCandidates,
  findPaymentDues,
  findPayments,
  insertPayment,
  openItemsBase,
  replacePaymentDues,
  resetDunningLevel,
  subtractPaid,
  type BookingMoneyRow,
  type OpenItemRow,
} from './payments.repository.ts';

/**
 * Payments of a booking (issue #11, docs/adr/0017): the schedule rewritten in every booking change, payments
 * recorded and deleted with `booking.paid_cents` kept by a conditional update, the booking's account, the open
 * items, and reminder levels (Mahnstufe) raised by the job or by the office, each guarded by the level read.
 */

const toEuro = (cents: number) => cents / 100;
const toCents = (euro: number) => Math.round(euro * 100);

async function paymentTermsOf(ctx: DbContext, row: BookingMoneyRow): Promise<PaymentTerms> {
  const own = ZPaymentTerms.safeParse(parseJson<unknown>(row.payment_terms, null));
  if (own.success) return own.data;
  return typedSetting(ctx, 'PAYMENT_TERMS', ZPaymentTerms, DEFAULT_PAYMENT_TERMS);
}

const dunningTerms = (ctx: DbContext): Promise<DunningTerms> =>
  typedSetting(ctx, 'DUNNING_TERMS', ZDunningTerms, DEFAULT_DUNNING_TERMS);

// ---------------------------------------------------------------- the schedule

/**
 * Rewrites a booking's payment schedule from its total, status, confirmation day, departure day and the
 * journey's `payment_terms` (else the setting PAYMENT_TERMS), in the caller's transaction. Only holding
 * bookings (option, firm, processing) have one; for the others it is removed. An option not yet confirmed
 * counts from the day it was booked.
 */
export async function writePaymentScheduleIn(trx: DbContext, bookingId: number): Promise<void> {
  const row = await findBookingMoney(trx.db, bookingId);
  if (!row) return;
  const wanted = holdsCapacity(row.status)
    ? computeSchedule({
        totalCents: row.total_cents,
        confirmedDay: dayOf(row.confirmed_at ?? row.created_at),
        departureDay: dayOf(row.date_from),
        terms: await paymentTermsOf(trx, row),
      })
    : [];
  const stored = await findPaymentDues(trx.db, bookingId);
  const same =
    stored.length === wanted.length &&
    stored.every(
      (due, index) =>
        due.kind === wanted[index]!.kind &&
        due.amount_cents === wanted[index]!.amount_cents &&
        dayOf(due.due_date) === wanted[index]!.due_date,
    );
  if (!same) await replacePaymentDues(trx.db, bookingId, wanted);
}

/** The booking-change listener (registered by payments.routes.ts): every change rewrites the schedule. */
export const paymentScheduleListener = (trx: DbContext, change: { bookingId: number }) =>
  writePaymentScheduleIn(trx, change.bookingId);

async function coveredScheduleOf(ctx: DbContext, row: BookingMoneyRow, today: string) {
  const dues = await findPaymentDues(ctx.db, row.id);
  return coverSchedule(
    dues.map((due) => ({ kind: due.kind, amount_cents: due.amount_cents, due_date: dayOf(due.due_date) })),
    row.paid_cents,
    today,
  );
}

// ---------------------------------------------------------------- the account

type PaymentRow = Awaited<ReturnType<typeof findPayments>>[number];

const toPayment = (row: PaymentRow): Payment =>
  ZPayment.parse({
    id: row.id,
    vorgangnr: row.id_booking,
    amount: toEuro(row.amount_cents),
    paid_on: dayOf(row.paid_on),
    method: row.method,
    reference: row.reference,
    createdBy: row.created_by,
    createdByName: row.firstname === null ? null : `${row.firstname} ${row.lastname ?? ''}`.trim(),
    createdAt: toIso(row.created_at)!,
  });

/** Reads the booking's money after checking the actor may see it (agency users: their own; others 404). */
async function moneyOf(ctx: DbContext, id: number, actor: BookingActor): Promise<BookingMoneyRow> {
  const row = await findBookingMoney(ctx.db, id);
  if (!row || (actor.agencyId != null && row.id_organization !== actor.agencyId)) throw notFound();
  return row;
}

/** GET /ratio_vorgang/{id}/payments: total, paid, open, the schedule with what is covered, the payments. */
export async function getBookingAccount(
  ctx: DbContext,
  id: number,
  actor: BookingActor,
  now = new Date(),
): Promise<BookingAccount> {
  const row = await moneyOf(ctx, id, actor);
  const [schedule, payments] = await Promise.all([coveredScheduleOf(ctx, row, dayOf(now)), findPayments(ctx.db, id)]);
  return {
    vorgangnr: row.id,
    total: toEuro(row.total_cents),
    paid: toEuro(row.paid_cents),
    open: toEuro(row.total_cents - row.paid_cents),
    dunningLevel: row.dunning_level,
    dunnedAt: toIso(row.dunned_at),
    schedule: schedule.map((instalment) => ({
      kind: instalment.kind,
      amount: toEuro(instalment.amount_cents),
      due_date: instalment.due_date,
      covered: toEuro(instalment.covered_cents),
      open: toEuro(instalment.open_cents),
      overdue: instalment.overdue,
    })),
    payments: payments.map(toPayment),
  };
}

/**
 * POST /ratio_vorgang/{id}/payments: records a payment (history 'payment'). More than the open amount is
 * refused with 409 error.paymentExceedsOpen by the conditional update of `paid_cents`. When nothing is
 * overdue afterwards, the reminder level starts again at 0.
 */
export async function recordPayment(
  ctx: DbContext,
  id: number,
  body: PaymentBody,
  actor: BookingActor,
  now = new Date(),
): Promise<BookingAccount> {
  await inTransaction(ctx, async (trx) => {
    await moneyOf(trx, id, actor);
    const cents = toCents(body.amount);
    if (!(await addPaid(trx.db, id, cents))) throw new ApiError(409, 'error.paymentExceedsOpen');
    const paymentId = await insertPayment(trx.db, {
      id_booking: id,
      amount_cents: cents,
      paid_on: body.paid_on,
      method: body.method,
      reference: body.reference ?? null,
      created_by: actor.userId,
      created_at: now.toISOString(),
    });
    await recordBookingEvents(
      trx,
      id,
      actor,
      [
        {
          kind: 'payment',
          after: { id: paymentId, amount: body.amount, paid_on: body.paid_on, method: body.method },
        },
      ],
      now,
    );
    const after = await moneyOf(trx, id, actor);
    const schedule = await coveredScheduleOf(trx, after, dayOf(now));
    if (after.dunning_level > 0 && !schedule.some((instalment) => instalment.overdue))
      await resetDunningLevel(trx.db, id, after.dunning_level);
  });
  return getBookingAccount(ctx, id, actor, now);
}

/** DELETE /ratio_vorgang/{id}/payments/{paymentId}: a wrongly recorded payment goes (history 'paymentDeleted'). */
export async function deletePayment(
  ctx: DbContext,
  id: number,
  paymentId: number,
  actor: BookingActor,
  now = new Date(),
): Promise<BookingAccount> {
  await inTransaction(ctx, async (trx) => {
    await moneyOf(trx, id, actor);
    const removed = await deletePaymentRow(trx.db, id, paymentId);
    if (!removed) throw notFound();
    if (!(await subtractPaid(trx.db, id, removed.amount_cents))) throw new ApiError(409, 'error.versionConflict');
    await recordBookingEvents(
      trx,
      id,
      actor,
      [
        {
          kind: 'paymentDeleted',
          before: {
            id: removed.id,
            amount: toEuro(removed.amount_cents),
            paid_on: dayOf(removed.paid_on),
            method: removed.method,
          },
        },
      ],
      now,
    );
  });
  return getBookingAccount(ctx, id, actor, now);
}

// ---------------------------------------------------------------- open items

const OPEN_ITEM_SPEC: ListSpec<OpenItem, 'next_due_date'> = {
  table: 'booking',
  idColumn: 'id',
  idField: 'id',
  searchable: false,
  selectable: contractFields(ZOpenItem),
  ownParams: ['overdue'],
  fields: {
    id: { column: 'booking.id', type: 'number' },
    vorgangnr: { column: 'booking.id', type: 'number' },
    status: { column: 'booking.status', type: 'string' },
    agencyId: { column: 'booking.id_organization', type: 'number' },
    dunningLevel: { column: 'booking.dunning_level', type: 'number' },
    date_from: { column: 'jrn_date.date_from', type: 'date', joined: true },
    nextDueDate: { column: 'next_due_date', type: 'date', filterable: false, nullable: true },
  },
  defaultSort: [['nextDueDate', 1]],
};

const toOpenItem = (row: OpenItemRow, today: string): OpenItem => {
  const next = row.next_due_date === null ? null : dayOf(row.next_due_date);
  return {
    id: row.id,
    vorgangnr: row.id,
    bookerName: row.booker_name,
    journeyTitle: row.journey_title,
    termincode: row.termincode,
    date_from: dayOf(row.date_from),
    status: row.status,
    total: toEuro(row.total_cents),
    paid: toEuro(row.paid_cents),
    open: toEuro(row.total_cents - row.paid_cents),
    nextDueDate: next,
    overdue: next !== null && next < today,
    dunningLevel: row.dunning_level,
    agencyId: row.id_organization,
  };
};

/**
 * GET /open-items: holding bookings with money open, soonest instalment first; `overdue=true` is the overdue
 * list, filters agencyId and dunningLevel. Agency users see their own agency's only.
 */
export function listOpenItems(
  ctx: DbContext,
  query: ListQuery & { overdue?: boolean },
  actor: BookingActor,
  now = new Date(),
) {
  const today = dayOf(now);
  const { overdue, ...rest } = query;
  const base = openItemsBase(ctx.db, {
    agencyId: actor.agencyId,
    ...(overdue !== undefined ? { overdueBefore: { today, overdue } } : {}),
  });
  return runList(ctx, OPEN_ITEM_SPEC, rest as ListQuery, base, (rows) => rows.map((row) => toOpenItem(row, today)));
}

// ---------------------------------------------------------------- reminders

const LOCALES: Record<string, string> = { de: 'de-DE', en: 'en-GB', es: 'es-ES', ru: 'ru-RU' };
const formatAmount = (cents: number, language: string) =>
  new Intl.NumberFormat(LOCALES[language] ?? 'de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const formatDay = (day: string, language: string) =>
  new Intl.DateTimeFormat(LOCALES[language] ?? 'de-DE', {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));

/**
 * Raises a locked-in reminder level and queues the `paymentReminder` mail in the booker's language, in the
 * caller's transaction; false when another run raised the level first (the level read is the guard).
 */
async function sendReminderIn(
  trx: DbContext,
  row: BookingMoneyRow,
  due: { level: number; instalment: CoveredInstalment },
  actor: BookingActor,
  now: Date,
): Promise<boolean> {
  if (!(await claimDunningLevel(trx.db, row.id, row.dunning_level, due.level, now.toISOString()))) return false;
  const booking = await getBooking(trx, row.id);
  const email = booking.buchender?.email ?? null;
  if (email)
    await enqueueMail(trx, {
      to: email,
      template: 'paymentReminder',
      language: row.language,
      ref: `booking:${row.id}`,
      brand: await brandForHost(trx, row.brand_host ?? 'localhost'),
      variables: {
        name: booking.buchender?.name ?? null,
        vorgangnr: row.id,
        trip: `${row.journey_title} (${formatDay(dayOf(row.date_from), row.language)})`,
        date: formatDay(due.instalment.due_date, row.language),
        amount: formatAmount(due.instalment.open_cents, row.language),
        level: due.level,
      },
    });
  await recordBookingEvents(
    trx,
    row.id,
    actor,
    [
      {
        kind: 'dunning',
        before: row.dunning_level,
        after: {
          level: due.level,
          due_date: due.instalment.due_date,
          open: toEuro(due.instalment.open_cents),
          mailed: email !== null,
        },
      },
    ],
    now,
  );
  return true;
}

/**
 * POST /ratio_vorgang/{id}/dunning: the office sends the next reminder level now, without waiting for the
 * terms; 409 error.dunningNotDue when nothing is overdue or the highest level has been sent.
 */
export async function sendReminder(
  ctx: DbContext,
  id: number,
  actor: BookingActor,
  now = new Date(),
): Promise<BookingAccount> {
  const terms = await dunningTerms(ctx);
  await inTransaction(ctx, async (trx) => {
    const row = await moneyOf(trx, id, actor);
    const schedule = await coveredScheduleOf(trx, row, dayOf(now));
    const due = holdsCapacity(row.status) ? nextDunning(schedule, row.dunning_level, terms, dayOf(now), null) : null;
    if (!due || !(await sendReminderIn(trx, row, due, actor, now))) throw new ApiError(409, 'error.dunningNotDue');
  });
  return getBookingAccount(ctx, id, actor, now);
}

/**
 * The reminder job `payments.dunning`: every holding booking whose oldest open instalment has been overdue
 * for the next level's `afterDays` (setting DUNNING_TERMS) gets that level and its mail, each in its own
 * transaction guarded by the level read, so a second run or instance sends nothing twice. Returns the
 * bookings reminded.
 */
export async function runDunning(ctx: DbContext, now = new Date()): Promise<number[]> {
  const terms = await dunningTerms(ctx);
  const today = dayOf(now);
  const reminded: number[] = [];
  for (const candidate of await findDunningCandidates(ctx.db, today, maxDunningLevel(terms))) {
    const sent = await inTransaction(ctx, async (trx) => {
      const row = await findBookingMoney(trx.db, candidate.id);
      if (!row || !holdsCapacity(row.status)) return false;
      const schedule = await coveredScheduleOf(trx, row, today);
      const lastDunnedDay = row.dunned_at === null ? null : dayOf(row.dunned_at);
      const due = nextDunning(schedule, row.dunning_level, terms, today, { lastDunnedDay });
      return due ? sendReminderIn(trx, row, due, SYSTEM_ACTOR, now) : false;
    });
    if (sent) reminded.push(candidate.id);
  }
  return reminded;
}
