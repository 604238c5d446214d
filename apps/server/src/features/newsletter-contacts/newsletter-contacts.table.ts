import type { Generated } from 'kysely';

/** A contact import (migration 2026_11_28_0100_create_newsletter_import): the parsed file and its progress. */
export type NewsletterImportStatus = 'uploaded' | 'running' | 'done';

export type NewsletterImportTable = {
  id: Generated<number>;
  file_name: string;
  created_by: number | null;
  /** JSON array of the header row */
  columns: string;
  /** JSON array of the data rows, each an array of strings */
  rows: string;
  total: number;
  /** JSON object import field → column index, set when the import starts */
  mapping: string | null;
  id_list: number | null;
  status: Generated<NewsletterImportStatus>;
  position: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  /** JSON array of `{ row, email, reason }` */
  skipped_rows: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
