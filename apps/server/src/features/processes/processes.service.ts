import {
  PROCESS_STATUSES,
  processStatusOf,
  statusesOfProcessStatus,
  type ListQuery,
  type Process,
  type ProcessStatus,
} from '@tourdesk/contracts';
import { toIso } from '../../db/dialect.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import { deleteBooking, type BookingActor } from '../bookings/bookings.service.ts';
import {
  findProcessRow,
  PROCESS_LIST_SPEC,
  processCountBase,
  processListBase,
  type ProcessRow,
} from './processes.repository.ts';

/**
 * Processes (spec §7, issue #11): the commercial view of the bookings — number, invoice, booker, totals and the
 * app's process status '0'–'5' (docs/adr/0017). Reading is a view on the booking rows; deleting is the booking's own
 * delete (a draft goes, anything else is cancelled), so there is no second store to keep in step.
 */
const toEuro = (cents: number) => cents / 100;
const isoDate = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

const toProcess = (row: ProcessRow): Process => ({
  id_pc_process: row.id,
  nr: row.id,
  invoice_id: row.invoice_number,
  name: row.title ?? row.journey_title,
  vc_card_booker: { id_vc_card: row.booker_card, name: row.booker_name },
  kuschick_id: row.kuschick_id,
  ratio_id: row.ratio_id,
  vc_person: { vc_address: { external_id: row.external_id ?? null } },
  status: processStatusOf(row.status),
  bookingStatus: row.status,
  date_from: isoDate(row.date_from),
  total: toEuro(row.total_cents),
  paid: toEuro(row.paid_cents),
  open: toEuro(row.total_cents - row.paid_cents),
  createdAt: toIso(row.created_at)!,
});

/** `status=4` or `status[$in][]=1&…`: the process statuses as the booking statuses they stand for. */
function withProcessStatus(query: ListQuery): ListQuery {
  const raw = (query as Record<string, unknown>).status;
  if (raw === undefined || raw === null || raw === '') return query;
  const list = typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>).$in : (raw as unknown);
  const values = (Array.isArray(list) ? list : [list]).map(String);
  if (values.length === 0 || values.some((value) => !(PROCESS_STATUSES as readonly string[]).includes(value)))
    throw invalidField('status', 'error.invalidFilter');
  const statuses = values.flatMap((value) => statusesOfProcessStatus(value as ProcessStatus));
  return { ...query, bookingStatus: { $in: statuses } } as ListQuery;
}

/** GET /process-lit: lit-search (number, invoice number, booker, name), filters; agency users see their own. */
export function listProcesses(ctx: DbContext, query: ListQuery, actor: BookingActor) {
  const translated = withProcessStatus(query);
  const scoped = actor.agencyId != null ? { ...translated, agencyId: actor.agencyId } : translated;
  return runList(
    ctx,
    PROCESS_LIST_SPEC,
    scoped as ListQuery,
    processListBase(ctx.db),
    (rows) => rows.map(toProcess),
    processCountBase(ctx.db),
  );
}

/** GET /process-lit/{id}; another agency's booking is not found. */
export async function getProcess(ctx: DbContext, id: number, actor: BookingActor): Promise<Process> {
  const row = await findProcessRow(ctx.db, id, actor.agencyId);
  if (!row) throw notFound();
  return toProcess(row);
}

/** DELETE /process-lit/{nr}: the booking's delete (deleteBooking); answers the process as it was before. */
export async function deleteProcess(ctx: DbContext, nr: number, actor: BookingActor): Promise<Process> {
  const before = await getProcess(ctx, nr, actor);
  await deleteBooking(ctx, nr, actor);
  return before;
}
