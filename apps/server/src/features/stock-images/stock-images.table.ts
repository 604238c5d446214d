import type { Generated } from 'kysely';

export type StockLicenceState = 'processing' | 'standard' | 'error';

/** One Adobe Stock licence of the operator (migration 2026_11_29_0300_create_stock_licence). */
export type StockLicenceTable = {
  id: Generated<number>;
  stock_id: string;
  state: StockLicenceState;
  adobe_state: string | null;
  title: string;
  thumbnail_url: string | null;
  media_type_id: number | null;
  credits_used: Generated<number>;
  quota_after: number | null;
  id_img_library_item: number | null;
  licensed_at: string | Date | null;
  requested_by: number | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
