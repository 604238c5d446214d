import type { Generated } from 'kysely';

/** A stored file: the bytes live in the file store (data/files, or S3 when configured); this row describes them. */
export type StoredFileTable = {
  id: Generated<number>;
  storage_key: string;
  original_name: string;
  mime_type: string;
  size: number;
  width: number | null;
  height: number | null;
  /** JSON: the generated sizes, e.g. `{ "thumb": "<key>", "web": "<key>" }` */
  variants: Generated<string>;
  created_by: number | null;
  created_at: Generated<string | Date>;
};
