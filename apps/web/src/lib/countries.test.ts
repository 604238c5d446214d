import { describe, expect, it } from 'vitest';
import type { Country } from '@tourdesk/contracts/countries.schema';
import { countryChoices } from './countries.ts';

const country = (id: number, iso: string, name_de: string, name_en: string): Country => ({
  id_loc_country: id,
  iso,
  iso3: iso + 'X',
  name: name_en,
  name_de,
  name_en,
  bookingCountry: false,
});

const ALL = [
  country(1, 'AT', 'Österreich', 'Austria'),
  country(2, 'BE', 'Belgien', 'Belgium'),
  country(3, 'DE', 'Deutschland', 'Germany'),
  country(4, 'EG', 'Ägypten', 'Egypt'),
  country(5, 'CH', 'Schweiz', 'Switzerland'),
  country(6, 'ZA', 'Südafrika', 'South Africa'),
];

describe('the country select', () => {
  it('lists the short list first, in its own order, then the rest alphabetically in German', () => {
    expect(countryChoices(ALL, [3, 1, 5], 'de').map((choice) => choice.name)).toEqual([
      'Deutschland',
      'Österreich',
      'Schweiz',
      'Ägypten',
      'Belgien',
      'Südafrika',
    ]);
  });

  it('shows English names outside German and stores the German name either way', () => {
    const choices = countryChoices(ALL, [3], 'en');
    expect(choices.map((choice) => choice.name)).toEqual([
      'Germany',
      'Austria',
      'Belgium',
      'Egypt',
      'South Africa',
      'Switzerland',
    ]);
    expect(choices[0]).toEqual({ id: 'Deutschland', name: 'Germany' });
  });

  it('ignores short-list ids without a country and lists each country once', () => {
    const choices = countryChoices(ALL, [99, 3, 3], 'de');
    expect(choices.map((choice) => choice.id)).toEqual([
      'Deutschland',
      'Ägypten',
      'Belgien',
      'Österreich',
      'Schweiz',
      'Südafrika',
    ]);
  });

  it('keeps a stored value that is no country name of the list, first', () => {
    expect(countryChoices(ALL, [3], 'de', 'Bayern')[0]).toEqual({ id: 'Bayern', name: 'Bayern' });
    expect(countryChoices(ALL, [3], 'de', 'Deutschland')).toHaveLength(ALL.length);
  });
});
