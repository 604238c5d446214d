import { describe, expect, it } from 'vitest';
import { ZCreateJourneyBody } from '@tourdesk/contracts/journeys.schema';
import {
  errorPaths,
  journeyBody,
  shiftIsoDate,
  slugFromTitle,
  tabOfField,
  tabsWithErrors,
} from './journey-form-logic.ts';

describe('slugFromTitle', () => {
  it('writes umlauts and ß the German way and joins words with dashes', () => {
    expect(slugFromTitle('Gardasee & Verona – 5 Tage')).toBe('gardasee-verona-5-tage');
    expect(slugFromTitle('Weihnachtsmärkte in Süd­tirol: Größer, schöner!')).toBe(
      'weihnachtsmaerkte-in-suedtirol-groesser-schoener',
    );
    expect(slugFromTitle('Straßburg')).toBe('strassburg');
  });

  it('drops other accents and leading or trailing signs', () => {
    expect(slugFromTitle('  Côte d’Azur … ')).toBe('cote-d-azur');
    expect(slugFromTitle('Málaga')).toBe('malaga');
    expect(slugFromTitle(null)).toBe('');
  });

  it('stays within 120 characters without a trailing dash, and the contract accepts it', () => {
    const slug = slugFromTitle(`${'a'.repeat(119)} b`);
    expect(slug).toBe('a'.repeat(119));
    const parsed = ZCreateJourneyBody.safeParse({ title: 'Rügen', slug: slugFromTitle('Rügen – Kreidefelsen') });
    expect(parsed.success).toBe(true);
  });
});

describe('tabOfField', () => {
  it('puts every field error on the tab that shows the field', () => {
    expect(tabOfField('title')).toBe('basic');
    expect(tabOfField('organization')).toBe('basic');
    expect(tabOfField('detail.introduction')).toBe('texts');
    expect(tabOfField('days.1.daytitle')).toBe('texts');
    expect(tabOfField('accommodations.0.roomTypes.1.rooms')).toBe('accommodations');
    expect(tabOfField('dates.2.termincode')).toBe('dates');
    expect(tabOfField('dates.0.date_till')).toBe('dates');
    expect(tabOfField('extras.0.max_age')).toBe('extras');
    expect(tabOfField('stops.3.time')).toBe('stops');
    expect(tabOfField('slug')).toBe('meta');
    expect(tabOfField('meta_title')).toBe('meta');
    expect(tabOfField('cancellation_terms.1.percent')).toBe('terms');
    expect(tabOfField('payment_terms.depositDays')).toBe('terms');
  });

  it('lists the tabs with errors once each, in the order of the tabs', () => {
    expect(tabsWithErrors(['slug', 'dates.2.termincode', 'title', 'dates.0.date_till'])).toEqual([
      'basic',
      'dates',
      'meta',
    ]);
  });

  it('finds the fields in the error tree react-hook-form keeps', () => {
    const errors = {
      title: { type: 'server', message: 'error.empty' },
      dates: [undefined, undefined, { termincode: { type: 'server', message: 'error.termincodeExists' } }],
    };
    expect(errorPaths(errors)).toEqual(['title', 'dates.2.termincode']);
  });
});

describe('journeyBody', () => {
  it('drops the empty ids of added rows, numbers the days and places each direction’s stops', () => {
    const body = journeyBody({
      title: 'Rügen',
      days: [
        { id: 4, day_no: 7, daytitle: 'Anreise' },
        { id: null, daytitle: 'Kap Arkona' },
      ],
      dates: [
        { nr: null, termincode: 'A', prices: [{ id: null, description: 'DZ', amount: 499, additional_price: null }] },
      ],
      stops: [
        { id: null, id_zus_zustiege: 1, direction: 'outbound', time: '06:00', day_offset: null, surcharge: null },
        { id: 9, id_zus_zustiege: 1, direction: 'return', surcharge: 5 },
        { id_zus_zustiege: 2, direction: 'outbound', surcharge: 12.5 },
      ],
      extras: [{ id: null, type: 'Ausflug', value: 'Schiff', price: null, required: null }],
    });
    expect(body.days).toEqual([
      { id: 4, day_no: 1, daytitle: 'Anreise' },
      { daytitle: 'Kap Arkona', day_no: 2 },
    ]);
    expect(body.dates).toEqual([
      { termincode: 'A', prices: [{ description: 'DZ', amount: 499, additional_price: 0 }] },
    ]);
    expect(body.stops.map((stop: { position: number }) => stop.position)).toEqual([0, 0, 1]);
    expect(body.stops[0]).toMatchObject({ day_offset: 0, surcharge: 0 });
    expect(body.stops[0]).not.toHaveProperty('id');
    expect(body.extras).toEqual([{ type: 'Ausflug', value: 'Schiff', price: 0, required: false }]);
  });

  it('sends no terms of its own as null, so the settings apply', () => {
    expect(journeyBody({ cancellation_terms: [], payment_terms: { depositPercent: null, depositDays: '' } })).toEqual({
      cancellation_terms: null,
      payment_terms: null,
    });
    const terms = [{ daysBefore: 30, percent: 20 }];
    const payment = { depositPercent: 25, depositDays: 10, balanceDaysBefore: null };
    expect(journeyBody({ cancellation_terms: terms, payment_terms: payment })).toEqual({
      cancellation_terms: terms,
      payment_terms: payment,
    });
  });

  it('leaves collections that are not in the form alone', () => {
    expect(journeyBody({ title: 'Wien' })).toEqual({ title: 'Wien' });
  });
});

describe('shiftIsoDate', () => {
  it('moves a date by whole days across months, years and the clock change', () => {
    expect(shiftIsoDate('2027-05-30', 3)).toBe('2027-06-02');
    expect(shiftIsoDate('2027-12-30', 7)).toBe('2028-01-06');
    expect(shiftIsoDate('2027-03-27', 1)).toBe('2027-03-28');
    expect(shiftIsoDate('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftIsoDate('2027-05-01', 0)).toBe('2027-05-01');
  });
});
