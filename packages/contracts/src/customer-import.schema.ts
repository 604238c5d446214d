import { z } from 'zod';
import { ZCustomer } from './customers.schema.ts';
import { KENNZIFFER_PATTERN } from './ratio-addresses.schema.ts';

/**
 * Customer import from ratio and Kuschick (spec §7 "Customer import", §9; docs/adr/0031). Tourdesk calls a
 * configured ratio or Kuschick server, maps the record onto a customer card (creating or updating, never
 * duplicating) and answers what it did — or `{}` when the import failed (spec: "empty object on error").
 */

const remoteNumber = (max: number) =>
  z.string().trim().min(1, 'error.empty').max(max, 'error.tooLong').regex(KENNZIFFER_PATTERN, 'error.invalid');

const flag = z
  .enum(['1', '0', 'true', 'false'], { error: 'error.invalidQuery' })
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** GET /ratio/import/kunden/{ratio_id}: the ratio kennziffer. */
export const ZRatioImportParams = z.object({ ratio_id: remoteNumber(20) });
/** force=1 writes the record even when it has not changed since its last import. */
export const ZRatioImportQuery = z.object({ force: flag });

/** GET /kuschick/import/kunden/{kuschick_id}?idaddress=…: the Kuschick customer number and the address's id. */
export const ZKuschickImportParams = z.object({ kuschick_id: remoteNumber(50) });
export const ZKuschickImportQuery = z.object({
  idaddress: z.preprocess(
    // The app sends the customer's external id as it is: nothing, '' or the text 'null'/'undefined' mean none.
    (value) => (value === '' || value === 'null' || value === 'undefined' ? undefined : value),
    remoteNumber(50).optional(),
  ),
  force: flag,
});

export const IMPORT_RESULTS = ['created', 'updated', 'unchanged'] as const;
export type ImportResult = (typeof IMPORT_RESULTS)[number];

/** What an import answers: what happened and the customer as it now is; `{}` when the import failed. */
export const ZCustomerImportAnswer = z.object({
  result: z.enum(IMPORT_RESULTS).optional(),
  source: z.enum(['ratio', 'kuschick']).optional(),
  remote_id: z.string().optional(),
  customer: ZCustomer.optional(),
});
export type CustomerImportAnswer = z.infer<typeof ZCustomerImportAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Wire formats of the outside systems (what Tourdesk reads; the fakes in apps/server/test speak them).

/**
 * ratio: `GET {RATIO_URL}/ratio/api/addresses/{kennziffer}` answers the address record itself — the fields of
 * `RATIO_ADDRESS_FIELDS` (the same record Tourdesk answers at that path, docs/adr/0015). The changed records:
 * `GET {RATIO_URL}/ratio/api/addresses/?getChangedSince={ISO}&limit={n}&offset={n}` answers
 * `{ status: 'ok', total, data: [record, …] }` (the envelope of spec §7's travelstops), oldest change first.
 * The records are checked field by field against the table when they are imported.
 */
export const ZRatioAddressPage = z.object({
  status: z.string().optional(),
  total: z.number().int().min(0),
  data: z.array(z.record(z.string(), z.unknown())),
});
export type RatioAddressPage = z.infer<typeof ZRatioAddressPage>;

const text = z.string().nullable().optional();

/**
 * Kuschick: one customer (`GET {KUSCHICK_URL}/api/kunden/{kundennr}?mandant={KUSCHICK}&idaddress={id}` answers
 * `{ kunde: … }`). Absent fields leave the card as it is, null clears. Fields Tourdesk does not know are ignored.
 */
export const ZKuschickKunde = z.object({
  kundennr: z.string().min(1),
  /** the id of the customer's address in Kuschick (Tourdesk's vc_address.external_id) */
  idaddress: text,
  anrede: text,
  titel: text,
  vorname: text,
  nachname: z.string().min(1),
  strasse: text,
  plz: text,
  ort: text,
  land: text,
  bundesland: text,
  telefon: text,
  telefon_geschaeftlich: text,
  mobil: text,
  fax: text,
  email: text,
  email_geschaeftlich: text,
  /** YYYY-MM-DD */
  geburtsdatum: text,
  stammkunde: z.boolean().nullable().optional(),
  /** ISO 8601: when the record last changed in Kuschick */
  geaendert_am: z.string().optional(),
});
export type KuschickKunde = z.infer<typeof ZKuschickKunde>;

export const ZKuschickKundeAnswer = z.object({ kunde: ZKuschickKunde });

/**
 * Kuschick's changed customers: `GET {KUSCHICK_URL}/api/kunden?mandant={KUSCHICK}&geaendert_seit={ISO}&seite={n}
 * &pro_seite={n}` answers `{ kunden: [kunde, …], seite, pro_seite, gesamt }` (pages from 1).
 */
export const ZKuschickKundenPage = z.object({
  kunden: z.array(z.unknown()),
  seite: z.number().int().min(1),
  pro_seite: z.number().int().min(1),
  gesamt: z.number().int().min(0),
});
export type KuschickKundenPage = z.infer<typeof ZKuschickKundenPage>;
