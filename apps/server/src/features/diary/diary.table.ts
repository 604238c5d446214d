import type { Generated } from 'kysely';

/** ★ A diary entry: one traveller's, for one booking and day; nobody else sees it. */
export type DiaryEntryTable = {
  id: Generated<number>;
  id_user: number;
  id_booking: number;
  /** YYYY-MM-DD */
  day: string | Date;
  title: string;
  text: string | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** A photo of a diary entry; the bytes are in the file store (original without metadata, thumb and web sizes). */
export type DiaryPhotoTable = {
  id: Generated<number>;
  id_diary_entry: number;
  storage_key: string;
  /** JSON `{ thumb: { key, … }, web: { key, … } }` */
  variants: Generated<string>;
  mime_type: string;
  size: number;
  width: number | null;
  height: number | null;
  created_at: Generated<string | Date>;
};
