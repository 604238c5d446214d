import { useQuery } from '@tanstack/react-query';
import type { BoardingPoint } from '@tourdesk/contracts/boarding-points.schema';
import type { Customer } from '@tourdesk/contracts/customers.schema';
import type { RatioParticipant } from '@tourdesk/contracts/bookings.schema';
import type { Departure, DateOccupancy, CoachTrip, SeatMap } from '@tourdesk/contracts/departures.schema';
import type { SeatPlan } from '@tourdesk/contracts/seat-plans.schema';
import { api } from '../../lib/api-client.ts';

const MINUTE = 60_000;

/** A whole list: `pagination=false` answers the plain array; a paged answer's `data` is taken as well. */
async function allOf<T>(path: string): Promise<T[]> {
  const answer = await api<T[] | { data: T[] }>(path);
  return Array.isArray(answer) ? answer : answer.data;
}

export const departureKey = (nr: number) => ['departure', nr] as const;
export const seatMapKey = (nr: number) => ['departure', nr, 'seat-map'] as const;
export const participantsKey = (nr: number) => ['departure', nr, 'participants'] as const;

/** GET /departures/{nr}: the date with its coaches, stops, pools and alerts. */
export const useDeparture = (nr: number) =>
  useQuery({ queryKey: departureKey(nr), queryFn: () => api<Departure>(`/departures/${nr}`) });

/** GET /departures/{nr}/seat-map: every coach's layout with its blocked and held seats. */
export const useSeatMap = (nr: number) =>
  useQuery({ queryKey: seatMapKey(nr), queryFn: () => api<SeatMap>(`/departures/${nr}/seat-map`) });

/**
 * GET /departures/{nr}/driver-trips?driver= or /vehicle-trips?vehicle=: the other dates that driver drives, or that
 * vehicle is, a coach on during this date's days.
 */
export const useCoachTrips = (nr: number, kind: 'driver' | 'vehicle', value: number | string | null) =>
  useQuery({
    queryKey: [...departureKey(nr), `${kind}-trips`, value] as const,
    queryFn: () =>
      api<CoachTrip[]>(`/departures/${nr}/${kind}-trips?${new URLSearchParams({ [kind]: String(value) }).toString()}`),
    enabled: value !== null && Number.isInteger(nr) && nr > 0,
    // a plate longer than the field allows is refused (400): the field says so on saving, the warning waits
    retry: false,
  });

/** GET /departures/vehicles: the plates coaches have been given, the most recently planned first. */
export const useVehicles = () =>
  useQuery({
    queryKey: ['departure-refs', 'vehicles'],
    queryFn: () => api<string[]>('/departures/vehicles'),
    staleTime: MINUTE,
  });

/** GET /ratio/api/participants/{nr}: the participants of the date's bookings with their seats and stops. */
export const useParticipants = (nr: number) =>
  useQuery({
    queryKey: participantsKey(nr),
    queryFn: async () => (await api<{ data: RatioParticipant[] }>(`/ratio/api/participants/${nr}`)).data,
  });

/** GET /journey-lit/{id}/occupancy: one row per date. */
export const useOccupancy = (journeyId: number) =>
  useQuery({
    queryKey: ['journey-occupancy', journeyId],
    queryFn: async () => (await api<{ data: DateOccupancy[] }>(`/journey-lit/${journeyId}/occupancy`)).data,
  });

/** The active seat plans a coach can be planned from. */
export const useSeatPlans = () =>
  useQuery({
    queryKey: ['departure-refs', 'seat-plans'],
    queryFn: () => allOf<SeatPlan>('/seat-plans?$limit=-1'),
    staleTime: MINUTE,
  });

/** The drivers a coach can be given (customers flagged as drivers). */
export const useDrivers = () =>
  useQuery({
    queryKey: ['departure-refs', 'drivers'],
    queryFn: () => allOf<Customer>('/customers?driversOnly=true&$limit=-1'),
    staleTime: MINUTE,
  });

export const useBoardingPoints = () =>
  useQuery({
    queryKey: ['departure-refs', 'boarding-points'],
    queryFn: () => allOf<BoardingPoint>('/zustiege-lit?pagination=false'),
    staleTime: MINUTE,
  });
