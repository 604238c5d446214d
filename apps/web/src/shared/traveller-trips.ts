import type { TripSummary } from '@tourdesk/contracts';
import { api } from '../lib/api-client.ts';

/**
 * The traveller's trips (GET /users-vorgaenge-app): `active` — not yet over, `past` — over. Every phone screen that
 * starts from "which journey?" (journeys, suitcase, bus location) reads them here.
 */
export const fetchTrips = (kind: 'active' | 'past'): Promise<TripSummary[]> =>
  api<TripSummary[]>(`/users-vorgaenge-app?${kind === 'active' ? 'show_active=1' : 'show_inactive=1'}`);
