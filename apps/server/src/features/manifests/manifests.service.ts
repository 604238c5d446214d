import type { Brand, ManifestFormat, ManifestKind, StopDirection } from '@tourdesk/contracts';
import { toCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { PDF_LANGUAGES, renderPdf, type PdfLanguage } from '../../lib/pdf.ts';
import type { DbContext } from '../../types.ts';
import { assembleManifest } from './manifest-data.ts';
import { manifestFileName, manifestPdf, manifestTable } from './manifest-documents.ts';
import {
  findBookerPhones,
  findManifestDeparture,
  findManifestParticipants,
  findManifestRooms,
  findManifestSeats,
  findManifestStops,
  findManifestTransports,
  findUserLanguage,
} from './manifests.repository.ts';

export type ManifestRequest = {
  nr: number;
  kind: ManifestKind;
  format: ManifestFormat;
  direction: StopDirection;
  /** the language asked for; else the user's own; else German */
  lang?: PdfLanguage;
  userId: number;
  brand: Brand;
  printedAt: Date;
};

export type ManifestFile = { body: Buffer | string; contentType: string; fileName: string; asciiFileName: string };

const isPdfLanguage = (value: string | null): value is PdfLanguage =>
  value !== null && (PDF_LANGUAGES as readonly string[]).includes(value);

/** Reads everything a manifest shows of departure `nr`, from the tables of departures and bookings. */
export async function loadManifestData(ctx: DbContext, nr: number) {
  const departure = await findManifestDeparture(ctx.db, nr);
  if (!departure) throw notFound();
  const [transports, stops, participants] = await Promise.all([
    findManifestTransports(ctx.db, nr),
    findManifestStops(ctx.db, nr),
    findManifestParticipants(ctx.db, nr),
  ]);
  const bookerIds = [...new Set(participants.flatMap((p) => (p.id_booker_card === null ? [] : [p.id_booker_card])))];
  const bookingIds = [...new Set(participants.map((p) => p.id_booking))];
  const [seats, bookerPhones, rooms] = await Promise.all([
    findManifestSeats(
      ctx.db,
      transports.map((t) => t.id),
    ),
    findBookerPhones(ctx.db, bookerIds),
    findManifestRooms(ctx.db, bookingIds),
  ]);
  return assembleManifest({ departure, transports, stops, participants, seats, bookerPhones, rooms });
}

/** GET /departures/{nr}/manifests/{kind}.{format}: the manifest as a file to download. */
export async function renderManifest(ctx: DbContext, request: ManifestRequest): Promise<ManifestFile> {
  const data = await loadManifestData(ctx, request.nr);
  const userLanguage = request.lang ? null : await findUserLanguage(ctx.db, request.userId);
  const lang: PdfLanguage = request.lang ?? (isPdfLanguage(userLanguage) ? userLanguage : 'de');
  const options = { kind: request.kind, direction: request.direction, lang };
  const { name, ascii } = manifestFileName(data, { ...options, format: request.format });
  if (request.format === 'csv') {
    const table = manifestTable(data, options);
    return {
      body: toCsv(table.header, table.rows),
      contentType: 'text/csv; charset=utf-8',
      fileName: name,
      asciiFileName: ascii,
    };
  }
  const body = await renderPdf(manifestPdf(data, { ...options, brand: request.brand, printedAt: request.printedAt }));
  return { body, contentType: 'application/pdf', fileName: name, asciiFileName: ascii };
}
