import { describe, expect, it } from 'vitest';
import { mailsForEvents } from './booking-mails.service.ts';

describe('which mails a booking change calls for', () => {
  it('new requests, options and waiting-list bookings are acknowledged; drafts are not', () => {
    for (const status of ['request', 'option', 'waitlist'])
      expect(mailsForEvents([{ kind: 'created', after: { status } }])).toEqual(['bookingReceived']);
    expect(mailsForEvents([{ kind: 'created', after: { status: 'draft' } }])).toEqual([]);
    expect(mailsForEvents([{ kind: 'status', before: 'draft', after: { status: 'option' } }])).toEqual([
      'bookingReceived',
    ]);
    // an option confirmed from a request was acknowledged as the request already
    expect(mailsForEvents([{ kind: 'status', before: 'request', after: 'option' }])).toEqual([]);
  });

  it('a booking becoming firm is confirmed, except when it comes back from processing', () => {
    expect(mailsForEvents([{ kind: 'created', after: { status: 'firm' } }])).toEqual(['bookingConfirmation']);
    expect(mailsForEvents([{ kind: 'status', before: 'option', after: { status: 'firm' } }])).toEqual([
      'bookingConfirmation',
    ]);
    expect(mailsForEvents([{ kind: 'status', before: 'request', after: 'firm' }])).toEqual(['bookingConfirmation']);
    expect(mailsForEvents([{ kind: 'status', before: 'processing', after: { status: 'firm' } }])).toEqual([]);
  });

  it('offers and expiries mail; other history entries (prices, seats, payments) do not; each mail once', () => {
    expect(mailsForEvents([{ kind: 'offered', before: 'waitlist', after: { status: 'option' } }])).toEqual([
      'waitlistOffer',
    ]);
    expect(mailsForEvents([{ kind: 'expired', before: { status: 'option' }, after: 'cancelled' }])).toEqual([
      'optionExpired',
    ]);
    expect(mailsForEvents([{ kind: 'price', before: 100, after: 200 }, { kind: 'seat' }, { kind: 'payment' }])).toEqual(
      [],
    );
    expect(
      mailsForEvents([
        { kind: 'status', before: 'option', after: 'firm' },
        { kind: 'status', before: 'option', after: 'firm' },
      ]),
    ).toEqual(['bookingConfirmation']);
  });
});
