import { describe, expect, it } from 'vitest';
import { translateWith } from './mobile-i18n.ts';

const messages = {
  suitcase: {
    progress: '%{packed} von %{total} gepackt',
    itemCount: '%{smart_count} Gegenstand |||| %{smart_count} Gegenstände',
    ruCount: '%{smart_count} вещь |||| %{smart_count} вещей',
  },
};

describe('the phone app’s translations', () => {
  it('fills placeholders and picks the plural form by the language’s rule', () => {
    expect(translateWith(messages, 'de', 'suitcase.progress', { packed: 3, total: 12 })).toBe('3 von 12 gepackt');
    expect(translateWith(messages, 'de', 'suitcase.itemCount', { smart_count: 1 })).toBe('1 Gegenstand');
    expect(translateWith(messages, 'de', 'suitcase.itemCount', { smart_count: 19 })).toBe('19 Gegenstände');
    expect(translateWith(messages, 'ru', 'suitcase.ruCount', { smart_count: 21 })).toBe('21 вещь');
    expect(translateWith(messages, 'ru', 'suitcase.ruCount', { smart_count: 3 })).toBe('3 вещей');
  });

  it('answers the default, or the key, for a message it does not have', () => {
    expect(translateWith(messages, 'de', 'suitcase.missing', { _: 'Standard' })).toBe('Standard');
    expect(translateWith(messages, 'de', 'suitcase.missing')).toBe('suitcase.missing');
    expect(translateWith(messages, 'de', 'suitcase')).toBe('suitcase');
  });
});
