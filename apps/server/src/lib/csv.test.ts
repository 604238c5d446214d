import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('CSV for German Excel', () => {
  it('writes a BOM, semicolons and CRLF, quoting what needs it', () => {
    expect(
      toCsv(
        ['Name', 'Sitz'],
        [
          ['Müller; Jürgen', 5],
          ['Oßwald "Björn"', null],
        ],
      ),
    ).toBe('\uFEFFName;Sitz\r\n"Müller; Jürgen";5\r\n"Oßwald ""Björn""";\r\n');
  });

  it('defuses formulas but leaves phone numbers alone', () => {
    const csv = toCsv(['A'], [['=SUM(A1)'], ['+49 171 5550001'], ['-1+2'], ['@cmd'], ['0351/444']]);
    expect(csv.replace('\uFEFF', '').split('\r\n')).toEqual([
      'A',
      `"'=SUM(A1)"`,
      '+49 171 5550001',
      `"'-1+2"`,
      `"'@cmd"`,
      '0351/444',
      '',
    ]);
  });
});
