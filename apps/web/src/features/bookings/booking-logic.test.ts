import { describe, expect, it } from 'vitest';
import {
  berlinToday,
  bookingPath,
  cancellationPath,
  canCancel,
  eventValue,
  isLocked,
  quoteRest,
  statusActions,
  tabOf,
} from './booking-logic.ts';

describe('booking detail logic', () => {
  it('builds the two cancellation calls, whole booking unless a part of the participants is chosen', () => {
    expect(cancellationPath('quote', 7, [], [1, 2])).toBe(
      '/ratio/api/cancellation?getProcessCancellation=true&processId=7',
    );
    expect(cancellationPath('quote', 7, [2, 1], [1, 2])).toBe(
      '/ratio/api/cancellation?getProcessCancellation=true&processId=7',
    );
    expect(cancellationPath('cancel', 7, [3, 1], [1, 2, 3])).toBe(
      '/ratio/api/cancellation?initProcessCancellation=true&processId=7&participants=1%2C3',
    );
  });

  it('offers the status changes but cancelling only through the dialog', () => {
    expect(statusActions({ nextStatuses: ['firm', 'cancelled', 'waitlist'] })).toEqual(['firm', 'waitlist']);
    // Agencies never set the office's statuses.
    expect(statusActions({ nextStatuses: ['processing', 'cancelled', 'draft'] })).toEqual(['processing', 'draft']);
    expect(statusActions({ nextStatuses: ['processing', 'firm', 'cancelled', 'draft'] }, 'agency')).toEqual(['firm']);
    expect(canCancel({ status: 'option', nextStatuses: ['firm', 'cancelled'] })).toBe(true);
    expect(canCancel({ status: 'processing', nextStatuses: ['firm', 'cancelled'] })).toBe(false);
    expect(canCancel({ status: 'firm', nextStatuses: ['processing'] })).toBe(false);
  });

  it('locks bookings in processing and cancelled ones', () => {
    expect(isLocked({ status: 'processing' })).toBe(true);
    expect(isLocked({ status: 'cancelled' })).toBe(true);
    expect(isLocked({ status: 'firm' })).toBe(false);
  });

  it('maps tabs to addresses and back', () => {
    expect(bookingPath(5)).toBe('/vorgang/5');
    expect(bookingPath(5, 'payments')).toBe('/vorgang/5/payments');
    expect(bookingPath(5, 'overview', 'agency')).toBe('/agencies/vorgang/5');
    expect(bookingPath(5, 'documents', 'agency')).toBe('/agencies/vorgang/5/documents');
    expect(tabOf('payments')).toBe('payments');
    expect(tabOf('')).toBe('overview');
    expect(tabOf('nonsense')).toBe('overview');
  });

  it('takes today in Berlin, not in UTC', () => {
    expect(berlinToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('shows history values as one line', () => {
    expect(eventValue('option')).toBe('option');
    expect(eventValue({ status: 'firm', amount: 100 })).toBe('status: firm, amount: 100,00\u00a0€');
    // with the app's words: statuses and fields named, cents as euro, ISO days as German dates, no record ids
    const words: Record<string, string> = {
      'bookingStatus.option': 'Option',
      'bookings.history.fields.status': 'Status',
      'bookings.history.fields.total': 'Gesamtpreis',
      'bookings.history.fields.paid_on': 'Zahlungsdatum',
      'bookings.history.fields.participants': 'Teilnehmer',
    };
    const translate = (key: string, options?: { _?: string }) => words[key] ?? options?._ ?? key;
    expect(eventValue({ status: 'option', participants: [3, 4], total_cents: 175_600 }, translate)).toBe(
      'Status: Option, Teilnehmer: 2, Gesamtpreis: 1.756,00\u00a0€',
    );
    expect(eventValue({ id: 29, paid_on: '2026-11-23' }, translate)).toBe('Zahlungsdatum: 23.11.2026');
    expect(eventValue('option', translate)).toBe('Option');
    expect(eventValue(null)).toBe('');
  });

  it('shows what a quote cancels beyond the participants, so its lines add up to its totals', () => {
    // A child of 329 € cancelled, and 25 € of a city tour booked per person: 10 % of 354 €.
    const quote = { participants: [{ nr: 4, name: 'Max', price: 329, fee: 32.9 }], cancelledPrice: 354, fee: 35.4 };
    expect(quoteRest(quote)).toEqual({ price: 25, fee: 2.5 });
    expect(quoteRest({ ...quote, cancelledPrice: 329, fee: 32.9 })).toBeNull();
  });
});
