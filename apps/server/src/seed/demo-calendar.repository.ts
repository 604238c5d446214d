import type { Database } from '../db/database.ts';

/** The id of a demo login by its e-mail (the demo calendar's events belong to it). */
export const findDemoUserId = async (db: Database, email: string) =>
  (await db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirst())?.id;
