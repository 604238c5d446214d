import type { Generated } from 'kysely';
import type { TaskStatus } from '@tourdesk/contracts';

/** A card of the task board (docs/adr/0028): its column and its place in it (0 = top). */
export type TaskTable = {
  id: Generated<number>;
  title: string;
  description: string | null;
  status: TaskStatus;
  position: number;
  id_assignee: number | null;
  id_booking: number | null;
  created_by: number | null;
  /** normalised text `lit-search` looks in */
  search_text: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
