import { z } from 'zod';
import { DEFAULT_INSURANCE_PRODUCTS, ZInsuranceProduct, type InsuranceProduct } from '@tourdesk/contracts';
import { ApiError } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import { typedSetting } from '../settings/settings.service.ts';

/**
 * Travel-insurance products and their premiums (issue #11, docs/adr/0017): the products come from the setting
 * INSURANCE_PRODUCTS; a traveller's premium is the band of their trip price per person, times the age factor
 * from `ageFrom` years (age on the departure day). The bookings feature prices a chosen product as a line of
 * kind 'insurance' with these functions; `GET /insurances/ergo` offers them (insurances.service.ts).
 */

const ZProducts = z.array(ZInsuranceProduct);

export const insuranceProducts = (ctx: DbContext): Promise<InsuranceProduct[]> =>
  typedSetting(ctx, 'INSURANCE_PRODUCTS', ZProducts, DEFAULT_INSURANCE_PRODUCTS);

export const productName = (product: InsuranceProduct, language: string): string =>
  product.name[language] ?? product.name.de ?? product.name.en ?? Object.values(product.name)[0] ?? product.code;

/** Whole years between a birthday and a day (`YYYY-MM-DD`); null without a birthday. */
export function ageOn(birthday: string | Date | null | undefined, day: string): number | null {
  if (!birthday) return null;
  const born = (birthday instanceof Date ? birthday.toISOString() : birthday).slice(0, 10);
  const [by, bm, bd] = born.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (![by, bm, bd, y, m, d].every(Number.isFinite)) return null;
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return age >= 0 ? age : null;
}

/**
 * The premium in cents for a trip price per person (cents) and age: the first band whose `upToPrice` covers the
 * price, times `ageFactor` from `ageFrom`; null when the price is above every band (the product is not offered).
 */
export function premiumCents(product: InsuranceProduct, priceCents: number, age: number | null): number | null {
  const band = [...product.bands]
    .sort((a, b) => a.upToPrice - b.upToPrice)
    .find((item) => Math.round(item.upToPrice * 100) >= priceCents);
  if (!band) return null;
  const factor = product.ageFrom != null && age !== null && age >= product.ageFrom ? (product.ageFactor ?? 1) : 1;
  return Math.round(band.premium * 100 * factor);
}

/** Price-line kinds that make up the trip price an insurance covers. */
const INSURED_KINDS = new Set(['base', 'stop', 'room', 'extra']);

/**
 * Each traveller's trip price in cents: their own lines plus an equal share of the booking's shared lines
 * (extras once per booking, a room nobody sleeps in), insurance, fees and discounts left out.
 */
export function tripPricesCents(
  lines: ReadonlyArray<{ kind: string; amount_cents: number; participant: number | null }>,
  participantIds: readonly number[],
): Map<number, number> {
  const prices = new Map(participantIds.map((id) => [id, 0]));
  let shared = 0;
  for (const line of lines) {
    if (!INSURED_KINDS.has(line.kind)) continue;
    if (line.participant === null) shared += line.amount_cents;
    else if (prices.has(line.participant))
      prices.set(line.participant, prices.get(line.participant)! + line.amount_cents);
  }
  const share = participantIds.length > 0 ? Math.round(shared / participantIds.length) : 0;
  for (const id of participantIds) prices.set(id, prices.get(id)! + share);
  return prices;
}

export type InsuredParticipant = { id: number; name: string; insurance: string; geburtstag: string | Date | null };

/**
 * The `insurance` price lines of a booking's insured participants (DOMAIN.md invariant 5), from the lines
 * priced so far. A product that is no longer offered, or not for this trip price: 409 error.insuranceUnknown.
 */
export function insuranceLines(
  products: readonly InsuranceProduct[],
  insured: readonly InsuredParticipant[],
  travellers: readonly number[],
  lines: ReadonlyArray<{ kind: string; amount_cents: number; participant: number | null }>,
  departureDay: string,
) {
  const prices = tripPricesCents(lines, travellers);
  return insured.map((participant) => {
    const product = products.find((item) => item.code === participant.insurance);
    const premium = product
      ? premiumCents(product, prices.get(participant.id) ?? 0, ageOn(participant.geburtstag, departureDay))
      : null;
    if (!product || premium === null) throw new ApiError(409, 'error.insuranceUnknown');
    return {
      kind: 'insurance' as const,
      description: `${productName(product, 'de')} – ${participant.name}`,
      amount_cents: premium,
      participant: participant.id,
    };
  });
}
