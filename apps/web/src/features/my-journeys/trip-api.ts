import type { TripDetail, TripLink, TripSummary, ShareRequest, Process } from '@tourdesk/contracts';
import { API_BASE, api } from '../../lib/api-client.ts';
import { getToken } from '../../lib/auth-token.ts';

export type { TripDetail, TripLink, TripSummary, ShareRequest, Process };

export { tripKey, tripsKey } from './trip-keys.ts';

export { fetchTrips } from '../../shared/traveller-trips.ts';
export const fetchTrip = (id: number) => api<TripDetail>(`/users-vorgaenge/${id}`);
export const fetchShareRequests = (id: number) => api<ShareRequest[]>(`/users-vorgaenge/${id}/share-requests`);

export const addTrip = (number: string, surname: string, zip: string) =>
  api<TripLink>(`/login-vorgang/${encodeURIComponent(number.trim())}`, { method: 'PUT', body: { surname, zip } });

/** Downloads a document of the trip (an API path answering a PDF) with the session's token and saves it. */
export async function downloadDocument(href: string, fallbackName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(`${API_BASE}${href}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(String(response.status));
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name ? decodeURIComponent(name) : fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// Each formatter is made once per language: the first Intl formatter of a page loads ICU's data (~20 ms on a phone).
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** The formatter of days in the reader's language (with or without the year). */
export function dayFormat(locale: string, withYear = true): Intl.DateTimeFormat {
  const key = `${locale || 'de'}|${withYear}`;
  const format =
    dayFormats.get(key) ??
    new Intl.DateTimeFormat(locale || 'de', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
  dayFormats.set(key, format);
  return format;
}

/** A day as the reader's language writes it: "Mo., 7. Dez. 2026". */
export const formatDay = (iso: string, locale: string, withYear = true) =>
  dayFormat(locale, withYear).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

export function formatMoney(euro: number, locale: string): string {
  const format =
    moneyFormats.get(locale || 'de') ?? new Intl.NumberFormat(locale || 'de', { style: 'currency', currency: 'EUR' });
  moneyFormats.set(locale || 'de', format);
  return format.format(euro);
}

/** Plain text of the catalogue's (sanitised) rich text, for the phone's itinerary. */
export const plainText = (html: string | null) =>
  html ? (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim() : '';

/** The map link of a stop: OpenStreetMap at the coordinates, else a search for the address. */
export const mapHref = (stop: {
  lat: number | null;
  lon: number | null;
  name: string;
  street: string | null;
  city: string | null;
}) =>
  stop.lat !== null && stop.lon !== null
    ? `https://www.openstreetmap.org/?mlat=${stop.lat}&mlon=${stop.lon}#map=17/${stop.lat}/${stop.lon}`
    : `https://www.openstreetmap.org/search?query=${encodeURIComponent([stop.name, stop.street, stop.city].filter(Boolean).join(', '))}`;
