import type { Generated } from 'kysely';

/** A destination (spec §3): name, status, SEO content, picture, countries. */
export type JrnDestinationTable = {
  id_jrn_destination: Generated<number>;
  name: string;
  active: Generated<number | boolean>;
  seo_title: string | null;
  seo_description: string | null;
  /** sanitised rich text */
  seo_text: string | null;
  id_picture: number | null;
  /** JSON array of loc_country ids */
  countries: Generated<string>;
  sort_name: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
