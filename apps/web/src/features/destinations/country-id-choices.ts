import { useLocaleState } from 'react-admin';
import { useCountries } from '../../lib/countries.ts';

/** Country choices by loc_country id (a destination's `countries`): the short list first, then by name. */
export function useCountryIdChoices() {
  const [locale] = useLocaleState();
  const { countries, shortIds, isPending } = useCountries();
  const name = (country: { name_de: string; name_en: string }) => (locale === 'de' ? country.name_de : country.name_en);
  const collator = new Intl.Collator(locale === 'de' ? 'de' : 'en', { sensitivity: 'base' });
  const rank = (id: number) => {
    const at = shortIds.indexOf(id);
    return at === -1 ? shortIds.length : at;
  };
  const choices = [...countries]
    .sort((a, b) => rank(a.id_loc_country) - rank(b.id_loc_country) || collator.compare(name(a), name(b)))
    .map((country) => ({ id: country.id_loc_country, name: name(country) }));
  return { choices, isPending };
}
