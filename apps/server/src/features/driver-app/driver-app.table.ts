import type { Generated } from 'kysely';

/** What the driver saw at the door: the traveller boarded, or did not turn up. */
export type CheckinStatus = 'boarded' | 'no_show';

/**
 * ★ Check-in of the driver app (docs/adr/0020): one row per coach and participant once the driver (or staff)
 * marked them; no row means still open.
 */
export type BoardingCheckinTable = {
  id_transport: number;
  id_participant: number;
  status: CheckinStatus;
  checked_by: number | null;
  checked_at: Generated<string | Date>;
};
