import {
  createNotification,
  createTopic,
  sendOrSchedule,
} from '../features/push-notifications/push-notifications.service.ts';
import type { DbContext } from '../types.ts';
import { findSeatedCoach } from './demo-push-notifications.repository.ts';

/** The demo's topics travellers can follow. */
export const DEMO_TOPICS = ['Wanderreisen', 'Gruppenreisen', 'Neuigkeiten aus dem Reisebüro'] as const;

/**
 * Push notifications of the demo (issue #16): three topics, a message sent to every traveller, and a draft to
 * the coach the demo traveller rides in (the first coach with seated travellers).
 */
export async function seedDemoPushNotifications(ctx: DbContext): Promise<void> {
  const topics = [];
  for (const title of DEMO_TOPICS) topics.push(await createTopic(ctx, { title }));
  const welcome = await createNotification(ctx, null, {
    title: 'Willkommen in Ihrer Reise-App',
    short: 'Ihre Reiseunterlagen, der Bus-Standort und Nachrichten vom Reisebüro – alles an einem Ort.',
    message:
      'Schön, dass Sie dabei sind! In der App finden Sie Ihre Buchungen, den Kofferpacker, das Reisetagebuch und ' +
      'sehen am Reisetag, wo Ihr Bus gerade ist. Folgen Sie unseren Themen, um keine Angebote zu verpassen.',
    link: '/appuser/aktJourneys',
    id_topics: topics[2]!.id,
    receiver_group: 'all',
  });
  await sendOrSchedule(ctx, welcome.id, undefined);
  const coach = await findSeatedCoach(ctx.db);
  if (coach)
    await createNotification(ctx, null, {
      title: 'Abfahrt morgen um 7:00 Uhr',
      short: 'Bitte seien Sie 15 Minuten vor der Abfahrt an Ihrer Zustiegsstelle.',
      message: 'Ihr Busfahrer erwartet Sie. Denken Sie an Ihren Personalausweis und Ihre Reiseunterlagen.',
      receiver_group: 'bus',
      receiver_ids: [coach.id_transport],
    });
}
