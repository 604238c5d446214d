import { describe, expect, it } from 'vitest';
import { fallbackBrand } from '@tourdesk/contracts';
import type { ContentTable, DynamicContent } from 'pdfmake';
import { brandColor, dataTable, documentFrame, formatPdfDate, formatPdfDateTime } from './pdf.ts';

const brand = { ...fallbackBrand('reisen.example'), name: 'Sonnenschein Reisen', primaryColor: '#aa3300' };
const printedAt = new Date('2026-07-01T10:05:00Z');

describe('pdf document builders', () => {
  it('formats dates as DD.MM.YYYY and the printed time in Berlin', () => {
    expect(formatPdfDate('2027-05-03')).toBe('03.05.2027');
    expect(formatPdfDate('2027-05-03T22:00:00.000Z')).toBe('03.05.2027');
    expect(formatPdfDate(null)).toBe('');
    expect(formatPdfDateTime(printedAt)).toBe('01.07.2026 12:05');
    expect(formatPdfDateTime(new Date('2026-12-31T23:30:00Z'))).toBe('01.01.2027 00:30');
  });

  it("uses the brand's colour, or the default for a colour pdfmake cannot take", () => {
    expect(brandColor(brand)).toBe('#aa3300');
    expect(brandColor({ primaryColor: 'red; x' })).toBe('#004a69');
  });

  it('frames the content with the brand, the title and page x of y in the reader’s language', () => {
    const doc = documentFrame({ brand, lang: 'de', title: 'Zustiegsliste', subtitle: 'Gardasee', printedAt }, [
      'Inhalt',
    ]);
    expect(doc.pageSize).toBe('A4');
    expect(doc.info?.author).toBe('Sonnenschein Reisen');
    expect(doc.styles?.title?.color).toBe('#aa3300');
    expect(doc.content).toEqual([
      { text: 'Zustiegsliste', style: 'title' },
      { text: 'Gardasee', style: 'subtitle', margin: [0, 2, 0, 8] },
      'Inhalt',
    ]);
    const footer = JSON.stringify((doc.footer as DynamicContent)(2, 3, { width: 595, height: 842 }));
    expect(footer).toContain('Seite 2 von 3');
    expect(footer).toContain('Gedruckt am 01.07.2026 12:05');
    const header = JSON.stringify((doc.header as DynamicContent)(1, 3, { width: 595, height: 842 }));
    expect(header).toContain('Sonnenschein Reisen');

    const english = documentFrame({ brand, lang: 'ru', title: 'T', printedAt, orientation: 'landscape' }, []);
    expect(english.pageOrientation).toBe('landscape');
    expect(JSON.stringify((english.footer as DynamicContent)(1, 1, { width: 842, height: 595 }))).toContain(
      'Страница 1 из 1',
    );
  });

  it('embeds a data-URL logo, and prints the name for a logo it would have to fetch', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const withLogo = documentFrame({ brand: { ...brand, logo: png }, lang: 'en', title: 'T', printedAt }, []);
    expect(JSON.stringify((withLogo.header as DynamicContent)(1, 1, { width: 595, height: 842 }))).toContain(png);
    const remote = documentFrame(
      { brand: { ...brand, logo: 'https://cdn.example/logo.png' }, lang: 'en', title: 'T', printedAt },
      [],
    );
    const header = JSON.stringify((remote.header as DynamicContent)(1, 1, { width: 595, height: 842 }));
    expect(header).not.toContain('cdn.example');
    expect(header).toContain('Sonnenschein Reisen');
  });

  it('builds tables whose header row repeats on every page', () => {
    const table = dataTable(
      [
        { header: 'Name', bold: true },
        { header: 'Sitz', width: 40, align: 'center' },
      ],
      [['Müller', '5'], ['Oßwald']],
    ) as ContentTable;
    expect(table.table.headerRows).toBe(1);
    expect(table.table.widths).toEqual(['*', 40]);
    expect(table.table.body).toEqual([
      [
        { text: 'Name', style: 'tableHeader', alignment: 'left' },
        { text: 'Sitz', style: 'tableHeader', alignment: 'center' },
      ],
      [
        { text: 'Müller', alignment: 'left', bold: true },
        { text: '5', alignment: 'center', bold: false },
      ],
      [
        { text: 'Oßwald', alignment: 'left', bold: true },
        { text: '', alignment: 'center', bold: false },
      ],
    ]);
  });
});
