import { encode } from 'uqr';

/**
 * QR codes of the tickets: drawn from the module matrix of `uqr` as one SVG path (crisp at any size, black on
 * white whatever the theme), and the matrix as RGBA pixels for the decoder's round-trip test.
 */
export type QrMatrix = boolean[][];

/** The QR matrix of `text` with a quiet zone of `border` modules (medium error correction: a scratched screen). */
export const qrMatrix = (text: string, border = 4): QrMatrix => encode(text, { ecc: 'M', border }).data;

/** An SVG path drawing every dark module as a 1×1 square (`M x y h1 v1 h-1 z`). */
export function qrPath(matrix: QrMatrix): string {
  const parts: string[] = [];
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return parts.join('');
}

/** The matrix as an RGBA image, `scale` pixels per module (black on white). */
export function qrPixels(matrix: QrMatrix, scale: number): { data: Uint8ClampedArray; width: number; height: number } {
  const size = matrix.length * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!matrix[Math.floor(y / scale)]![Math.floor(x / scale)]) continue;
      const at = (y * size + x) * 4;
      data[at] = data[at + 1] = data[at + 2] = 0;
    }
  return { data, width: size, height: size };
}
