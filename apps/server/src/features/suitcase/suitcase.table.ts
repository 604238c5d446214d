import type { Generated } from 'kysely';

/** A travel-bag template (spec §4): a named packing list staff prepare; `items` is JSON text. */
export type TravelbagTemplateTable = {
  id_travelbagtemplates: Generated<number>;
  short: string;
  /** DIN 5007 key of `short` */
  sort_short: Generated<string>;
  /** JSON array of TravelbagTemplateItem */
  items: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** A traveller's suitcase list for one booking; `version` goes up with each accepted sync. */
export type SuitcaseTable = {
  id_user: number;
  id_booking: number;
  version: number;
  /** JSON array of SuitcaseItem */
  items: string;
  updated_at: Generated<string | Date>;
};
