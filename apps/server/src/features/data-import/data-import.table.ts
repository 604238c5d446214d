import type { Generated } from 'kysely';

/** Migration 2026_12_02_0400_create_data_import (docs/adr/0032). */
export type DataImportStatus = 'uploaded' | 'running' | 'done' | 'failed' | 'undone';
export type DataImportOutcome = 'created' | 'updated' | 'skipped' | 'kept';

export type DataImportSourceTable = {
  id: Generated<number>;
  name: string;
  /** JSON object import field → column index */
  mapping: string;
  existing: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

export type DataImportTable = {
  id: Generated<number>;
  file_name: string;
  id_source: number | null;
  created_by: number | null;
  /** JSON array of the header row */
  columns: string;
  total: number;
  mapping: string | null;
  existing: Generated<string>;
  status: Generated<DataImportStatus>;
  processed: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  undo_kept: Generated<number>;
  error: string | null;
  locked_until: string | Date | null;
  finished_at: string | Date | null;
  undone_at: string | Date | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

export type DataImportChunkTable = {
  id_import: number;
  position: number;
  /** JSON array of rows, each an array of strings */
  rows: string;
};

export type DataImportItemTable = {
  id: Generated<number>;
  id_import: number;
  row: number;
  outcome: DataImportOutcome;
  reason: string | null;
  id_vc_card: number | null;
  /** JSON of the customer's fields before the import (updated rows) */
  before: string | null;
};
