import type { Database } from '../db/database.ts';

/** The outbound coach of the latest seat assignment (the demo's coach with travellers on board). */
export const findSeatedCoach = (db: Database) =>
  db.selectFrom('seat_assignment').select('id_transport').orderBy('id_transport', 'desc').limit(1).executeTakeFirst();
