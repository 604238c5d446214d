import { toApiDate } from '@tourdesk/contracts/format';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const GERMAN_DATE = /^\d{1,2}\.\d{1,2}\.\d{4}$/;

/** The text a date field shows for a form value: `2026-03-01` → `01.03.2026`; a draft stays as typed. */
export function formatDateInput(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const iso = ISO_DATE.exec(text);
  return iso ? `${iso[3]}.${iso[2]}.${iso[1]}` : text;
}

/**
 * The form value for what was typed: a real day as DD.MM.YYYY (or D.M.YYYY, or pasted YYYY-MM-DD) becomes
 * `YYYY-MM-DD`, an empty field null; anything else stays as typed, so the contract refuses it with its message.
 */
export function parseDateInput(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (GERMAN_DATE.test(trimmed) || ISO_DATE.test(trimmed)) return toApiDate(trimmed) ?? text;
  return text;
}
