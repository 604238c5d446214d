/**
 * The part of pdfmake 0.3's server API (and its document definition) that Tourdesk uses. Written here instead of
 * taking @types/pdfmake, whose `/// <reference lib="dom" />` would pull the browser's types into the server.
 */
declare module 'pdfmake' {
  export type Alignment = 'left' | 'right' | 'center' | 'justify';
  export type Margins = number | [number, number] | [number, number, number, number];
  export type Size = number | 'auto' | '*' | `${number}%`;

  export type Style = {
    font?: string;
    fontSize?: number;
    bold?: boolean;
    italics?: boolean;
    color?: string;
    fillColor?: string;
    alignment?: Alignment;
    margin?: Margins;
    lineHeight?: number;
  };

  type ContentBase = Style & {
    style?: string | string[];
    pageBreak?: 'before' | 'after';
    headlineLevel?: number;
    width?: Size;
  };
  export type TextInline = string | (Style & { text: string | TextInline[] });
  export type ContentText = ContentBase & { text: string | TextInline[] };
  export type ContentStack = ContentBase & { stack: Content[] };
  export type ContentColumns = ContentBase & { columns: Content[]; columnGap?: number };
  export type ContentImage = ContentBase & { image: string; fit?: [number, number]; height?: number };
  export type CanvasLine = {
    type: 'line';
    x1: number;
    y1: number;
    x2: number;
    y2: number;
    lineWidth?: number;
    lineColor?: string;
  };
  export type ContentCanvas = ContentBase & { canvas: CanvasLine[] };
  export type TableCell = Content & {
    border?: [boolean, boolean, boolean, boolean];
    colSpan?: number;
    rowSpan?: number;
  };
  export type TableLayout = {
    fillColor?: (rowIndex: number, node: unknown, columnIndex: number) => string | null;
    hLineWidth?: (i: number) => number;
    vLineWidth?: (i: number) => number;
    hLineColor?: (i: number) => string;
    vLineColor?: (i: number) => string;
    paddingTop?: (i: number) => number;
    paddingBottom?: (i: number) => number;
    paddingLeft?: (i: number) => number;
    paddingRight?: (i: number) => number;
  };
  export type ContentTable = ContentBase & {
    table: { headerRows?: number; dontBreakRows?: boolean; widths?: Size[]; body: TableCell[][] };
    layout?: TableLayout | 'noBorders' | 'headerLineOnly' | 'lightHorizontalLines';
  };
  export type Content =
    string | ContentText | ContentStack | ContentColumns | ContentImage | ContentCanvas | ContentTable | Content[];

  export type PageSize = { width: number; height: number };
  export type DynamicContent = (currentPage: number, pageCount: number, pageSize: PageSize) => Content;

  export type TDocumentDefinitions = {
    pageSize?: 'A4' | 'A5' | 'LETTER';
    pageOrientation?: 'portrait' | 'landscape';
    pageMargins?: Margins;
    info?: { title?: string; author?: string; subject?: string; creator?: string };
    defaultStyle?: Style;
    styles?: Record<string, Style>;
    header?: DynamicContent | Content;
    footer?: DynamicContent | Content;
    content: Content;
  };

  export type FontFiles = { normal: string; bold: string; italics: string; bolditalics: string };

  type Pdfmake = {
    setFonts(fonts: Record<string, FontFiles>): void;
    setUrlAccessPolicy(callback: (url: string) => boolean): void;
    setLocalAccessPolicy(callback: (path: string) => boolean): void;
    createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
  };
  const pdfmake: Pdfmake;
  export default pdfmake;
}
