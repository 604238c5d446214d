import {
  BOOKABLE_STATES,
  CATALOG_STATES,
  EXTRA_PRICE_DUE,
  PRICE_CATEGORIES,
  ROOM_KINDS,
  STOP_DIRECTIONS,
} from '@tourdesk/contracts/journeys.schema';

/** Choices of a select whose labels are messages (`journeys.catalogStates.2` → "In Bearbeitung"). */
const choicesOf = <T extends string | number>(values: readonly T[], prefix: string) =>
  values.map((id) => ({ id, name: `journeys.${prefix}.${id}` }));

export const catalogStateChoices = choicesOf(CATALOG_STATES, 'catalogStates');
export const bookableChoices = choicesOf(BOOKABLE_STATES, 'bookableStates');
export const roomKindChoices = choicesOf(ROOM_KINDS, 'roomKinds');
export const priceCategoryChoices = choicesOf(PRICE_CATEGORIES, 'priceCategories');
export const priceDueChoices = choicesOf(EXTRA_PRICE_DUE, 'priceDue');
export const directionChoices = choicesOf(STOP_DIRECTIONS, 'directions');
export const onlineChoices = [
  { id: 'true', name: 'journeys.online.true' },
  { id: 'false', name: 'journeys.online.false' },
];

/** The colour of a catalog state's chip: from grey (no status) to green (trip set). */
export const CATALOG_STATE_COLORS = ['default', 'info', 'warning', 'primary', 'success'] as const;
/** The colour of a bookable status' chip: bookable green, on request orange, not bookable red. */
export const BOOKABLE_COLORS = ['success', 'warning', 'error'] as const;
