import type { Generated } from 'kysely';

/** An image of the newsletter templates' folder (migration 2026_11_28_0200); the bytes are a stored file. */
export type NewsletterTemplateImageTable = {
  id: Generated<number>;
  id_stored_file: number;
  name: string;
  /** DIN 5007 key of `name`; unique */
  name_key: string;
  created_by: number | null;
  created_at: Generated<string | Date>;
};
