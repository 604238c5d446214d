import { inTransaction } from '../db/transaction.ts';
import {
  addCustomersToList,
  addSignedUpContacts,
  certifyList,
  createList,
} from '../features/newsletter-contacts/newsletter-contacts.service.ts';
import type { DbContext } from '../types.ts';
import {
  FIRST_NAMES_FEMALE,
  FIRST_NAMES_MALE,
  MAIL_DOMAINS,
  SURNAMES,
  mailName,
  pick,
  seededRandom,
} from './german-data.ts';
import { findCustomersWithEmail, findUserId, hasNewsletterLists } from './demo-newsletter-contacts.repository.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's newsletter contacts (issue #14): most demo customers as contacts linked to their cards (consent from
 * the customer card), the regular ones in the certified list `Stammkunden`; 60 website sign-ups, most confirmed by
 * double opt-in, a few still pending, in the uncertified list `Website-Interessenten`.
 */
export async function seedDemoNewsletterContacts(ctx: DbContext): Promise<void> {
  if (await hasNewsletterLists(ctx.db)) return;
  const random = seededRandom(1414);
  const admin = await findUserId(ctx.db, 'admin@example.com');
  const regulars = await createList(ctx, { name: 'Stammkunden' });
  const website = await createList(ctx, { name: 'Website-Interessenten' });
  if (admin !== null) {
    await certifyList(
      ctx,
      regulars.id,
      { consent: true, notThirdParty: true, unsubscribeLink: true, lawfulContent: true, guidelines: true },
      admin,
    );
  }
  const customers = (await findCustomersWithEmail(ctx.db)).filter(() => random() < 0.9);
  const since = new Date(Date.now() - 400 * DAY).toISOString();
  await inTransaction(ctx, async (trx) => {
    await addCustomersToList(
      trx,
      regulars.id,
      customers.filter((row) => row.customer_type === 'regular'),
      `customer card: Andrea Köhler, ${since}`,
    );
    await addCustomersToList(
      trx,
      null,
      customers.filter((row) => row.customer_type !== 'regular'),
      `customer card: Andrea Köhler, ${since}`,
    );
    const signUps = Array.from({ length: 60 }, (_, index) => {
      const female = random() < 0.5;
      const firstName = pick(random, female ? FIRST_NAMES_FEMALE : FIRST_NAMES_MALE);
      const lastName = pick(random, SURNAMES);
      const at = new Date(Date.now() - Math.floor(random() * 300 + 1) * DAY).toISOString();
      const pending = index % 12 === 0;
      return {
        email: `${mailName(firstName)}.${mailName(lastName)}.web${index}@${pick(random, MAIL_DOMAINS)}`,
        firstName,
        lastName,
        subscription: pending ? ('pending' as const) : ('subscribed' as const),
        consentAt: pending ? null : at,
        consentSource: pending ? null : `double opt-in: https://www.sonnenschein-reisen.de, ${at}`,
      };
    });
    await addSignedUpContacts(trx, website.id, signUps);
  });
}
