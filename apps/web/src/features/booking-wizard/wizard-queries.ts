import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Customer } from '@tourdesk/contracts/customers.schema';
import type { DateOccupancy, Departure, SeatMap } from '@tourdesk/contracts/departures.schema';
import type { InsuranceAnswer } from '@tourdesk/contracts/insurances.schema';
import type { Journey, JourneySummary } from '@tourdesk/contracts/journeys.schema';
import type { Page } from '@tourdesk/contracts/list';
import { api } from '../../lib/api-client.ts';

/** How often availability is asked again while the clerk works on a date (seats sell meanwhile). */
const LIVE_MS = 20_000;

/** GET /customers?lit-search=…: the first ten customers matching what was typed. */
export const useCustomerSearch = (search: string) =>
  useQuery({
    queryKey: ['booking-wizard', 'customers', search],
    queryFn: ({ signal }) =>
      api<Page<Customer>>(`/customers?lit-search=${encodeURIComponent(search)}&$limit=10`, { signal }),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

/** GET /journey-lit?lit-search=…: journeys matching what was typed (all when empty), next date first. */
export const useJourneySearch = (search: string) =>
  useQuery({
    queryKey: ['booking-wizard', 'journeys', search],
    queryFn: ({ signal }) =>
      api<Page<JourneySummary>>(
        `/journey-lit?$limit=10&$sort[nextDate]=1${search.trim() ? `&lit-search=${encodeURIComponent(search)}` : ''}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** GET /journey-lit/{id}: the journey's dates with their prices, its extras. */
export const useJourney = (id: number | null) =>
  useQuery({
    queryKey: ['booking-wizard', 'journey', id],
    queryFn: () => api<Journey>(`/journey-lit/${id}`),
    enabled: id !== null,
    staleTime: 60_000,
  });

/** GET /journey-lit/{id}/occupancy: seats and rooms held per date. */
export const useOccupancy = (id: number | null) =>
  useQuery({
    queryKey: ['booking-wizard', 'occupancy', id],
    queryFn: async () => (await api<{ data: DateOccupancy[] }>(`/journey-lit/${id}/occupancy`)).data,
    enabled: id !== null,
    refetchInterval: LIVE_MS,
  });

/** GET /departures/{nr}: coaches, travel stops and pools with what is free, kept fresh. */
export const useDeparture = (nr: number | null) =>
  useQuery({
    queryKey: ['booking-wizard', 'departure', nr],
    queryFn: () => api<Departure>(`/departures/${nr}`),
    enabled: nr !== null,
    refetchInterval: LIVE_MS,
  });

/** GET /departures/{nr}/seat-map: each coach's layout with the seats held by other bookings. */
export const seatMapQuery = (nr: number | null) => ({
  queryKey: ['booking-wizard', 'seat-map', nr],
  queryFn: () => api<SeatMap>(`/departures/${nr}/seat-map`),
});
export const useSeatMap = (nr: number | null) =>
  useQuery({ ...seatMapQuery(nr), enabled: nr !== null, refetchInterval: LIVE_MS });

/**
 * GET /insurances/ergo?termin=&traveller=…: the offers with one premium per traveller. Without insurance
 * products (or the call) the wizard offers none.
 */
export const useInsuranceOffers = (termin: number | null, travellers: readonly string[], lang: string) =>
  useQuery({
    queryKey: ['booking-wizard', 'insurances', termin, travellers, lang],
    queryFn: async () => {
      const query = new URLSearchParams({ termin: String(termin), lang });
      for (const traveller of travellers) query.append('traveller', traveller);
      return (await api<InsuranceAnswer>(`/insurances/ergo?${query.toString()}`)).data;
    },
    enabled: termin !== null && travellers.length > 0,
    retry: false,
    staleTime: 60_000,
  });
