import type { Generated } from 'kysely';

/** The latest position of a coach (one row per transport), its recent track and how many stops it passed. */
export type TransportPositionTable = {
  id_transport: number;
  lat: number;
  lon: number;
  /** metres */
  accuracy: number;
  /** metres per second */
  speed: number | null;
  heading: number | null;
  recorded_at: string | Date;
  received_at: Generated<string | Date>;
  /** stops of the coach passed, in order (only ever grows) */
  passed: Generated<number>;
  /** JSON `[lat, lon][]`, oldest first, at most TRACK_POINTS */
  track: Generated<string>;
};
