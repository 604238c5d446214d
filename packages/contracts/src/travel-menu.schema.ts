import { z } from 'zod';
import { MAX_ID, moneyField, optionalText, requiredText } from './fields.ts';

/**
 * The on-board menu of a journey and what travellers consume from it (issue #13 items 5, spec §4 "Travel menu",
 * §7 GET /journey/travel-menu, GET /journey/menu-invoice). Prices are euro amounts, gross (VAT included).
 */
export const TRAVEL_MENU_CATEGORIES = ['drinks', 'snacks', 'hotMeals', 'other'] as const;
export type TravelMenuCategory = (typeof TRAVEL_MENU_CATEGORIES)[number];
/** German VAT rates on food and drink sold on board, in percent. */
export const TRAVEL_MENU_VAT_RATES = [7, 19] as const;
export type TravelMenuVatRate = (typeof TRAVEL_MENU_VAT_RATES)[number];

const id = () =>
  z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid');

export const ZTravelMenuItem = z.object({
  id: z.number(),
  journeyId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.enum(TRAVEL_MENU_CATEGORIES),
  /** euro, gross */
  price: z.number(),
  vatRate: z.number(),
  available: z.boolean(),
  position: z.number(),
});
export type TravelMenuItem = z.infer<typeof ZTravelMenuItem>;

export const ZTravelMenuItemBody = z.object({
  name: requiredText({ max: 120 }),
  description: optionalText({ max: 500 }),
  category: z.enum(TRAVEL_MENU_CATEGORIES, { error: 'error.invalid' }),
  price: moneyField().refine((value) => value <= 1000, 'error.tooLong'),
  vatRate: z.union([z.literal(7), z.literal(19)], { error: 'error.invalid' }),
  available: z.boolean({ error: 'error.invalid' }).default(true),
  position: z.number({ error: 'error.number' }).int('error.number').min(0, 'error.number').max(10_000).optional(),
});
export type TravelMenuItemBody = z.input<typeof ZTravelMenuItemBody>;

export const ZCreateTravelMenuItemBody = ZTravelMenuItemBody.extend({ journeyId: id() });
export type CreateTravelMenuItemBody = z.input<typeof ZCreateTravelMenuItemBody>;
export const ZUpdateTravelMenuItemBody = ZTravelMenuItemBody.partial();
export type UpdateTravelMenuItemBody = z.input<typeof ZUpdateTravelMenuItemBody>;

export const ZTravelMenuItemsQuery = z.object({ journeyId: id() });

/** GET /journey/travel-menu: a traveller names the booking (or none: the current trip), staff the journey. */
export const ZTravelMenuQuery = z.object({ bookingId: id().optional(), journeyId: id().optional() });
export type TravelMenuQuery = z.infer<typeof ZTravelMenuQuery>;

export const ZTravelMenu = z.object({
  journeyId: z.number(),
  journeyTitle: z.string(),
  /** the traveller's booking the menu was asked for (null for staff) */
  bookingId: z.number().nullable(),
  items: z.array(ZTravelMenuItem),
});
export type TravelMenu = z.infer<typeof ZTravelMenu>;

/** One booked line: the item's name, price and VAT as sold (they do not follow later menu changes). */
export const ZConsumption = z.object({
  id: z.number(),
  journeyId: z.number(),
  departureId: z.number(),
  transportId: z.number().nullable(),
  bookingId: z.number(),
  participantId: z.number(),
  participantName: z.string(),
  itemId: z.number().nullable(),
  name: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  vatRate: z.number(),
  total: z.number(),
  createdAt: z.string(),
  createdBy: z.number().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Consumption = z.infer<typeof ZConsumption>;

export const ZCreateConsumptionBody = z.object({
  transportId: id(),
  participantId: id(),
  items: z
    .array(
      z.object({
        itemId: id(),
        quantity: z
          .number({ error: 'error.number' })
          .int('error.number')
          .min(1, 'error.number')
          .max(50, 'error.tooLong'),
      }),
    )
    .min(1, 'error.nonEmptyList')
    .max(30, 'error.tooLong'),
});
export type CreateConsumptionBody = z.infer<typeof ZCreateConsumptionBody>;

export const ZTransportParams = z.object({ id: id() });

/** A passenger of one coach, for the driver's sales screen. */
export const ZCoachPassenger = z.object({
  participantId: z.number(),
  bookingId: z.number(),
  name: z.string(),
  seat: z.string().nullable(),
  stop: z.string().nullable(),
});
export type CoachPassenger = z.infer<typeof ZCoachPassenger>;

export const ZCoachSales = z.object({
  transportId: z.number(),
  coach: z.string(),
  departureId: z.number(),
  journeyId: z.number(),
  journeyTitle: z.string(),
  dateFrom: z.string(),
  passengers: z.array(ZCoachPassenger),
  menu: z.array(ZTravelMenuItem),
  /** the coach's lines, newest first (cancelled ones included, marked) */
  recent: z.array(ZConsumption),
  /** minutes after booking in which a driver may still cancel a line */
  undoMinutes: z.number(),
});
export type CoachSales = z.infer<typeof ZCoachSales>;

export const ZVatLine = z.object({ rate: z.number(), gross: z.number(), net: z.number(), vat: z.number() });
export type VatLine = z.infer<typeof ZVatLine>;

export const ZMenuInvoiceQuery = z.object({ bookingId: id().optional() });

/** GET /journey/menu-invoice: a booking's bill for what was consumed on board. */
export const ZMenuInvoice = z.object({
  bookingId: z.number().nullable(),
  journeyTitle: z.string().nullable(),
  participants: z.array(
    z.object({
      participantId: z.number(),
      name: z.string(),
      lines: z.array(ZConsumption),
      total: z.number(),
    }),
  ),
  total: z.number(),
  vat: z.array(ZVatLine),
});
export type MenuInvoice = z.infer<typeof ZMenuInvoice>;

/** A departure's consumption summary for staff: per item, quantities and takings. */
export const ZConsumptionSummary = z.object({
  departureId: z.number(),
  rows: z.array(
    z.object({ name: z.string(), unitPrice: z.number(), vatRate: z.number(), quantity: z.number(), total: z.number() }),
  ),
  total: z.number(),
  vat: z.array(ZVatLine),
});
export type ConsumptionSummary = z.infer<typeof ZConsumptionSummary>;
