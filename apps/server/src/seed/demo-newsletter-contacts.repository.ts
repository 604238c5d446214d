import type { Database } from '../db/database.ts';

/** SQL of the demo newsletter contacts (seed/demo-newsletter-contacts.ts). */

/** Every demo customer with an e-mail row: card, names, address, whether a regular customer. */
export const findCustomersWithEmail = (db: Database) =>
  db
    .selectFrom('vc_card')
    .innerJoin('vc_person', 'vc_person.id_vc_card', 'vc_card.id_vc_card')
    .innerJoin('vc_field', 'vc_field.id_vc_person', 'vc_person.id_vc_person')
    .select([
      'vc_card.id_vc_card',
      'vc_card.customer_type',
      'vc_person.first_name',
      'vc_person.surname',
      'vc_field.value as email',
    ])
    .where('vc_card.kind', '=', 'customer')
    .where('vc_field.id_vc_field_type', '=', 1)
    .where('vc_field.value', '!=', '')
    .orderBy('vc_card.id_vc_card')
    .orderBy('vc_field.position')
    .execute();

export const findUserId = async (db: Database, email: string) =>
  (await db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirst())?.id ?? null;

export const hasNewsletterLists = async (db: Database) =>
  (await db.selectFrom('newsletter_list').select('id').limit(1).executeTakeFirst()) !== undefined;
