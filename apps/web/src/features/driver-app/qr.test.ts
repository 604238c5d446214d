import { describe, expect, it } from 'vitest';
import { filterStops, groupTransports, matchesSearch, withCheckin } from './driver-logic.ts';
import { decodePixels } from './qr-decode.ts';
import { qrMatrix, qrPath, qrPixels } from './qr.ts';
import type { DriverTransport, PassengerList } from '@tourdesk/contracts/driver-app.schema';

describe('QR tickets', () => {
  it('decodes a drawn ticket back to the same token', async () => {
    const token = 't1.1234.567.yJ3c2V9Qk0fX3xj1b2cZl4kV7oP9Yw2mQe6rTt8uI0a';
    const matrix = qrMatrix(token);
    const { data, width, height } = qrPixels(matrix, 6);
    expect(await decodePixels(data, width, height)).toBe(token);
  });

  it('draws each dark module once as a unit square', () => {
    const matrix = qrMatrix('t1.1.2.x');
    const dark = matrix.flat().filter(Boolean).length;
    expect(qrPath(matrix).match(/M/g)).toHaveLength(dark);
  });
});

const transport = (id: number, dateFrom: string, dateTill = dateFrom): DriverTransport => ({
  id,
  name: `Bus ${id}`,
  vehicle: null,
  direction: 'outbound',
  departureNr: id,
  journeyTitle: 'Reise',
  dateFrom,
  dateTill,
  firstStop: null,
  passengers: 0,
  boarded: 0,
  noShow: 0,
});

describe('driver app logic', () => {
  it('puts today’s coaches first, then the next ones, then the last days’ newest first', () => {
    const groups = groupTransports(
      [
        transport(1, '2026-11-20'),
        transport(2, '2026-11-21'),
        transport(3, '2026-11-22', '2026-11-24'),
        transport(4, '2026-11-30'),
      ],
      '2026-11-23',
    );
    expect(groups.today.map((one) => one.id)).toEqual([3]);
    expect(groups.next.map((one) => one.id)).toEqual([4]);
    expect(groups.past.map((one) => one.id)).toEqual([2, 1]);
  });

  it('finds passengers by a part of the name (accents ignored) or by the seat', () => {
    expect(matchesSearch({ name: 'Müller, Jürgen', seat: '12' }, 'jurg')).toBe(true);
    expect(matchesSearch({ name: 'Müller, Jürgen', seat: '12' }, '12')).toBe(true);
    expect(matchesSearch({ name: 'Müller, Jürgen', seat: '12' }, '1')).toBe(false);
    expect(matchesSearch({ name: 'Müller, Jürgen', seat: '12' }, 'Weber')).toBe(false);
  });

  it('updates one passenger’s check-in and the counts', () => {
    const list: PassengerList = {
      transport: transport(1, '2026-11-23'),
      qrTickets: false,
      stops: [
        {
          stop: null,
          passengers: [
            { participantId: 1, bookingId: 1, name: 'A', seat: '1', phone: null, checkin: null },
            { participantId: 2, bookingId: 1, name: 'B', seat: '2', phone: null, checkin: null },
          ],
        },
      ],
    };
    const next = withCheckin(list, 2, { status: 'no_show', at: '2026-11-23T06:00:00Z', by: null });
    expect(next.transport).toMatchObject({ boarded: 0, noShow: 1 });
    expect(filterStops(next, 'b')[0]!.passengers.map((one) => one.participantId)).toEqual([2]);
    expect(filterStops(next, 'zzz')).toEqual([]);
  });
});
