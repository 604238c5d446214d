import { SelectInput, useLocaleState, useRecordContext, type SelectInputProps } from 'react-admin';
import { countryChoices, useCountries } from '../lib/countries.ts';

/** A country select: the short list first, names in the user's language, the German name stored. */
export function CountryInput({ source = 'country', ...props }: Omit<SelectInputProps, 'choices'>) {
  const [locale] = useLocaleState();
  const record = useRecordContext();
  const { countries, shortIds, isPending } = useCountries();
  const current = record?.[source];
  const choices = countryChoices(countries, shortIds, locale, typeof current === 'string' ? current : null);
  return (
    <SelectInput
      source={source}
      choices={choices}
      translateChoice={false}
      emptyText="options.none"
      isPending={isPending}
      {...props}
    />
  );
}
