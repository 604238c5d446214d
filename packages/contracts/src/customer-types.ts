/** A customer is new until a first trip makes them regular (spec §3). Kept free of zod for the web's lists. */
export const CUSTOMER_TYPES = ['new', 'regular'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
