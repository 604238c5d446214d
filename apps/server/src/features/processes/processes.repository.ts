import { ZProcess, type Process } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';

/**
 * SQL of processes (pc_process, spec §7): the commercial view of the booking rows — no table of its own. The
 * search uses the booking's `search_text` (booking number, invoice number, booker, title, journey …).
 */
export const processListBase = builtOnce((db: Database) =>
  db
    .selectFrom('booking')
    .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'booking.id_booker_card')
    .select((eb) => [
      'booking.id',
      'booking.status',
      'booking.title',
      'booking.invoice_number',
      'booking.total_cents',
      'booking.paid_cents',
      'booking.created_at',
      'jrn_date.date_from',
      'jrn_journey.title as journey_title',
      'vc_card.id_vc_card as booker_card',
      'vc_card.name as booker_name',
      'vc_card.kuschick_id',
      'vc_card.ratio_id',
      eb
        .selectFrom('vc_address')
        .innerJoin('vc_person', 'vc_person.id_vc_person', 'vc_address.id_vc_person')
        .select('vc_address.external_id')
        .whereRef('vc_person.id_vc_card', '=', 'booking.id_booker_card')
        .limit(1)
        .as('external_id'),
    ]),
);
export type ProcessRow = Awaited<ReturnType<ReturnType<typeof processListBase>['executeTakeFirstOrThrow']>>;

export const processCountBase = builtOnce((db: Database) => db.selectFrom('booking').select('booking.id'));

/**
 * GET /process-lit: invoice number descending (as every list sorts empty values: those without an invoice first in
 * descending order), then newest booking; `status` (the process status '0'–'5') is translated by the service.
 */
export const PROCESS_LIST_SPEC: ListSpec<Process> = {
  table: 'booking',
  idColumn: 'id',
  idField: 'id_pc_process',
  searchable: true,
  defaultSort: [
    ['invoice_id', -1],
    ['id_pc_process', -1],
  ],
  ownParams: ['agency', 'status'],
  fields: {
    id_pc_process: { column: 'booking.id', type: 'number' },
    nr: { column: 'booking.id', type: 'number' },
    invoice_id: { column: 'booking.invoice_number', type: 'string', nullable: true },
    bookingStatus: { column: 'booking.status', type: 'string' },
    agencyId: { column: 'booking.id_organization', type: 'number', nullable: true },
    id_booker_card: { column: 'booking.id_booker_card', type: 'number', nullable: true },
    createdAt: { column: 'booking.created_at', type: 'date' },
    total: { column: 'booking.total_cents', type: 'number' },
  },
  selectable: contractFields(ZProcess),
};

export const findProcessRow = (db: Database, id: number, agencyId: number | null) =>
  processListBase(db)
    .where('booking.id', '=', id)
    .$if(agencyId !== null, (query) => query.where('booking.id_organization', '=', agencyId))
    .executeTakeFirst();
