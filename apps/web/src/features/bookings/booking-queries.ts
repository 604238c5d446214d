import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingEvent, BookingMail } from '@tourdesk/contracts/bookings.schema';
import type { Departure } from '@tourdesk/contracts/departures.schema';
import type { Invoice } from '@tourdesk/contracts/invoices.schema';
import type { BookingAccount } from '@tourdesk/contracts/payments.schema';
import { api } from '../../lib/api-client.ts';

/** A list answered plainly or as a page (`{ data }`). */
async function allOf<T>(path: string): Promise<T[]> {
  const answer = await api<T[] | { data: T[] }>(path);
  return Array.isArray(answer) ? answer : answer.data;
}

export const bookingKey = (id: number) => ['booking', id] as const;

/** A refusal (4xx: not found, not allowed) stays one; only failures of the network or server are tried again. */
const retryUnlessRefused = (failures: number, error: unknown) => {
  const status = (error as { status?: number }).status;
  return failures < 3 && !(status !== undefined && status >= 400 && status < 500);
};

/**
 * GET /ratio_vorgang/{id}: the booking with participants, price lines and allowed next statuses. Another
 * agency's booking is answered 404 at once (not retried), so "not found" shows without delay.
 */
export const useBooking = (id: number) =>
  useQuery({
    queryKey: bookingKey(id),
    queryFn: () => api<Booking>(`/ratio_vorgang/${id}`),
    retry: retryUnlessRefused,
  });

/** GET /ratio_vorgang/{id}/payments: total, paid, open, schedule, payments and reminder level. */
export const useAccount = (id: number) =>
  useQuery({
    queryKey: [...bookingKey(id), 'payments'],
    queryFn: () => api<BookingAccount>(`/ratio_vorgang/${id}/payments`),
  });

/** GET /ratio_vorgang/{id}/invoices: the invoices and credit notes issued for the booking. */
export const useInvoices = (id: number) =>
  useQuery({
    queryKey: [...bookingKey(id), 'invoices'],
    queryFn: () => allOf<Invoice>(`/ratio_vorgang/${id}/invoices`),
  });

export const useHistory = (id: number) =>
  useQuery({
    queryKey: [...bookingKey(id), 'history'],
    queryFn: () => allOf<BookingEvent>(`/ratio_vorgang/${id}/history`),
  });

export const useMails = (id: number) =>
  useQuery({
    queryKey: [...bookingKey(id), 'mails'],
    queryFn: () => allOf<BookingMail>(`/ratio_vorgang/${id}/mails`),
  });

/** The departure of the booking, for the names of its travel stops (only for those who may read departures). */
export const useBookingDeparture = (nr: number, enabled: boolean) =>
  useQuery({
    queryKey: ['departure', nr],
    queryFn: () => api<Departure>(`/departures/${nr}`),
    enabled,
    staleTime: 60_000,
  });

/** Reloads everything of the booking after a change (status, payment, invoice, cancellation). */
export function useRefreshBooking(id: number) {
  const queryClient = useQueryClient();
  return (booking?: Booking) => {
    if (booking) queryClient.setQueryData(bookingKey(id), booking);
    return queryClient.invalidateQueries({ queryKey: bookingKey(id) });
  };
}
