import { useQuery } from '@tanstack/react-query';
import type { Page } from '@tourdesk/contracts/list';
import type { Country } from '@tourdesk/contracts/countries.schema';
import { api } from './api-client.ts';

export type CountryChoice = { id: string; name: string };

/**
 * The choices of a country select: the short list of the `countries` setting first, in its order, then
 * every other country alphabetically. German users read the German names, everyone else the English ones.
 * The stored value is the German name (as the existing addresses spell it, `Deutschland`); a stored value
 * that is no country name of the list is kept as a choice of its own, so nothing is lost on save.
 */
export function countryChoices(
  countries: readonly Country[],
  shortIds: readonly number[],
  language: string,
  current?: string | null,
): CountryChoice[] {
  const label = (country: Country) => (language === 'de' ? country.name_de : country.name_en);
  const byId = new Map(countries.map((country) => [country.id_loc_country, country]));
  const short = new Set(shortIds);
  const first = [...new Set(shortIds)].flatMap((id) => byId.get(id) ?? []);
  const collator = new Intl.Collator(language === 'de' ? 'de' : 'en', { sensitivity: 'base' });
  const rest = countries
    .filter((country) => !short.has(country.id_loc_country))
    .sort((a, b) => collator.compare(label(a), label(b)));
  const choices = [...first, ...rest].map((country) => ({ id: country.name_de, name: label(country) }));
  if (current && !choices.some((choice) => choice.id === current)) choices.unshift({ id: current, name: current });
  return choices;
}

/** Every country (GET /country) and the short list (GET /country/short), loaded once per session. */
export function useCountries() {
  const all = useQuery({
    queryKey: ['country', 'all'],
    queryFn: async () => (await api<Page<Country>>('/country?$limit=-1')).data,
    staleTime: Infinity,
  });
  const short = useQuery({
    queryKey: ['country', 'short'],
    queryFn: async () => (await api<{ ids: number[] }>('/country/short')).ids,
    staleTime: 5 * 60 * 1000,
  });
  return {
    countries: all.data ?? [],
    shortIds: short.data ?? [],
    isPending: all.isPending || short.isPending,
  };
}
