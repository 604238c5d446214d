import type { Database } from '../db/database.ts';

/** The SQL of the chat's demo data (seed/demo-chat.ts). */

export const findUserIdsByEmail = async (db: Database, emails: readonly string[]) =>
  new Map(
    (await db.selectFrom('user_account').select(['id', 'email']).where('email', 'in', emails).execute()).map((row) => [
      row.email,
      row.id,
    ]),
  );

export const hasChatMessages = async (db: Database) =>
  (await db.selectFrom('chat_message').select('id').limit(1).executeTakeFirst()) !== undefined;

/** Dates a message back (the demo's conversation happened over the last hours). */
export const backdateMessage = (db: Database, id: number, at: string) =>
  db.updateTable('chat_message').set({ created_at: at }).where('id', '=', id).execute();
