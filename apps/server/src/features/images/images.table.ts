import type { Generated } from 'kysely';

export type ImageLibraryType = 'personal' | 'shared' | 'library' | 'trip';
export type ImageLicenceState = 'none' | 'processing' | 'standard' | 'error';
export type ImageHistoryAction =
  'uploaded' | 'updated' | 'used' | 'licensed' | 'licence_failed' | 'trashed' | 'restored' | 'deleted';

/** A folder of the image database (spec §3 library: id_img_library, name, user_id, type). */
export type ImgLibraryTable = {
  id_img_library: Generated<number>;
  name: string;
  type: ImageLibraryType;
  user_id: number | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** An image in a library: a stored file (its bytes and sizes) with what the image database knows about it. */
export type ImgLibraryItemTable = {
  id_img_library_item: Generated<number>;
  id_img_library: number;
  id_stored_file: number;
  content_hash: string;
  name: string;
  original_name: string;
  description: string | null;
  copyright: string | null;
  width: number;
  height: number;
  licence_state: Generated<ImageLicenceState>;
  stock_id: string | null;
  deleted_at: string | Date | null;
  deleted_by: number | null;
  created_by: number | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** Who uploaded, used, licensed, trashed, restored or deleted which image, when. */
export type ImgHistoryTable = {
  id: Generated<number>;
  id_img_library_item: number | null;
  item_name: string;
  action: ImageHistoryAction;
  detail: string | null;
  user_id: number | null;
  created_at: Generated<string | Date>;
};
