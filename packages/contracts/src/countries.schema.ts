import { z } from 'zod';

export const ZCountry = z.object({
  id_loc_country: z.number().int(),
  iso: z.string(),
  iso3: z.string(),
  name: z.string(),
  name_de: z.string(),
  name_en: z.string(),
  /** Germany, Austria, Switzerland, Italy, Netherlands, Belgium (spec §9) */
  bookingCountry: z.boolean(),
});
export type Country = z.infer<typeof ZCountry>;

export const COUNTRY_LIST_FIELDS = [
  'id_loc_country',
  'iso',
  'iso3',
  'name',
  'name_de',
  'name_en',
  'bookingCountry',
] as const;

/** GET /country/short: the ids of the settings' short list and those countries, in that order. */
export const ZCountryShortList = z.object({ ids: z.array(z.number().int()), data: z.array(ZCountry) });

/** ISO alpha-2 codes of the booking countries (spec §9). */
export const BOOKING_COUNTRIES = ['DE', 'AT', 'CH', 'IT', 'NL', 'BE'] as const;
