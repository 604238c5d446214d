/**
 * Display conventions shared by every screen (spec §9): dates DD.MM.YYYY and DD.MM.YYYY HH:mm in
 * Europe/Berlin, sent as YYYY-MM-DD; prices in euro, German format, two decimals.
 */
export const TIME_ZONE = 'Europe/Berlin';

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const priceFormat = new Intl.NumberFormat('de-DE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const decimalFormat = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const toDate = (value: string | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** `2026-03-01` or an ISO timestamp → `01.03.2026` (a plain date is shown as it is, never shifted by a time zone). */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const match = DATE_ONLY.exec(value);
    if (match) return `${match[3]}.${match[2]}.${match[1]}`;
  }
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** An ISO timestamp → `01.03.2026 14:05` in Europe/Berlin. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  return date ? dateTimeFormat.format(date).replace(',', '') : '';
}

/** `01.03.2026` (or an ISO value) → `2026-03-01`, the form dates travel in; null when it is no valid date. */
export function toApiDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
    if (german) {
      const [, day, month, year] = german;
      const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
      const check = new Date(`${iso}T00:00:00Z`);
      return check.getUTCDate() === Number(day) && check.getUTCMonth() + 1 === Number(month) ? iso : null;
    }
    if (DATE_ONLY.test(value)) return value;
  }
  const date = toDate(value);
  if (!date) return null;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
  return parts;
}

/** 1234.5 → `1.234,50 €` */
export function formatPrice(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? priceFormat.format(number) : '';
}

/**
 * What someone typed into a price field → the normalised form with a comma and two decimals:
 * `12` → `12,00`, `12.5` → `12,50`, `1.234,5` → `1234,50`. Null when it is not a price.
 */
export function normalizePriceInput(input: string | number | null | undefined): string | null {
  if (input === null || input === undefined) return null;
  let text = String(input).trim().replace(/\s|€/g, '');
  if (text === '') return null;
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  else if ((text.match(/\./g) ?? []).length > 1) text = text.replace(/\./g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return decimalFormat.format(Number(text));
}

/** `12,50` → 12.5 (the number a price field stands for). */
export function parsePriceInput(input: string | null | undefined): number | null {
  const normalised = normalizePriceInput(input);
  return normalised === null ? null : Number(normalised.replace(',', '.'));
}

/**
 * Avatar initials (spec §9): the first letter plus the letter after the last dash or space,
 * or else the first two letters. `Andrea Köhler` → `AK`, `Hans-Peter` → `HP`, `Müller` → `MÜ`.
 */
export function initials(name: string | null | undefined): string {
  const text = (name ?? '').trim();
  if (!text) return '';
  const letters = [...text];
  const lastBreak = Math.max(text.lastIndexOf(' '), text.lastIndexOf('-'));
  if (lastBreak > 0 && lastBreak < text.length - 1) {
    const after = [...text.slice(lastBreak + 1)][0]!;
    return (letters[0]! + after).toUpperCase();
  }
  return letters.slice(0, 2).join('').toUpperCase();
}

/** Shortens a text to `max` characters ending in `...` (spec §9). */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  const characters = [...value];
  if (characters.length <= max) return value;
  return `${characters
    .slice(0, Math.max(0, max - 3))
    .join('')
    .trimEnd()}...`;
}
