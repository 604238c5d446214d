import { useLocaleState } from 'react-admin';
import { useCountries } from '../../lib/countries.ts';

/** Country choices stored as ISO 3166-1 alpha-2 codes (a boarding point's `country`), names in the user's language. */
export function useCountryCodeChoices() {
  const [locale] = useLocaleState();
  const { countries, isPending } = useCountries();
  const collator = new Intl.Collator(locale === 'de' ? 'de' : 'en', { sensitivity: 'base' });
  const choices = countries
    .map((country) => ({ id: country.iso, name: locale === 'de' ? country.name_de : country.name_en }))
    .sort((a, b) => (a.id === 'DE' ? -1 : b.id === 'DE' ? 1 : collator.compare(a.name, b.name)));
  return { choices, isPending };
}
