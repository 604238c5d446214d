/** Page sizes of spec §9. */
export const DEFAULT_PAGE_SIZE = 20;
/** `$limit=-1` ("all" in the items-per-page menu) means this many. */
export const ALL_ITEMS_LIMIT = 1000;

/** The answer of a paginated list. */
export type Page<T> = { total: number; limit: number; skip: number; data: T[] };
