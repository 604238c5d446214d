import { berlinDate } from '@tourdesk/contracts';
import type { TaskStatus } from '@tourdesk/contracts';
import { createTask } from '../features/tasks/tasks.service.ts';
import { createTodo } from '../features/todos/todos.service.ts';
import type { DbContext } from '../types.ts';
import { findSomeBookingIds, findSomeCustomerCards, findStaffIdsByEmail } from './demo-todos.repository.ts';

/** Demo data has no open streams to tell. */
const quiet = async () => {};

/** `YYYY-MM-DD`, `days` from today (UTC date; good enough for demo data). */
const inDays = (now: Date, days: number) => berlinDate(new Date(now.getTime() + days * 86_400_000));

/**
 * The office's to-dos and a task board with cards in all four columns (issue #17): a living `/time/todo` and
 * `/board` for the demo accounts. Jürgen Weiß (office) has his own to-dos, some given to him by Andrea Köhler
 * (admin), one overdue and one done.
 */
export async function seedDemoTodos(ctx: DbContext, now = new Date()): Promise<void> {
  const staff = await findStaffIdsByEmail(ctx.db, ['office@example.com', 'admin@example.com']);
  const office = staff.get('office@example.com');
  const admin = staff.get('admin@example.com');
  if (!office || !admin) return;
  const [first, second] = await findSomeCustomerCards(ctx.db, 2);
  const [booking, otherBooking] = await findSomeBookingIds(ctx.db, 2);

  const todos = [
    {
      by: office,
      body: {
        title: 'Rückruf wegen Zimmerwunsch (Doppelzimmer mit Seeblick)',
        notes: 'Kundin bittet um Rückruf am Vormittag.',
        dueDate: inDays(now, 0),
        dueTime: '10:30',
        id_vc_card: first?.id_vc_card ?? null,
      },
    },
    {
      by: admin,
      body: {
        title: 'Restzahlung anmahnen',
        notes: 'Zahlungserinnerung ist seit zwei Wochen raus, bitte telefonisch nachhaken.',
        dueDate: inDays(now, -2),
        assigneeId: office,
        id_booking: booking ?? null,
      },
    },
    {
      by: admin,
      body: {
        title: 'Hotelkontingent Gardasee für Juni bestätigen lassen',
        dueDate: inDays(now, 3),
        dueTime: '12:00',
        assigneeId: office,
      },
    },
    {
      by: office,
      body: {
        title: 'Busreinigung nach der Adventsfahrt beauftragen',
        dueDate: inDays(now, 7),
      },
    },
    {
      by: office,
      body: {
        title: 'Sitzplan für die Chorreise an Reiseleitung schicken',
        dueDate: inDays(now, 1),
        assigneeId: admin,
        id_booking: otherBooking ?? null,
      },
    },
    {
      by: office,
      body: {
        title: 'Ausweiskopie für Visum Türkei anfordern',
        id_vc_card: second?.id_vc_card ?? null,
        dueDate: inDays(now, -5),
        done: true,
      },
    },
  ];
  for (const { by, body } of todos) await createTodo(ctx, quiet, body, by);

  const tasks: Array<{ title: string; description?: string; status: TaskStatus; assigneeId?: number }> = [
    {
      title: 'Katalog Sommerreisen 2027: Texte sammeln',
      description: 'Reiseleitungen um Tagesprogramme bitten.',
      status: 'TODO',
      assigneeId: office,
    },
    { title: 'Angebot Vereinsausflug Sportverein Immenstadt', status: 'TODO' },
    { title: 'Fahrerplanung Dezember', status: 'TODO', assigneeId: admin },
    {
      title: 'Neue Zustiege Kempten und Memmingen anlegen',
      description: 'Haltestellen mit Uhrzeiten von der Disposition.',
      status: 'INPROGRESS',
      assigneeId: office,
    },
    { title: 'Preise Tagesfahrten 2027 kalkulieren', status: 'INPROGRESS', assigneeId: admin },
    {
      title: 'Buchungsbestätigung: neues Layout prüfen',
      description: 'Probedruck liegt bei Frau Köhler.',
      status: 'TESTING',
    },
    { title: 'Newsletter Adventsmärkte', status: 'DONE', assigneeId: office },
    { title: 'Versicherungsbedingungen auf der Website aktualisiert', status: 'DONE' },
  ];
  for (const task of tasks) await createTask(ctx, quiet, task, admin);
}
