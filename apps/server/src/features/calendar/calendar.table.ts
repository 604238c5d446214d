import type { Generated } from 'kysely';

/** A calendar (docs/adr/0027): personal with `id_owner`, shared without. */
export type CalendarTable = {
  id: Generated<number>;
  name: string;
  color: string;
  id_owner: number | null;
  /** the owner's id on the personal calendar made for them on first use */
  default_for: number | null;
  created_at: Generated<string | Date>;
};

export type CalendarEventTable = {
  id: Generated<number>;
  id_calendar: number;
  title: string;
  description: string | null;
  location: string | null;
  all_day: number | boolean;
  /** instants; an all-day event spans Berlin midnight of its first day to Berlin midnight after its last */
  starts_at: string | Date;
  ends_at: string | Date;
  reminder_minutes: number | null;
  /** when the reminder is due; null when there is none or it has rung */
  remind_at: string | Date | null;
  created_by: number | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** A user's iCal feed: only the SHA-256 of the secret in the address is kept. */
export type CalendarFeedTable = {
  id_user: number;
  token_hash: string;
  created_at: Generated<string | Date>;
};
