import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { fallbackBrand } from '@tourdesk/contracts';
import { dataTable, documentFrame, renderPdf } from '../src/lib/pdf.ts';

/** The shared PDF frame rendered for real and read back: fonts, page numbers and repeated table headers. */
describe('rendered PDF', () => {
  it('embeds a font with umlauts and Cyrillic, numbers the pages and repeats the table header', async () => {
    const rows = Array.from({ length: 90 }, (_, i) => [`Größe-${i + 1}`, i % 2 ? 'Ярослав Ёлкин' : 'Jürgen Weiß']);
    const bytes = await renderPdf(
      documentFrame(
        {
          brand: { ...fallbackBrand('localhost'), name: 'Müller Reisen' },
          lang: 'de',
          title: 'Prüfliste',
          printedAt: new Date('2027-03-01T08:00:00Z'),
        },
        [dataTable([{ header: 'Spalte Ä' }, { header: 'Name' }], rows)],
      ),
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    expect(totalPages).toBeGreaterThanOrEqual(2);
    const last = text[totalPages - 1]!;
    expect(text[0]).toContain('Müller Reisen');
    expect(text[0]).toContain('Größe-1');
    expect(text[0]).toContain('Jürgen Weiß');
    expect(text[0]).toContain('Ярослав Ёлкин');
    expect(text[0]).toContain(`Seite 1 von ${totalPages}`);
    expect(text[0]).toContain('Gedruckt am 01.03.2027 09:00');
    expect(last).toContain(`Seite ${totalPages} von ${totalPages}`);
    expect(last).toContain('Spalte Ä');
    expect(last).toContain('Größe-90');
  });
});
