import { z } from 'zod';

/**
 * Data import (issue #18 item 3, docs/adr/0032): customer cards from a CSV or Excel file. The customer fields a
 * file column can fill; `newsletter` (yes/ja/1/x) also subscribes the customer's address to the newsletter.
 */
export const DATA_IMPORT_FIELDS = [
  'salutation',
  'title',
  'firstName',
  'lastName',
  'street',
  'zip',
  'city',
  'country',
  'email',
  'phone',
  'mobile',
  'birthday',
  'ratio_id',
  'kuschick_id',
  'newsletter',
] as const;
export type DataImportField = (typeof DATA_IMPORT_FIELDS)[number];

/** What happens to a row that matches an existing customer: its empty and changed fields are filled in, or it is skipped. */
export const DATA_IMPORT_EXISTING = ['update', 'skip'] as const;

const column = z
  .number({ error: 'error.invalid' })
  .int('error.invalid')
  .min(0, 'error.invalid')
  .max(999, 'error.invalid');

/** Import field → index of the file column (0-based); a field left out is not imported. */
export const ZDataImportMapping = z
  .partialRecord(z.enum(DATA_IMPORT_FIELDS, { error: 'error.invalid' }), column.nullable())
  .refine((mapping) => typeof mapping.lastName === 'number', { message: 'error.empty', path: ['lastName'] })
  .refine((mapping) => typeof mapping.firstName === 'number', { message: 'error.empty', path: ['firstName'] });
export type DataImportMapping = z.infer<typeof ZDataImportMapping>;

/** A named source (e.g. "Messe 2026", "Altsystem") with its saved column mapping, offered again next time. */
export const ZDataImportSource = z.object({
  id: z.number().int(),
  name: z.string(),
  mapping: z.partialRecord(z.enum(DATA_IMPORT_FIELDS), z.number().int().nullable()),
  existing: z.enum(DATA_IMPORT_EXISTING),
  updatedAt: z.string(),
});
export type DataImportSource = z.infer<typeof ZDataImportSource>;

/** POST /system/import (multipart: `file`, optional `sourceId`): the parsed file, a mapping, the first rows. */
export const ZDataImportUploadFields = z.object({
  sourceId: z.coerce.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid').optional(),
});
export const ZDataImportUpload = z.object({
  id: z.number().int(),
  fileName: z.string(),
  columns: z.array(z.string()),
  rows: z.number().int(),
  sample: z.array(z.array(z.string())),
  /** the source's saved mapping, or one guessed from the column names */
  mapping: z.partialRecord(z.enum(DATA_IMPORT_FIELDS), z.number().int().nullable()),
  sourceId: z.number().int().nullable(),
});
export type DataImportUpload = z.infer<typeof ZDataImportUpload>;

/**
 * Why a row is skipped (message keys under `dataImport.reason.`): a field that is not valid
 * (`invalid.<field>`), a second occurrence in the file, an existing customer (with "skip existing"), or a row that
 * matches two different customers.
 */
export const ZDataImportReason = z.string();

export const DATA_IMPORT_ROW_STATES = ['new', 'update', 'skip'] as const;

/** POST /system/import/{id}/preview: the first rows under a mapping, each with its state, and the counts of all. */
export const ZDataImportPreviewBody = z.object({
  mapping: ZDataImportMapping,
  existing: z.enum(DATA_IMPORT_EXISTING, { error: 'error.invalid' }).default('update'),
});
export const ZDataImportPreview = z.object({
  rows: z.array(
    z.object({
      row: z.number().int(),
      values: z.partialRecord(z.enum(DATA_IMPORT_FIELDS), z.string()),
      state: z.enum(DATA_IMPORT_ROW_STATES),
      reason: z.string().nullable(),
      /** the existing customer the row matches */
      matchId: z.number().int().nullable(),
    }),
  ),
  counts: z.object({ new: z.number().int(), update: z.number().int(), skip: z.number().int() }),
});
export type DataImportPreview = z.infer<typeof ZDataImportPreview>;

/** POST /system/import/{id}/start: the mapping, what to do with existing customers, and the source to save it as. */
export const ZDataImportStartBody = ZDataImportPreviewBody.extend({
  sourceName: z
    .string({ error: 'error.invalid' })
    .trim()
    .max(100, 'error.tooLong')
    .optional()
    .transform((value) => value || undefined),
});
export type DataImportStartBody = z.infer<typeof ZDataImportStartBody>;

export const DATA_IMPORT_STATUSES = ['uploaded', 'running', 'done', 'failed', 'undone'] as const;

/** An import job: its progress (the screen polls it while it runs) and its outcome. */
export const ZDataImportJob = z.object({
  id: z.number().int(),
  fileName: z.string(),
  sourceName: z.string().nullable(),
  status: z.enum(DATA_IMPORT_STATUSES),
  processed: z.number().int(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** message key of a failed run */
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  /** cards the undo left in place (booked since), with the reason */
  undoKept: z.number().int(),
});
export type DataImportJob = z.infer<typeof ZDataImportJob>;

/** GET /system/import/{id}/report: the rows of the report, created, updated and skipped, with their reason. */
export const ZDataImportReportQuery = z.object({
  outcome: z.enum(['created', 'updated', 'skipped', 'kept'], { error: 'error.invalidQuery' }).optional(),
  $skip: z.coerce.number({ error: 'error.invalidQuery' }).int().min(0, 'error.invalidQuery').default(0),
  $limit: z.coerce
    .number({ error: 'error.invalidQuery' })
    .int()
    .min(1, 'error.invalidQuery')
    .max(500, 'error.invalidQuery')
    .default(50),
});
export const ZDataImportReportRow = z.object({
  row: z.number().int(),
  outcome: z.enum(['created', 'updated', 'skipped', 'kept']),
  reason: z.string().nullable(),
  id_vc_card: z.number().int().nullable(),
});
export type DataImportReportRow = z.infer<typeof ZDataImportReportRow>;
export const ZDataImportReport = z.object({ total: z.number().int(), data: z.array(ZDataImportReportRow) });
export type DataImportReport = z.infer<typeof ZDataImportReport>;

/** POST /system/import/{id}/undo: what the undo did; cards booked since stay and are listed as `kept`. */
export const ZDataImportUndo = z.object({
  removed: z.number().int(),
  restored: z.number().int(),
  kept: z.array(z.object({ id_vc_card: z.number().int(), row: z.number().int(), reason: z.string() })),
});
export type DataImportUndo = z.infer<typeof ZDataImportUndo>;
