import { describe, expect, it } from 'vitest';
import { fallbackBrand, type SeatLayout } from '@tourdesk/contracts';
import type { ContentTable, ContentText } from 'pdfmake';
import type { ManifestData, ManifestStop, ManifestTraveller } from './manifest-data.ts';
import {
  boardingGroups,
  manifestFileName,
  manifestPdf,
  manifestSubtitle,
  manifestTable,
  roomingGroups,
  seatGrid,
} from './manifest-documents.ts';
import { MANIFEST_TEXTS } from './manifest-texts.ts';

const stop = (id: number, number: number, time: string, name: string, direction: 'outbound' | 'return' = 'outbound') =>
  ({ id, direction, number, time, dayOffset: 0, name, address: `${name}str. 1, 01067 Dresden` }) satisfies ManifestStop;
const dresden = stop(1, 1, '07:30', 'Dresden');
const pirna = stop(2, 2, '06:45', 'Pirna');
const back = stop(3, 1, '18:00', 'Verona', 'return');

const layout: SeatLayout = {
  decks: [
    {
      name: '',
      rows: [
        [
          { txt: '', idx: 2, isSeat: false },
          { txt: '', idx: 1, isSeat: false },
          { txt: '', idx: 3, isSeat: false },
        ],
        [
          { txt: '1', idx: 0, isSeat: true },
          { txt: '', idx: 1, isSeat: false },
          { txt: '2', idx: 0, isSeat: true },
        ],
        [
          { txt: '3', idx: 0, isSeat: true, blocked: true },
          { txt: '', idx: 1, isSeat: false },
          { txt: '4', idx: 0, isSeat: true },
        ],
      ],
    },
  ],
};

const traveller = (
  id: number,
  name: string,
  outbound: { stop: ManifestStop | null; seat?: string },
  extra: Partial<ManifestTraveller> = {},
): ManifestTraveller => ({
  id,
  bookingId: 100 + id,
  position: 1,
  name,
  birthday: '1970-02-01',
  nation: null,
  phone: `0170 ${id}`,
  email: null,
  status: 'firm',
  stops: { outbound: outbound.stop, return: back },
  seats: {
    outbound: outbound.seat ? { coachId: 10, coach: 'Bus 1', seat: outbound.seat } : null,
    return: null,
  },
  roomId: null,
  ...extra,
});

const data: ManifestData = {
  departure: { nr: 7, code: 'GAR1-1', title: 'Gardasee', from: '2027-05-03', till: '2027-05-07' },
  coaches: [
    {
      id: 10,
      direction: 'outbound',
      position: 1,
      name: 'Bus 1',
      layout,
      blocked: ['4'],
      vehicle: null,
      driverName: 'Kai Fahr',
    },
  ],
  stops: [dresden, pirna, back],
  travellers: [
    traveller(1, 'Zander, Ute', { stop: dresden, seat: '2' }, { roomId: 50 }),
    traveller(2, 'Äpfel, Anna', { stop: dresden, seat: '1' }, { roomId: 50, position: 2, status: 'option' }),
    traveller(3, 'Bauer, Bert', { stop: pirna }),
    traveller(4, 'Ohne, Otto', { stop: null }),
  ],
  rooms: [
    {
      id: 50,
      bookingId: 101,
      position: 1,
      kind: 'double',
      typeName: null,
      accommodationId: 9,
      accommodationName: 'Hotel Riva',
    },
  ],
};

describe('manifest builders', () => {
  it('orders the stops as the coach reaches them, names the German way, the travellers without a stop last', () => {
    const groups = boardingGroups(data, 'outbound');
    expect(groups.map((g) => [g.stop?.name ?? null, g.travellers.map((t) => t.name)])).toEqual([
      ['Pirna', ['Bauer, Bert']],
      ['Dresden', ['Äpfel, Anna', 'Zander, Ute']],
      [null, ['Ohne, Otto']],
    ]);
  });

  it('gives the boarding list rows that the CSV writes', () => {
    const table = manifestTable(data, { kind: 'boarding', direction: 'outbound', lang: 'de' });
    expect(table.header).toEqual(['Halt', 'Zeit', 'Zustieg', 'Adresse', 'Name', 'Sitz', 'Bus', 'Vorgang', 'Telefon']);
    expect(table.rows).toEqual([
      ['2', '06:45', 'Pirna', 'Pirnastr. 1, 01067 Dresden', 'Bauer, Bert', '', '', '103', '0170 3'],
      ['1', '07:30', 'Dresden', 'Dresdenstr. 1, 01067 Dresden', 'Äpfel, Anna', '1', 'Bus 1', '102', '0170 2'],
      ['1', '07:30', 'Dresden', 'Dresdenstr. 1, 01067 Dresden', 'Zander, Ute', '2', 'Bus 1', '101', '0170 1'],
      ['', '', 'Ohne Zustieg', '', 'Ohne, Otto', '', '', '104', '0170 4'],
    ]);
  });

  it('lists seats in natural order and rooms with their sleepers', () => {
    const seats = manifestTable(data, { kind: 'seats', direction: 'outbound', lang: 'en' });
    expect(seats.rows.map((row) => [row[1], row[2]])).toEqual([
      ['1', 'Äpfel, Anna'],
      ['2', 'Zander, Ute'],
    ]);
    const rooming = roomingGroups(data);
    expect(rooming.accommodations[0]!.rooms[0]!.sleepers.map((t) => t.name)).toEqual(['Zander, Ute', 'Äpfel, Anna']);
    expect(rooming.withoutRoom.map((t) => t.name)).toEqual(['Bauer, Bert', 'Ohne, Otto']);
    const rows = manifestTable(data, { kind: 'rooming', direction: 'outbound', lang: 'de' }).rows;
    expect(rows[0]).toEqual(['Hotel Riva', '1', 'Doppelzimmer', 'Zander, Ute', '101']);
    expect(rows.at(-1)).toEqual(['Ohne Zimmer', '', '', 'Ohne, Otto', '104']);
  });

  it('draws the deck as a grid with names in taken seats and labels on fixtures', () => {
    const occupants = new Map([['1', 'Äpfel, Anna']]);
    const grid = seatGrid(
      data.coaches[0]!,
      layout.decks[0]!.rows,
      occupants,
      MANIFEST_TEXTS.de,
      '#004a69',
    ) as ContentTable;
    const [fixtures, first, second] = grid.table.body;
    expect((fixtures![0] as ContentText).text).toBe('Fahrer');
    expect((fixtures![2] as ContentText).text).toBe('Tür');
    expect(fixtures![1]).toMatchObject({ border: [false, false, false, false] });
    const texts = (cell: unknown) => JSON.stringify(cell);
    expect(texts(first![0])).toContain('Äpfel, Anna');
    expect(texts(first![2])).toContain('frei');
    // blocked on the plan (3) and on this departure (4)
    expect(texts(second![0])).toContain('gesperrt');
    expect(texts(second![2])).toContain('gesperrt');
    expect(grid.table.widths).toEqual(['*', '*', '*']);
  });

  it('titles the documents in the reader’s language and names the files after them', () => {
    expect(manifestSubtitle(data, { kind: 'boarding', direction: 'return', lang: 'de' })).toBe(
      'Gardasee · Termin GAR1-1 · 03.05.2027 – 07.05.2027 · Rückfahrt',
    );
    expect(manifestSubtitle(data, { kind: 'rooming', direction: 'return', lang: 'en' })).toBe(
      'Gardasee · Departure GAR1-1 · 03.05.2027 – 07.05.2027',
    );
    expect(manifestFileName(data, { kind: 'boarding', direction: 'return', lang: 'de', format: 'pdf' })).toEqual({
      name: 'Zustiegsliste_GAR1-1_Rückfahrt.pdf',
      ascii: 'Zustiegsliste_GAR1-1_Rueckfahrt.pdf',
    });
    expect(manifestFileName(data, { kind: 'rooming', direction: 'return', lang: 'es', format: 'csv' }).name).toBe(
      'Lista_de_habitaciones_GAR1-1.csv',
    );
    const doc = manifestPdf(data, {
      kind: 'participants',
      direction: 'outbound',
      lang: 'de',
      brand: fallbackBrand('localhost'),
      printedAt: new Date('2027-01-01T00:00:00Z'),
    });
    expect(doc.pageOrientation).toBe('landscape');
    expect(doc.info?.title).toBe('Teilnehmerliste');
    expect(JSON.stringify(doc.content)).toContain('Fest gebucht');
  });
});
