import { z } from 'zod';
import { MAX_ID, requiredText } from './fields.ts';
import { ZErrorBody } from './errors.schema.ts';
import { SUITCASE_CATEGORIES } from './suitcase.ts';

export * from './suitcase.ts';

/** A category of a packing item (documents, clothes, toiletries, medicine, electronics, other). */
export const ZSuitcaseCategory = z.enum(SUITCASE_CATEGORIES, { error: 'error.invalid' });

const quantity = () =>
  z.number({ error: 'error.number' }).int('error.number').min(1, 'error.number').max(99, 'error.tooLong');

/** An item of a travel-bag template. */
export const ZTravelbagTemplateItem = z.object({
  text: requiredText({ max: 120 }),
  category: ZSuitcaseCategory,
  quantity: quantity(),
});
export type TravelbagTemplateItem = z.infer<typeof ZTravelbagTemplateItem>;

/** A travel-bag template (spec §4 "Travel-bag template: id_travelbagtemplates, short"): a named packing list. */
export const ZTravelbagTemplate = z.object({
  id: z.number().int(),
  id_travelbagtemplates: z.number().int(),
  short: z.string(),
  items: z.array(ZTravelbagTemplateItem),
  item_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TravelbagTemplate = z.infer<typeof ZTravelbagTemplate>;

/** POST /app/travelbagtemplates */
export const ZCreateTravelbagTemplateBody = z.object({
  short: requiredText({ min: 2, max: 120 }),
  items: z.array(ZTravelbagTemplateItem, { error: 'error.invalid' }).max(200, 'error.tooLong').default([]),
});
export type CreateTravelbagTemplateBody = z.input<typeof ZCreateTravelbagTemplateBody>;

/** PATCH /app/travelbagtemplates/{id}: `items`, when given, replaces the list. */
export const ZUpdateTravelbagTemplateBody = z.object({
  short: requiredText({ min: 2, max: 120 }).optional(),
  items: z.array(ZTravelbagTemplateItem, { error: 'error.invalid' }).max(200, 'error.tooLong').optional(),
});
export type UpdateTravelbagTemplateBody = z.infer<typeof ZUpdateTravelbagTemplateBody>;

/** An item id made on the phone (a UUID, or any short token of letters, digits, `-` and `_`). */
const itemId = () => z.string({ error: 'error.invalid' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'error.invalid');

export const ZSuitcaseItem = z.object({
  id: itemId(),
  text: requiredText({ max: 120 }),
  category: ZSuitcaseCategory,
  quantity: quantity(),
  packed: z.boolean({ error: 'error.invalid' }),
});

export const ZSuitcaseChange = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('add'), item: ZSuitcaseItem }),
    z.object({ op: z.literal('pack'), id: itemId(), packed: z.boolean({ error: 'error.invalid' }) }),
    z.object({ op: z.literal('remove'), id: itemId() }),
  ],
  { error: 'error.invalid' },
);

/** GET /users-vorgaenge/{bookingId}/suitcase */
export const ZSuitcase = z.object({
  bookingId: z.number().int(),
  version: z.number().int(),
  items: z.array(ZSuitcaseItem),
});

/** POST /users-vorgaenge/{bookingId}/suitcase/sync: the phone's changes and the version they were made on. */
export const ZSuitcaseSyncBody = z.object({
  version: z
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .min(0, 'error.invalid')
    .max(MAX_ID, 'error.invalid'),
  changes: z.array(ZSuitcaseChange, { error: 'error.invalid' }).max(500, 'error.tooLong'),
});
export type SuitcaseSyncBody = z.infer<typeof ZSuitcaseSyncBody>;

/** 409 `error.syncConflict`: the server's list changed since `version`; here is the server's state. */
export const ZSuitcaseConflict = ZErrorBody.extend({ suitcase: ZSuitcase });
export type SuitcaseConflict = z.infer<typeof ZSuitcaseConflict>;

export const ZSuitcaseParams = z.object({
  bookingId: z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .min(1, 'error.invalid')
    .max(MAX_ID, 'error.invalid'),
});

/** GET /users-vorgaenge/{bookingId}/suitcase/templates: what a traveller may start a list from. */
export const ZSuitcaseTemplateChoice = ZTravelbagTemplate.pick({ id: true, short: true, items: true });
export type SuitcaseTemplateChoice = z.infer<typeof ZSuitcaseTemplateChoice>;
