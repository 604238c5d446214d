import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type { SeatLayout } from '@tourdesk/contracts/seat-plans.schema';
import { extractText, getDocumentProxy } from 'unpdf';

/** A 16-seat coach (or minibus): a driver row, then four rows of two seats, the aisle, two seats. */
export function sixteenSeatCoach(): SeatLayout {
  const cell = (idx: number, txt = '') => ({ txt, idx, isSeat: idx === 0 });
  let seat = 0;
  const seatRow = () => [0, 0, 1, 0, 0].map((idx) => (idx === 0 ? cell(0, String(++seat)) : cell(1)));
  return {
    decks: [{ name: null, rows: [[cell(2), cell(1), cell(1), cell(1), cell(3)], ...[1, 2, 3, 4].map(seatRow)] }],
  };
}

/** The seat numbers from `from` to `to` (for blocked seats). */
export const seatRange = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, index) => String(from + index));

export type Downloaded = { name: string; path: string; head: string };

/** Clicks a download button; answers the file's suggested name, where Playwright keeps it, and its first bytes. */
export async function downloadOf(page: Page, button: Locator): Promise<Downloaded> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), path, head: (await readFile(path)).subarray(0, 5).toString('latin1') };
}

/** The text of each page of a PDF file (pdf.js through unpdf). */
export async function pdfPages(path: string): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
  return (await extractText(pdf, { mergePages: false })).text;
}
