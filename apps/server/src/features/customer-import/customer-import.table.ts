import type { Generated } from 'kysely';

/** Which customer card a record of ratio or Kuschick became, and the record's fingerprint as last imported. */
export type CustomerImportLinkTable = {
  id: Generated<number>;
  source: 'ratio' | 'kuschick';
  /** the record's number in that system: the ratio kennziffer or the Kuschick kundennr */
  remote_id: string;
  id_vc_card: number;
  /** sha-256 (hex) of the record as last imported */
  fingerprint: string;
  imported_at: string | Date;
};

/** One run of the scheduled import of changed customers (docs/adr/0031). */
export type CustomerImportRunTable = {
  id: Generated<number>;
  source: 'ratio' | 'kuschick';
  started_at: string | Date;
  finished_at: string | Date;
  window_from: string | Date;
  fetched: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  error: string | null;
};
