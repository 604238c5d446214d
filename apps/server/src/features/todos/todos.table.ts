import type { Generated } from 'kysely';

/** A to-do of the office (docs/adr/0028). */
export type TodoTable = {
  id: Generated<number>;
  title: string;
  notes: string | null;
  /** `YYYY-MM-DD` */
  due_date: string | Date | null;
  /** `HH:mm`, Europe/Berlin */
  due_time: string | null;
  /** the due date and time as a UTC instant (start of the day in Berlin without a time) */
  due_at: string | Date | null;
  /** the `due_at` the assignee's bell has rung for */
  due_rung_at: string | Date | null;
  id_assignee: number | null;
  created_by: number | null;
  done: Generated<number | boolean>;
  done_at: string | Date | null;
  id_vc_card: number | null;
  id_booking: number | null;
  /** normalised text `lit-search` looks in */
  search_text: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
