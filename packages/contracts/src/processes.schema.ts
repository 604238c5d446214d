import { z } from 'zod';

/**
 * Processes (pc_process, spec §3/§7, issue #11): the commercial view of the bookings — the same rows, not a
 * second store. `id_pc_process` is the booking number; `status` is the app's process status '0'–'5'
 * (processStatusOf in bookings.schema.ts, docs/adr/0017).
 */
export const ZProcess = z.object({
  id_pc_process: z.number().int(),
  nr: z.number().int(),
  /** the latest invoice number, or null */
  invoice_id: z.string().nullable(),
  name: z.string(),
  vc_card_booker: z.object({ id_vc_card: z.number().int().nullable(), name: z.string().nullable() }),
  kuschick_id: z.string().nullable(),
  ratio_id: z.string().nullable(),
  vc_person: z.object({ vc_address: z.object({ external_id: z.string().nullable() }) }),
  status: z.string(),
  bookingStatus: z.string(),
  date_from: z.string(),
  total: z.number(),
  paid: z.number(),
  open: z.number(),
  createdAt: z.string(),
});
export type Process = z.infer<typeof ZProcess>;
