import { formatPrice } from '@tourdesk/contracts/format';

/** Euro in the German format the app uses everywhere (`1.234,50 €`). */
export const euro = (value: number) => formatPrice(value);

/** A price typed with a comma or a point (`2,50`, `2.5`); null when it is no amount. */
export function parsePrice(text: string): number | null {
  const cleaned = text.trim().replace(/\s|€/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}
