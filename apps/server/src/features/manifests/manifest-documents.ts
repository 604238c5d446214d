import {
  DIRECTED_MANIFEST_KINDS,
  ROOM_KINDS,
  SEAT_CELL_IDX,
  seatCellKind,
  type Brand,
  type ManifestKind,
  type RoomKind,
  type SeatCell,
  type StopDirection,
} from '@tourdesk/contracts';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake';
import {
  PDF_COLORS,
  brandColor,
  dataTable,
  documentFrame,
  formatPdfDate,
  type PdfColumn,
  type PdfLanguage,
} from '../../lib/pdf.ts';
import {
  compareNames,
  compareSeats,
  type ManifestCoach,
  type ManifestData,
  type ManifestRoom,
  type ManifestStop,
  type ManifestTraveller,
} from './manifest-data.ts';
import { fillText } from '../../lib/text-template.ts';
import { MANIFEST_TEXTS, type ManifestTexts } from './manifest-texts.ts';

/**
 * The four manifests as pure builders: `manifestTable` gives the rows every format shares (the CSV is exactly
 * this), `manifestPdf` lays them out on the branded page. Neither touches the database or renders bytes.
 */
export type ManifestOptions = {
  kind: ManifestKind;
  direction: StopDirection;
  lang: PdfLanguage;
  brand: Brand;
  printedAt: Date;
};

export type ManifestTable = { header: string[]; rows: string[][] };

const stopTime = (stop: ManifestStop | null) =>
  stop?.time ? `${stop.time}${stop.dayOffset > 0 ? ` (+${stop.dayOffset})` : ''}` : '';

const statusText = (t: ManifestTexts, traveller: ManifestTraveller) =>
  traveller.status === 'option' || traveller.status === 'firm' || traveller.status === 'processing'
    ? t.statuses[traveller.status]
    : traveller.status;

const roomKindText = (t: ManifestTexts, room: ManifestRoom) =>
  room.typeName ||
  ((ROOM_KINDS as readonly string[]).includes(room.kind) ? t.roomKinds[room.kind as RoomKind] : room.kind);

const byName = (a: ManifestTraveller, b: ManifestTraveller) => compareNames(a.name, b.name) || a.id - b.id;

/** The stops of one direction in the order the coach reaches them, each with its travellers (by name). */
export function boardingGroups(data: ManifestData, direction: StopDirection) {
  const stops = data.stops
    .filter((stop) => stop.direction === direction)
    .sort((a, b) => a.dayOffset - b.dayOffset || (a.time ?? '').localeCompare(b.time ?? '') || a.number - b.number);
  const groups: Array<{ stop: ManifestStop | null; travellers: ManifestTraveller[] }> = stops.map((stop) => ({
    stop,
    travellers: data.travellers.filter((t) => t.stops[direction]?.id === stop.id).sort(byName),
  }));
  const without = data.travellers.filter((t) => t.stops[direction] === null).sort(byName);
  if (without.length > 0) groups.push({ stop: null, travellers: without });
  return groups;
}

/** The rooms of the departure per accommodation, each with its sleepers; travellers without a room last. */
export function roomingGroups(data: ManifestData) {
  const accommodations = new Map<number, { name: string; rooms: ManifestRoom[] }>();
  for (const room of data.rooms) {
    const entry = accommodations.get(room.accommodationId) ?? { name: room.accommodationName, rooms: [] };
    entry.rooms.push(room);
    accommodations.set(room.accommodationId, entry);
  }
  const roomIds = new Set(data.rooms.map((room) => room.id));
  return {
    accommodations: [...accommodations.values()].map((entry) => ({
      name: entry.name,
      rooms: entry.rooms.map((room, i) => ({
        number: i + 1,
        room,
        sleepers: data.travellers.filter((t) => t.roomId === room.id).sort((a, b) => a.position - b.position),
      })),
    })),
    withoutRoom: data.travellers.filter((t) => t.roomId === null || !roomIds.has(t.roomId)).sort(byName),
  };
}

const coachesOf = (data: ManifestData, direction: StopDirection) =>
  data.coaches.filter((coach) => coach.direction === direction).sort((a, b) => a.position - b.position);

/** The rows of a manifest, header in the reader's language: the CSV file, and the data behind the PDF. */
export function manifestTable(data: ManifestData, options: Pick<ManifestOptions, 'kind' | 'direction' | 'lang'>) {
  const t = MANIFEST_TEXTS[options.lang];
  const c = t.columns;
  const { direction } = options;
  switch (options.kind) {
    case 'boarding':
      return {
        header: [c.stopNo, c.time, c.stop, c.address, c.name, c.seat, c.coach, c.booking, c.phone],
        rows: boardingGroups(data, direction).flatMap(({ stop, travellers }) =>
          travellers.map((traveller) => [
            stop ? String(stop.number) : '',
            stopTime(stop),
            stop?.name ?? t.noStop,
            stop?.address ?? '',
            traveller.name,
            traveller.seats[direction]?.seat ?? '',
            traveller.seats[direction]?.coach ?? '',
            String(traveller.bookingId),
            traveller.phone ?? '',
          ]),
        ),
      } satisfies ManifestTable;
    case 'seats':
      return {
        header: [c.coach, c.seat, c.name, c.booking, c.stop, c.time, c.phone],
        rows: coachesOf(data, direction).flatMap((coach) =>
          data.travellers
            .filter((traveller) => traveller.seats[direction]?.coachId === coach.id)
            .sort((a, b) => compareSeats(a.seats[direction]!.seat, b.seats[direction]!.seat))
            .map((traveller) => [
              coach.name,
              traveller.seats[direction]!.seat,
              traveller.name,
              String(traveller.bookingId),
              traveller.stops[direction]?.name ?? '',
              stopTime(traveller.stops[direction]),
              traveller.phone ?? '',
            ]),
        ),
      } satisfies ManifestTable;
    case 'participants':
      return {
        header: [
          c.no,
          c.name,
          c.birthday,
          c.nation,
          c.booking,
          c.status,
          c.stopOut,
          c.seatOut,
          c.stopRet,
          c.seatRet,
          c.phone,
          c.email,
        ],
        rows: [...data.travellers]
          .sort(byName)
          .map((traveller, i) => [
            String(i + 1),
            traveller.name,
            formatPdfDate(traveller.birthday),
            traveller.nation ?? '',
            String(traveller.bookingId),
            statusText(t, traveller),
            traveller.stops.outbound?.name ?? '',
            traveller.seats.outbound?.seat ?? '',
            traveller.stops.return?.name ?? '',
            traveller.seats.return?.seat ?? '',
            traveller.phone ?? '',
            traveller.email ?? '',
          ]),
      } satisfies ManifestTable;
    case 'rooming': {
      const groups = roomingGroups(data);
      return {
        header: [c.accommodation, c.room, c.roomType, c.name, c.booking],
        rows: [
          ...groups.accommodations.flatMap((accommodation) =>
            accommodation.rooms.flatMap(({ number, room, sleepers }) =>
              (sleepers.length > 0 ? sleepers : [null]).map((sleeper) => [
                accommodation.name,
                String(number),
                roomKindText(t, room),
                sleeper?.name ?? '',
                String(room.bookingId),
              ]),
            ),
          ),
          ...groups.withoutRoom.map((traveller) => [t.noRoom, '', '', traveller.name, String(traveller.bookingId)]),
        ],
      } satisfies ManifestTable;
    }
  }
}

/** "Reise · Termin X · 01.06.2027 – 05.06.2027", with the direction for the directed kinds. */
export function manifestSubtitle(data: ManifestData, options: Pick<ManifestOptions, 'kind' | 'direction' | 'lang'>) {
  const t = MANIFEST_TEXTS[options.lang];
  const line = fillText(t.departureLine, {
    journey: data.departure.title,
    code: data.departure.code,
    from: formatPdfDate(data.departure.from),
    till: formatPdfDate(data.departure.till),
  });
  return DIRECTED_MANIFEST_KINDS.includes(options.kind) ? `${line} · ${t.directions[options.direction]}` : line;
}

const emptyNote = (t: ManifestTexts): Content => ({ text: t.empty, style: 'muted', margin: [0, 8, 0, 0] });

function boardingContent(data: ManifestData, options: ManifestOptions, t: ManifestTexts): Content[] {
  const c = t.columns;
  const groups = boardingGroups(data, options.direction);
  const severalCoaches = coachesOf(data, options.direction).length > 1;
  const columns: PdfColumn[] = [
    { header: c.no, width: 22, align: 'right' },
    { header: c.name, width: '*', bold: true },
    { header: c.seat, width: 38, align: 'center', bold: true },
    ...(severalCoaches ? [{ header: c.coach, width: 70 } satisfies PdfColumn] : []),
    { header: c.booking, width: 48, align: 'right' },
    { header: c.phone, width: 110 },
  ];
  if (groups.length === 0) return [emptyNote(t)];
  return groups.flatMap(({ stop, travellers }) => [
    {
      text: stop
        ? [{ text: `${stop.number} · ` }, { text: stopTime(stop) || '—' }, { text: ` · ${stop.name}` }]
        : t.noStop,
      style: 'heading',
      fontSize: 13,
      margin: [0, 12, 0, 1],
      headlineLevel: 1,
    } satisfies Content,
    {
      text: [stop?.address, fillText(t.travellers, { n: travellers.length })].filter(Boolean).join(' · '),
      style: 'muted',
      margin: [0, 0, 0, 4],
    } satisfies Content,
    ...(travellers.length > 0
      ? [
          dataTable(
            columns,
            travellers.map((traveller, i) => [
              String(i + 1),
              traveller.name,
              traveller.seats[options.direction]?.seat ?? '–',
              ...(severalCoaches ? [traveller.seats[options.direction]?.coach ?? ''] : []),
              String(traveller.bookingId),
              traveller.phone ?? '',
            ]),
            { fontSize: 11 },
          ),
        ]
      : []),
  ]);
}

const SEAT_FILL = { taken: '#dbe8ef', free: '#ffffff', blocked: '#eceff3', fixture: '#d3d9e0', wall: '#8a96a3' };

/** One coach deck as a grid: seats with their number and the sitter's name, fixtures labelled, aisles blank. */
export function seatGrid(
  coach: ManifestCoach,
  rows: SeatCell[][],
  occupants: Map<string, string>,
  t: ManifestTexts,
  color: string,
): Content {
  const blocked = new Set(coach.blocked);
  const width = rows[0]?.length ?? 0;
  const body: TableCell[][] = rows.map((row) =>
    row.map((cell): TableCell => {
      const kind = seatCellKind(cell.idx);
      if (cell.idx === SEAT_CELL_IDX.seat) {
        const name = occupants.get(cell.txt);
        const isBlocked = !name && (cell.blocked === true || blocked.has(cell.txt));
        return {
          stack: [
            { text: cell.txt, bold: true, fontSize: 10, color: name ? color : PDF_COLORS.muted },
            {
              text: name ?? (isBlocked ? t.blocked : t.free),
              fontSize: name ? 8 : 7,
              color: name ? PDF_COLORS.text : PDF_COLORS.muted,
              italics: !name,
            },
          ],
          fillColor: name ? SEAT_FILL.taken : isBlocked ? SEAT_FILL.blocked : SEAT_FILL.free,
          margin: [1, 1, 1, 3],
        };
      }
      if (kind === 'terrain')
        return { text: cell.txt, fontSize: 7, color: PDF_COLORS.muted, border: [false, false, false, false] };
      if (kind === 'wall') return { text: '', fillColor: SEAT_FILL.wall };
      return {
        text: cell.txt || t.cells[kind] || '',
        fontSize: 7,
        color: PDF_COLORS.muted,
        alignment: 'center',
        fillColor: SEAT_FILL.fixture,
        margin: [0, 6, 0, 6],
      };
    }),
  );
  return {
    table: { widths: Array.from({ length: width }, () => '*'), body, dontBreakRows: true },
    layout: {
      hLineWidth: () => 0.75,
      vLineWidth: () => 0.75,
      hLineColor: () => PDF_COLORS.rule,
      vLineColor: () => PDF_COLORS.rule,
      paddingTop: () => 3,
      paddingBottom: () => 3,
      paddingLeft: () => 3,
      paddingRight: () => 3,
    },
  };
}

function seatsContent(data: ManifestData, options: ManifestOptions, t: ManifestTexts): Content[] {
  const coaches = coachesOf(data, options.direction);
  const color = brandColor(options.brand);
  if (coaches.length === 0) return [emptyNote(t)];
  const seatless = data.travellers.filter((tr) => tr.seats[options.direction] === null).sort(byName);
  const seatlessList: Content[] =
    seatless.length === 0
      ? []
      : [
          { text: t.noSeat, style: 'heading' },
          dataTable(
            [
              { header: t.columns.name, width: '*', bold: true },
              { header: t.columns.stop, width: 180 },
              { header: t.columns.booking, width: 56, align: 'right' },
            ],
            seatless.map((tr) => [tr.name, tr.stops[options.direction]?.name ?? '', String(tr.bookingId)]),
          ),
        ];
  const grids = coaches.flatMap((coach, index) => {
    const travellers = data.travellers.filter((tr) => tr.seats[options.direction]?.coachId === coach.id);
    const occupants = new Map(travellers.map((tr) => [tr.seats[options.direction]!.seat, tr.name]));
    const seats = coach.layout.decks.flatMap((deck) => deck.rows.flat()).filter((cell) => cell.isSeat);
    const info = [
      fillText(t.coachLine, { coach: coach.name, taken: occupants.size, seats: seats.length }),
      coach.vehicle,
      coach.driverName ? fillText(t.driver, { name: coach.driverName }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
    return [
      { text: info, style: 'heading', ...(index > 0 ? { pageBreak: 'before' } : {}) } satisfies Content,
      ...coach.layout.decks.flatMap((deck, d): Content[] => [
        ...(coach.layout.decks.length > 1 || deck.name
          ? [{ text: deck.name || `${d + 1}`, bold: true, margin: [0, 6, 0, 2] } satisfies Content]
          : []),
        { text: t.front, style: 'muted', fontSize: 7.5, alignment: 'center', margin: [0, 0, 0, 2] },
        seatGrid(coach, deck.rows, occupants, t, color),
      ]),
    ];
  });
  return [...grids, ...seatlessList];
}

function participantsContent(data: ManifestData, options: ManifestOptions, t: ManifestTexts): Content[] {
  const c = t.columns;
  const table = manifestTable(data, options);
  if (table.rows.length === 0) return [emptyNote(t)];
  const columns: PdfColumn[] = [
    { header: c.no, width: 22, align: 'right' },
    { header: c.name, width: '*', bold: true },
    { header: c.birthday, width: 58 },
    { header: c.booking, width: 42, align: 'right' },
    { header: c.status, width: 76 },
    { header: c.stopOut, width: 95 },
    { header: c.seatOut, width: 38, align: 'center' },
    { header: c.stopRet, width: 95 },
    { header: c.seatRet, width: 38, align: 'center' },
    { header: c.phone, width: 90 },
  ];
  // participants columns: no, name, birthday, nation, booking, status, stopOut, seatOut, stopRet, seatRet, phone, email
  const picked = table.rows.map((row) => [0, 1, 2, 4, 5, 6, 7, 8, 9, 10].map((i) => row[i] ?? ''));
  return [
    { text: fillText(t.travellers, { n: table.rows.length }), style: 'muted', margin: [0, 0, 0, 6] },
    dataTable(columns, picked),
  ];
}

function roomingContent(data: ManifestData, _options: ManifestOptions, t: ManifestTexts): Content[] {
  const c = t.columns;
  const groups = roomingGroups(data);
  if (groups.accommodations.length === 0 && groups.withoutRoom.length === 0) return [emptyNote(t)];
  const columns: PdfColumn[] = [
    { header: c.room, width: 44, align: 'right' },
    { header: c.roomType, width: 130 },
    { header: c.name, width: '*', bold: true },
    { header: c.booking, width: 56, align: 'right' },
  ];
  return [
    ...groups.accommodations.flatMap((accommodation): Content[] => [
      { text: accommodation.name, style: 'heading' },
      dataTable(
        columns,
        accommodation.rooms.map(({ number, room, sleepers }) => [
          String(number),
          roomKindText(t, room),
          sleepers.map((s) => s.name).join('\n'),
          String(room.bookingId),
        ]),
        { fontSize: 10 },
      ),
    ]),
    ...(groups.withoutRoom.length > 0
      ? [
          { text: t.noRoom, style: 'heading' } satisfies Content,
          dataTable(
            [
              { header: c.name, width: '*', bold: true },
              { header: c.booking, width: 56, align: 'right' },
            ],
            groups.withoutRoom.map((traveller) => [traveller.name, String(traveller.bookingId)]),
            { fontSize: 10 },
          ),
        ]
      : []),
  ];
}

const CONTENT = {
  boarding: boardingContent,
  seats: seatsContent,
  participants: participantsContent,
  rooming: roomingContent,
};

/** The manifest as a pdfmake document in the brand's frame. */
export function manifestPdf(data: ManifestData, options: ManifestOptions): TDocumentDefinitions {
  const t = MANIFEST_TEXTS[options.lang];
  return documentFrame(
    {
      brand: options.brand,
      lang: options.lang,
      title: t.titles[options.kind],
      subtitle: manifestSubtitle(data, options),
      printedAt: options.printedAt,
      orientation: options.kind === 'participants' ? 'landscape' : 'portrait',
    },
    CONTENT[options.kind](data, options, t),
  );
}

const TRANSLITERATION: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/**
 * The download's file name, e.g. `Zustiegsliste_GAR1-1_Hinfahrt.pdf`, and an ASCII stand-in for old clients
 * (`Zustiegsliste_GAR1-1_Rueckfahrt.pdf`).
 */
export function manifestFileName(
  data: ManifestData,
  options: Pick<ManifestOptions, 'kind' | 'direction' | 'lang'> & { format: 'pdf' | 'csv' },
) {
  const t = MANIFEST_TEXTS[options.lang];
  const parts = [t.fileNames[options.kind], data.departure.code];
  if (DIRECTED_MANIFEST_KINDS.includes(options.kind)) parts.push(t.directions[options.direction]);
  const name = `${parts.map((part) => part.replace(/[^\p{L}\p{N}._-]+/gu, '-')).join('_')}.${options.format}`;
  const ascii = name
    .replace(/[äöüÄÖÜß]/g, (ch) => TRANSLITERATION[ch] ?? ch)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]+/g, '_');
  return { name, ascii };
}
