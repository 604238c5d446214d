import { afterEach, describe, expect, it } from 'vitest';
import type { PassengerList } from '@tourdesk/contracts/driver-app.schema';
import { hasUnsentChanges } from '../../lib/offline-data.ts';
import { isCachedApiPath } from '../../lib/offline-routes.ts';
import {
  enqueue,
  loadQueue,
  queueKey,
  saveQueue,
  sendLater,
  withoutSent,
  withQueued,
  type QueuedCheckin,
} from './checkin-queue.ts';

const passenger = (
  participantId: number,
  checkin: PassengerList['stops'][number]['passengers'][number]['checkin'],
) => ({
  participantId,
  bookingId: 1,
  name: `P${participantId}`,
  seat: null,
  phone: null,
  checkin,
});

const list: PassengerList = {
  transport: {
    id: 5,
    departureNr: 9,
    journeyTitle: 'Harz',
    dateFrom: '2027-05-01',
    dateTill: '2027-05-01',
    direction: 'outbound',
    name: 'Bus 1',
    vehicle: null,
    stops: [],
    passengers: 3,
    boarded: 1,
    noShow: 0,
  } as unknown as PassengerList['transport'],
  qrTickets: false,
  stops: [
    {
      stop: null,
      passengers: [
        passenger(1, { status: 'boarded', at: '2027-05-01T06:00:00.000Z', by: 'Office' }),
        passenger(2, null),
        passenger(3, null),
      ],
    },
  ],
};

afterEach(() => localStorage.clear());

describe('the check-in queue', () => {
  it('keeps only the latest change per passenger, in the order made', () => {
    let queue: QueuedCheckin[] = [];
    queue = enqueue(queue, { participantId: 2, status: 'boarded', at: 'a' });
    queue = enqueue(queue, { participantId: 3, status: 'no_show', at: 'b' });
    queue = enqueue(queue, { participantId: 2, status: null, at: 'c' });
    expect(queue).toEqual([
      { participantId: 3, status: 'no_show', at: 'b' },
      { participantId: 2, status: null, at: 'c' },
    ]);
  });

  it('drops a sent change, but not a newer one of the same passenger made while it was on its way', () => {
    const sent = { participantId: 2, status: 'boarded' as const, at: 'a' };
    const newer = { participantId: 2, status: null, at: 'b' };
    expect(withoutSent([sent], sent)).toEqual([]);
    expect(withoutSent(enqueue([sent], newer), sent)).toEqual([newer]);
  });

  it('shows the unsent changes on the server’s list, counts included', () => {
    const shown = withQueued(list, [
      { participantId: 2, status: 'boarded', at: '2027-05-01T06:05:00.000Z' },
      { participantId: 1, status: null, at: '2027-05-01T06:06:00.000Z' },
      { participantId: 3, status: 'no_show', at: '2027-05-01T06:07:00.000Z' },
    ]);
    expect(shown.stops[0]!.passengers.map((one) => one.checkin?.status ?? null)).toEqual([null, 'boarded', 'no_show']);
    expect(shown.transport).toMatchObject({ boarded: 1, noShow: 1 });
    expect(list.transport.boarded).toBe(1);
  });

  it('survives a reload per driver and coach, and forgets what is not a check-in', () => {
    saveQueue(7, 5, [{ participantId: 2, status: 'boarded', at: 'a' }]);
    expect(loadQueue(7, 5)).toEqual([{ participantId: 2, status: 'boarded', at: 'a' }]);
    expect(loadQueue(8, 5)).toEqual([]);
    localStorage.setItem(
      queueKey(7, 6),
      JSON.stringify([{ participantId: 'x' }, { participantId: 3, status: null, at: 'b' }]),
    );
    expect(loadQueue(7, 6)).toEqual([{ participantId: 3, status: null, at: 'b' }]);
    localStorage.setItem(queueKey(7, 6), '{broken');
    expect(loadQueue(7, 6)).toEqual([]);
    expect(hasUnsentChanges()).toBe(true);
    saveQueue(7, 5, []);
    expect(localStorage.getItem(queueKey(7, 5))).toBeNull();
    localStorage.removeItem(queueKey(7, 6));
    expect(hasUnsentChanges()).toBe(false);
  });

  it('tries again after no network, an expired login or a failing server, and gives up on a refusal', () => {
    expect([0, 401, 408, 429, 500, 503].map(sendLater)).toEqual([true, true, true, true, true, true]);
    expect([400, 403, 404, 409].map(sendLater)).toEqual([false, false, false, false]);
  });

  it('has the service worker keep the driver’s coaches and pick-up lists for offline use', () => {
    expect(isCachedApiPath('/api/v1/driver/transports')).toBe(true);
    expect(isCachedApiPath('/api/v1/driver/transports/12/passengers')).toBe(true);
    expect(isCachedApiPath('/api/v1/driver/transports/12/checkins/3')).toBe(false);
    expect(isCachedApiPath('/api/v1/departures/12/checkins')).toBe(false);
  });
});
