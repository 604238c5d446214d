import type { Generated } from 'kysely';

/** A reusable coach layout (DOMAIN.md "seat plan"); `layout` is the JSON of contracts' `SeatLayout`. */
export type SeatPlanTable = {
  id: Generated<number>;
  name: string;
  description: string | null;
  layout: string;
  /** sellable seats of `layout` (isSeat and not blocked) */
  seat_count: Generated<number>;
  active: Generated<number | boolean>;
  sort_name: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
