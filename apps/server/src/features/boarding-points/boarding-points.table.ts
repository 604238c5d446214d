import type { Generated } from 'kysely';

/** A boarding point (Zustieg, spec §3 "Boarding stop"): where travellers get on and off. */
export type ZusZustiegeTable = {
  id_zus_zustiege: Generated<number>;
  name: string;
  street: string | null;
  number: string | null;
  zip: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2 */
  country: Generated<string>;
  lat: number | null;
  lon: number | null;
  /** notes for drivers */
  notes: string | null;
  search_text: Generated<string>;
  sort_name: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** A stop group: a named, ordered list of boarding points that journeys reuse. */
export type ZusGruppenTable = {
  id_zus_gruppen: Generated<number>;
  name: string;
  sort_name: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

export type ZusGruppenMemberTable = {
  id_zus_gruppen: number;
  id_zus_zustiege: number;
  position: number;
};
