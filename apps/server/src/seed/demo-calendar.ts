import { berlinDate, berlinLocalToInstant, plusDays, type CreateCalendarEventBody } from '@tourdesk/contracts';
import { resolveAuthUser } from '../features/auth/auth.service.ts';
import { createCalendar, createEvent, listCalendars } from '../features/calendar/calendar.service.ts';
import type { DbContext } from '../types.ts';
import { findDemoUserId } from './demo-calendar.repository.ts';

const quiet = async () => {};

type DemoEvent = Omit<CreateCalendarEventBody, 'calendarId' | 'start' | 'end' | 'allDay'> & {
  /** days from today */
  day: number;
  /** Berlin times `HH:mm`, or none for an all-day event */
  from?: string;
  till?: string;
  days?: number;
};

const SHARED: DemoEvent[] = [
  { day: 0, from: '08:30', till: '09:00', title: 'Morgenrunde Büro', location: 'Besprechungsraum' },
  { day: 1, from: '14:00', till: '15:30', title: 'Katalogplanung Sommer', description: 'Neue Ziele: Masuren, Istrien' },
  { day: 3, title: 'Messe ITB-Nachbereitung', days: 1 },
  {
    day: 7,
    from: '10:00',
    till: '11:00',
    title: 'Busabnahme TÜV',
    location: 'Betriebshof Radebeul',
    reminderMinutes: 60,
  },
  { day: -2, from: '16:00', till: '17:00', title: 'Teamrunde Reiseleitung' },
];

const PERSONAL: DemoEvent[] = [
  { day: 0, from: '11:00', till: '11:30', title: 'Rückruf Hotel Bella Riva', reminderMinutes: 15 },
  { day: 2, from: '09:30', till: '10:00', title: 'Angebot Vereinsfahrt Chor Meißen', location: 'Telefon' },
  { day: 5, title: 'Urlaub', days: 2 },
];

const bodyOf = (calendarId: number, today: string, event: DemoEvent): CreateCalendarEventBody => {
  const { day, from, till, days, ...rest } = event;
  const date = plusDays(today, day);
  if (!from || !till) return { ...rest, calendarId, allDay: true, start: date, end: plusDays(date, days ?? 0) };
  return {
    ...rest,
    calendarId,
    allDay: false,
    start: berlinLocalToInstant(`${date}T${from}`).toISOString(),
    end: berlinLocalToInstant(`${date}T${till}`).toISOString(),
  };
};

/**
 * The calendar of the demo (issue #17): the shared calendar „Büro“ with the week's appointments and personal
 * events of the demo office clerk, around today. Departures and option deadlines appear by themselves.
 */
export async function seedDemoCalendar(ctx: DbContext): Promise<void> {
  const officeId = await findDemoUserId(ctx.db, 'office@example.com');
  if (officeId === undefined) return;
  const office = await resolveAuthUser(ctx, officeId, Date.now());
  if (office instanceof Error) return;
  const today = berlinDate(new Date());
  const buero = await createCalendar(ctx, quiet, office, { name: 'Büro', color: '#2e7d32', shared: true });
  for (const event of SHARED) await createEvent(ctx, quiet, office, bodyOf(buero.id, today, event));
  const personal = (await listCalendars(ctx, office)).find((calendar) => calendar.isDefault)!;
  for (const event of PERSONAL) await createEvent(ctx, quiet, office, bodyOf(personal.id, today, event));
}
