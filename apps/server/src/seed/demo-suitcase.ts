import type { CreateTravelbagTemplateBody } from '@tourdesk/contracts';
import { createTemplate } from '../features/suitcase/suitcase.service.ts';
import { linkTraveller, travellerTrips } from '../features/traveller-trips/traveller-trips.service.ts';
import type { DbContext } from '../types.ts';
import { countTemplates, findFirstFirmBooking, findUserIdByEmail } from './demo-suitcase.repository.ts';

/** The demo's travel-bag templates: what a coach traveller from the Allgäu packs. */
export const DEMO_TRAVELBAG_TEMPLATES: CreateTravelbagTemplateBody[] = [
  {
    short: 'Busreise Sommer',
    items: [
      { text: 'Personalausweis oder Reisepass', category: 'documents', quantity: 1 },
      { text: 'Reiseunterlagen und Buchungsbestätigung', category: 'documents', quantity: 1 },
      { text: 'Krankenversichertenkarte', category: 'documents', quantity: 1 },
      { text: 'T-Shirts', category: 'clothes', quantity: 5 },
      { text: 'Leichte Hose', category: 'clothes', quantity: 2 },
      { text: 'Strickjacke für den klimatisierten Bus', category: 'clothes', quantity: 1 },
      { text: 'Bequeme Schuhe', category: 'clothes', quantity: 1 },
      { text: 'Badesachen', category: 'clothes', quantity: 1 },
      { text: 'Sonnenhut', category: 'clothes', quantity: 1 },
      { text: 'Zahnbürste und Zahnpasta', category: 'toiletries', quantity: 1 },
      { text: 'Sonnencreme', category: 'toiletries', quantity: 1 },
      { text: 'Duschgel und Shampoo', category: 'toiletries', quantity: 1 },
      { text: 'Persönliche Medikamente', category: 'medicine', quantity: 1 },
      { text: 'Reisetabletten', category: 'medicine', quantity: 1 },
      { text: 'Pflaster', category: 'medicine', quantity: 1 },
      { text: 'Mobiltelefon und Ladekabel', category: 'electronics', quantity: 1 },
      { text: 'Kopfhörer', category: 'electronics', quantity: 1 },
      { text: 'Sonnenbrille', category: 'other', quantity: 1 },
      { text: 'Nackenkissen', category: 'other', quantity: 1 },
    ],
  },
  {
    short: 'Städtereise Winter',
    items: [
      { text: 'Personalausweis', category: 'documents', quantity: 1 },
      { text: 'Reiseunterlagen', category: 'documents', quantity: 1 },
      { text: 'Warme Jacke', category: 'clothes', quantity: 1 },
      { text: 'Mütze, Schal und Handschuhe', category: 'clothes', quantity: 1 },
      { text: 'Pullover', category: 'clothes', quantity: 3 },
      { text: 'Winterfeste Schuhe', category: 'clothes', quantity: 1 },
      { text: 'Zahnbürste und Zahnpasta', category: 'toiletries', quantity: 1 },
      { text: 'Lippenpflege', category: 'toiletries', quantity: 1 },
      { text: 'Persönliche Medikamente', category: 'medicine', quantity: 1 },
      { text: 'Mobiltelefon und Ladekabel', category: 'electronics', quantity: 1 },
      { text: 'Stadtplan und Reiseführer', category: 'other', quantity: 1 },
      { text: 'Regenschirm', category: 'other', quantity: 1 },
    ],
  },
  {
    short: 'Wanderreise in den Alpen',
    items: [
      { text: 'Personalausweis', category: 'documents', quantity: 1 },
      { text: 'Alpenvereinsausweis', category: 'documents', quantity: 1 },
      { text: 'Wanderschuhe', category: 'clothes', quantity: 1 },
      { text: 'Regenjacke', category: 'clothes', quantity: 1 },
      { text: 'Funktionsshirts', category: 'clothes', quantity: 4 },
      { text: 'Wandersocken', category: 'clothes', quantity: 4 },
      { text: 'Sonnencreme', category: 'toiletries', quantity: 1 },
      { text: 'Blasenpflaster', category: 'medicine', quantity: 1 },
      { text: 'Persönliche Medikamente', category: 'medicine', quantity: 1 },
      { text: 'Stirnlampe', category: 'electronics', quantity: 1 },
      { text: 'Trinkflasche', category: 'other', quantity: 1 },
      { text: 'Tagesrucksack', category: 'other', quantity: 1 },
      { text: 'Wanderstöcke', category: 'other', quantity: 1 },
    ],
  },
];

/**
 * The suitcase demo: the travel-bag templates, and (unless the demo traveller already sees a journey) a link of
 * the demo traveller to the first firm booking of the soonest departure, so the app has a journey to pack for.
 * Runs once: with templates in the database it does nothing.
 */
export async function seedDemoSuitcase(ctx: DbContext): Promise<void> {
  if ((await countTemplates(ctx.db)) > 0) return;
  for (const template of DEMO_TRAVELBAG_TEMPLATES) await createTemplate(ctx, template);
  const userId = await findUserIdByEmail(ctx.db, 'traveller@example.com');
  const bookingId = await findFirstFirmBooking(ctx.db);
  if (userId === undefined || bookingId === undefined) return;
  if ((await travellerTrips(ctx, userId)).length > 0) return;
  await linkTraveller(ctx, { userId, bookingId, relation: 'booker', status: 'confirmed' });
}
