import { inTransaction } from '../db/transaction.ts';
import { sendNotification } from '../features/push/push.service.ts';
import type { DbContext } from '../types.ts';
import { findAnyTopic, insertDemoMessage, insertTopics } from './demo-push.repository.ts';

/** Topics travellers can follow in the app (issue #16). */
export const DEMO_TOPICS = ['Wanderreisen', 'Städtereisen', 'Flusskreuzfahrten'];

/** The DIN 5007 form the lists sort by (lower case, umlauts as their base letter). */
const sortName = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');

/**
 * Push notifications' demo data (issue #16, docs/adr/0023): three topics and one message to every traveller, sent
 * (so the demo traveller's inbox has an unread message and the bell a count).
 */
export async function seedDemoPush(ctx: DbContext, now = new Date()): Promise<void> {
  if (await findAnyTopic(ctx.db)) return;
  await insertTopics(
    ctx.db,
    DEMO_TOPICS.map((title) => ({ title, sort_name: sortName(title) })),
  );
  const at = now.toISOString();
  await inTransaction(ctx, async (trx) => {
    const row = await insertDemoMessage(trx.db, {
      title: 'Willkommen in Ihrer Reise-App',
      short: 'Hier finden Sie Ihre Reisen, Ihre Unterlagen und Nachrichten von uns.',
      message:
        'Liebe Reisende,\n\nin dieser App finden Sie Ihre gebuchten Reisen, Ihre Reiseunterlagen und aktuelle Nachrichten Ihres Reiseveranstalters und Ihres Busfahrers.\n\nGute Reise!',
      link: '/appuser/aktJourneys',
      at,
    });
    await sendNotification(trx.db, row.id_pushnotifications, { group: 'all', ids: [], topicId: null }, at);
  });
}
