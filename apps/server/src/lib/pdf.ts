// The typings live beside this file; the reference brings them to every program that reaches it (e2e, bench).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./pdfmake.d.ts" />
import { createRequire } from 'node:module';
import type PdfmakeModule from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake';
import { DEFAULT_PRIMARY_COLOR, type Brand } from '@tourdesk/contracts';

/**
 * The documents Tourdesk prints (manifests now; booking confirmations and invoices later) share one frame:
 * the brand's name (or logo) and colour in the header, the document's title, the printed date, and
 * "Seite x von y" in the footer, in the reader's language. Builders return plain pdfmake document definitions
 * (testable without rendering); `renderPdf` turns one into bytes.
 *
 * Fonts: Roboto as shipped inside the pdfmake package (Latin with umlauts and ß, Cyrillic for Russian),
 * read from node_modules; the renderer may read those four files and nothing else, and fetches no URL.
 */

export type PdfLanguage = 'de' | 'en' | 'es' | 'ru';
export const PDF_LANGUAGES: readonly PdfLanguage[] = ['de', 'en', 'es', 'ru'];

const FRAME_TEXTS: Record<PdfLanguage, { page: string; printed: string }> = {
  de: { page: 'Seite {x} von {y}', printed: 'Gedruckt am {date}' },
  en: { page: 'Page {x} of {y}', printed: 'Printed on {date}' },
  es: { page: 'Página {x} de {y}', printed: 'Impreso el {date}' },
  ru: { page: 'Страница {x} из {y}', printed: 'Напечатано {date}' },
};

const require = createRequire(import.meta.url);
const fontFile = (name: string) => require.resolve(`pdfmake/fonts/Roboto/${name}`);
const FONT_FILES = {
  normal: fontFile('Roboto-Regular.ttf'),
  bold: fontFile('Roboto-Medium.ttf'),
  italics: fontFile('Roboto-Italic.ttf'),
  bolditalics: fontFile('Roboto-MediumItalic.ttf'),
};
const ALLOWED_FILES = new Set(Object.values(FONT_FILES));

type Pdfmake = typeof PdfmakeModule;
let renderer: Promise<Pdfmake> | null = null;

/**
 * pdfmake with the fonts and access policies, loaded on the first document: it and its font machinery take
 * about 30 MB that a server printing nothing need not hold (bench/README.md, "Memory").
 */
const pdfRenderer = () =>
  (renderer ??= import('pdfmake').then(({ default: pdfmake }) => {
    pdfmake.setFonts({ Roboto: FONT_FILES });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => ALLOWED_FILES.has(path));
    return pdfmake;
  }));

/** Greys and sizes every document uses; the brand colour comes from the brand. */
export const PDF_COLORS = { text: '#1f2933', muted: '#5f6b7a', rule: '#c9d1da', zebra: '#f2f5f8', cell: '#e8edf2' };

/** A row of a totals block: label, formatted amount, bold or not. */
export type TotalRow = [label: string, value: string, strong: boolean];

/** The totals under a document's lines: label and amount pairs, right-aligned, a rule above the first. */
export function totalsTable(rows: readonly TotalRow[], margin: [number, number, number, number]): Content {
  return {
    columns: [
      { width: '*', text: '' },
      {
        width: 'auto',
        table: {
          widths: [150, 80],
          body: rows.map(([label, value, strong]) => [
            { text: label, bold: strong },
            { text: value, bold: strong, alignment: 'right' },
          ]),
        },
        layout: {
          hLineWidth: (i: number) => (i === 0 ? 1 : 0),
          vLineWidth: () => 0,
          hLineColor: () => PDF_COLORS.rule,
        },
      },
    ],
    margin,
  };
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
/** The brand's primary colour, or Tourdesk's default when the stored one is not a plain `#rrggbb`. */
export const brandColor = (brand: Pick<Brand, 'primaryColor'>) =>
  brand.primaryColor && HEX_COLOR.test(brand.primaryColor) ? brand.primaryColor : DEFAULT_PRIMARY_COLOR;

/** `DD.MM.YYYY` for a `YYYY-MM-DD` date (or an ISO date-time); the empty string for none. */
export function formatPdfDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/** `DD.MM.YYYY HH:mm` in Europe/Berlin, for the printed-at line. */
export function formatPdfDateTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** A logo pdfmake can embed without fetching: a PNG or JPEG data URL. Other logos fall back to the name. */
const embeddableLogo = (logo: string | null) => (logo && /^data:image\/(png|jpe?g);base64,/.test(logo) ? logo : null);

export type PdfFrame = {
  brand: Brand;
  lang: PdfLanguage;
  /** the document's name, e.g. "Zustiegsliste" */
  title: string;
  /** the line under the title, e.g. the journey and its dates */
  subtitle?: string;
  printedAt: Date;
  orientation?: 'portrait' | 'landscape';
  /** the document's metadata subject */
  subject?: string;
};

/** The page frame of every Tourdesk PDF around `content`: brand header, title block, footer with page x of y. */
export function documentFrame(frame: PdfFrame, content: Content[]): TDocumentDefinitions {
  const color = brandColor(frame.brand);
  const texts = FRAME_TEXTS[frame.lang];
  const logo = embeddableLogo(frame.brand.logo);
  const printed = fill(texts.printed, { date: formatPdfDateTime(frame.printedAt) });
  const address = [
    frame.brand.company,
    frame.brand.street,
    [frame.brand.zip, frame.brand.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(' · ');
  return {
    pageSize: 'A4',
    pageOrientation: frame.orientation ?? 'portrait',
    pageMargins: [36, 64, 36, 48],
    info: { title: frame.title, author: frame.brand.name, subject: frame.subject ?? frame.title, creator: 'Tourdesk' },
    defaultStyle: { font: 'Roboto', fontSize: 9, color: PDF_COLORS.text, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 18, bold: true, color },
      subtitle: { fontSize: 11, color: PDF_COLORS.muted },
      heading: { fontSize: 12, bold: true, color, margin: [0, 10, 0, 4] },
      tableHeader: { bold: true, color: '#ffffff', fillColor: color, fontSize: 9 },
      muted: { color: PDF_COLORS.muted },
    },
    header: (_page, _count, pageSize) => ({
      margin: [36, 20, 36, 0],
      stack: [
        {
          columns: [
            logo
              ? { image: logo, fit: [140, 28], width: 'auto' }
              : { text: frame.brand.name, bold: true, fontSize: 13, color, width: 'auto' },
            { text: frame.title, alignment: 'right', color: PDF_COLORS.muted, margin: [0, 3, 0, 0] },
          ],
        },
        {
          canvas: [{ type: 'line', x1: 0, y1: 6, x2: pageSize.width - 72, y2: 6, lineWidth: 1.5, lineColor: color }],
        },
      ],
    }),
    footer: (page, count) => ({
      margin: [36, 16, 36, 0],
      columnGap: 16,
      columns: [
        { text: address || frame.brand.name, style: 'muted', fontSize: 7.5, width: '*' },
        { text: printed, style: 'muted', fontSize: 7.5, width: 'auto' },
        {
          text: fill(texts.page, { x: page, y: count }),
          style: 'muted',
          fontSize: 7.5,
          alignment: 'right',
          width: 'auto',
        },
      ],
    }),
    content: [
      { text: frame.title, style: 'title' },
      ...(frame.subtitle ? [{ text: frame.subtitle, style: 'subtitle', margin: [0, 2, 0, 8] } as Content] : []),
      ...content,
    ],
  };
}

export type PdfColumn = {
  header: string;
  /** a pdfmake width: a number of points, 'auto' or '*' */
  width?: number | 'auto' | '*';
  align?: 'left' | 'right' | 'center';
  bold?: boolean;
};

/** A table whose header row repeats on every page, with zebra rows and thin rules. */
export function dataTable(columns: PdfColumn[], rows: string[][], options: { fontSize?: number } = {}): Content {
  const header: TableCell[] = columns.map((column) => ({
    text: column.header,
    style: 'tableHeader',
    alignment: column.align ?? 'left',
  }));
  const body: TableCell[][] = rows.map((row) =>
    columns.map((column, i) => ({
      text: row[i] ?? '',
      alignment: column.align ?? 'left',
      bold: column.bold ?? false,
      ...(options.fontSize ? { fontSize: options.fontSize } : {}),
    })),
  );
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: columns.map((c) => c.width ?? '*'), body: [header, ...body] },
    layout: {
      fillColor: (rowIndex: number) => (rowIndex > 0 && rowIndex % 2 === 0 ? PDF_COLORS.zebra : null),
      hLineWidth: (i: number) => (i === 0 ? 0 : 0.5),
      vLineWidth: () => 0,
      hLineColor: () => PDF_COLORS.rule,
      paddingTop: () => 3,
      paddingBottom: () => 3,
      paddingLeft: () => 4,
      paddingRight: () => 4,
    },
  };
}

/** Renders a document definition to PDF bytes. */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  return (await pdfRenderer()).createPdf(doc).getBuffer();
}
