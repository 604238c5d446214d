import type { AuthUser, DbContext } from '../types.ts';
import { createConsumption, createMenuItem } from '../features/travel-menu/travel-menu.service.ts';
import type { CreateTravelMenuItemBody } from '@tourdesk/contracts';
import { findAllJourneyIds, findConsumptionCandidates, findUserIdByEmail } from './demo-travel-menu.repository.ts';

/** A German coach operator's on-board menu: drinks at 19 %, food at 7 % (sold to take away). */
export const DEMO_MENU: ReadonlyArray<Omit<CreateTravelMenuItemBody, 'journeyId'>> = [
  { name: 'Kaffee', description: 'frisch gebrüht, mit Milch und Zucker', category: 'drinks', price: 2.2, vatRate: 19 },
  { name: 'Tee', description: 'Schwarztee, Pfefferminze oder Kamille', category: 'drinks', price: 1.8, vatRate: 19 },
  { name: 'Mineralwasser 0,5 l', description: 'still oder mit Kohlensäure', category: 'drinks', price: 2, vatRate: 19 },
  { name: 'Apfelschorle 0,5 l', category: 'drinks', price: 2.5, vatRate: 19 },
  { name: 'Cola 0,33 l', category: 'drinks', price: 2.5, vatRate: 19 },
  { name: 'Pils 0,33 l', description: 'aus einer Allgäuer Brauerei', category: 'drinks', price: 3, vatRate: 19 },
  { name: 'Piccolo Sekt 0,2 l', category: 'drinks', price: 4.5, vatRate: 19, available: false },
  { name: 'Laugenbrezel', category: 'snacks', price: 1.5, vatRate: 7 },
  { name: 'Schokoriegel', category: 'snacks', price: 1.2, vatRate: 7 },
  { name: 'Gummibärchen', description: 'Tüte 100 g', category: 'snacks', price: 1.5, vatRate: 7 },
  {
    name: 'Wiener Würstchen mit Brötchen',
    description: 'ein Paar, mit Senf',
    category: 'hotMeals',
    price: 4.5,
    vatRate: 7,
  },
  { name: 'Gulaschsuppe', description: 'mit Brot', category: 'hotMeals', price: 5.2, vatRate: 7 },
];

/**
 * The demo's travel menus (issue #13 item 5): the same menu on every demo journey, and a few consumption lines on
 * one booking — the demo traveller's, when their account is linked to one, else one on the demo driver's coach.
 */
export async function seedDemoTravelMenu(ctx: DbContext): Promise<void> {
  const journeyIds = await findAllJourneyIds(ctx.db);
  const menus = new Map<number, Map<string, number>>();
  for (const journeyId of journeyIds) {
    const items = new Map<string, number>();
    for (const [position, item] of DEMO_MENU.entries()) {
      const created = await createMenuItem(ctx, { ...item, journeyId, position });
      items.set(created.name, created.id);
    }
    menus.set(journeyId, items);
  }

  const office = await findUserIdByEmail(ctx.db, 'office@example.com');
  if (!office) return;
  const traveller = await findUserIdByEmail(ctx.db, 'traveller@example.com');
  const driver = await findUserIdByEmail(ctx.db, 'driver@example.com');
  const candidates = await findConsumptionCandidates(ctx.db, traveller?.id ?? null, driver?.id_vc_card ?? null);
  const first = candidates[0];
  if (!first) return;
  // Staff book the demo lines (a driver may only book on the coach they drive).
  const actor: AuthUser = {
    id: office.id,
    kind: 'staff',
    email: 'office@example.com',
    admin: true,
    role: 'office',
    access: {},
    agencyId: null,
  };
  const participants = candidates.filter((row) => row.bookingId === first.bookingId).slice(0, 2);
  const orders: Array<Array<[string, number]>> = [
    [
      ['Kaffee', 2],
      ['Laugenbrezel', 1],
    ],
    [
      ['Mineralwasser 0,5 l', 1],
      ['Wiener Würstchen mit Brötchen', 1],
      ['Pils 0,33 l', 2],
    ],
  ];
  for (const [index, participant] of participants.entries()) {
    const itemIds = menus.get(participant.journeyId);
    if (!itemIds) return;
    await createConsumption(ctx, actor, {
      transportId: participant.transportId,
      participantId: participant.participantId,
      items: orders[index]!.map(([name, quantity]) => ({ itemId: itemIds.get(name)!, quantity })),
    });
  }
}
