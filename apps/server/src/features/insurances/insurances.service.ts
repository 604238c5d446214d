import type { InsuranceAnswer, InsuranceOffer, InsuranceQuery } from '@tourdesk/contracts';
import { invalidField } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import { getBooking, type BookingActor } from '../bookings/bookings.service.ts';
import { findDepartureDate } from '../departures/departures.service.ts';
import { ageOn, insuranceProducts, premiumCents, productName, tripPricesCents } from './insurance-products.service.ts';

type Traveller = { teilnehmerNr: number | null; priceCents: number; age: number | null };

const day = (value: string | Date) => (value instanceof Date ? value.toISOString() : value).slice(0, 10);
const toEuro = (cents: number) => cents / 100;

/** The travellers of a stored booking (its participants still travelling) with their trip prices. */
async function travellersOfBooking(ctx: DbContext, id: number, actor: BookingActor) {
  const booking = await getBooking(ctx, id, actor);
  const travelling = booking.teilnehmer.filter((participant) => !participant.cancelledAt);
  const prices = tripPricesCents(
    booking.priceLines.map((line) => ({
      kind: line.kind,
      amount_cents: Math.round(line.amount * 100),
      participant: line.teilnehmerNr,
    })),
    travelling.map((participant) => participant.nr),
  );
  return {
    language: booking.language as string,
    travellers: travelling.map((participant): Traveller => ({
      teilnehmerNr: participant.nr,
      priceCents: prices.get(participant.nr) ?? 0,
      age: ageOn(participant.geburtstag, booking.date_from),
    })),
  };
}

/** Travellers asked for as `<price>` or `<price>|<birthday>`, aged on the date's first day (or today). */
async function travellersOfQuery(ctx: DbContext, query: InsuranceQuery, now: Date) {
  let departureDay = day(now);
  if (query.termin) {
    const departure = await findDepartureDate(ctx, query.termin);
    if (!departure) throw invalidField('termin', 'error.notFound');
    departureDay = day(departure.date_from);
  }
  return (query.traveller ?? []).map((item): Traveller => {
    const [price, birthday] = item.split('|');
    return { teilnehmerNr: null, priceCents: Math.round(Number(price) * 100), age: ageOn(birthday, departureDay) };
  });
}

/**
 * GET /insurances/ergo: the products offered for a booking's travellers (or travellers given by price and
 * birthday), each with one premium per traveller and the total. A product whose bands do not reach a
 * traveller's price is not offered. Agency users ask only about their own bookings.
 */
export async function getInsuranceOffers(
  ctx: DbContext,
  query: InsuranceQuery,
  actor: BookingActor,
  now = new Date(),
): Promise<InsuranceAnswer> {
  const asked = query.vorgangnr
    ? await travellersOfBooking(ctx, query.vorgangnr, actor)
    : { language: 'de', travellers: await travellersOfQuery(ctx, query, now) };
  const language = query.lang?.slice(0, 2) ?? asked.language;
  const offers: InsuranceOffer[] = [];
  for (const product of await insuranceProducts(ctx)) {
    const premiums = asked.travellers.map((traveller) => ({
      traveller,
      premium: premiumCents(product, traveller.priceCents, traveller.age),
    }));
    if (premiums.length === 0 || premiums.some((item) => item.premium === null)) continue;
    offers.push({
      code: product.code,
      name: productName(product, language),
      insurer: 'ERGO Reiseversicherung',
      premiums: premiums.map(({ traveller, premium }) => ({
        teilnehmerNr: traveller.teilnehmerNr,
        price: toEuro(traveller.priceCents),
        age: traveller.age,
        premium: toEuro(premium!),
      })),
      total: toEuro(premiums.reduce((sum, item) => sum + item.premium!, 0)),
    });
  }
  return { status: 'ok', data: offers };
}
