import { useQuery } from '@tanstack/react-query';
import type { DriverTransport, PassengerList, Tickets } from '@tourdesk/contracts/driver-app.schema';
import { api } from '../../lib/api-client.ts';

export const transportsKey = ['driver', 'transports'] as const;
export const passengersKey = (id: number) => ['driver', 'transports', id, 'passengers'] as const;

/** GET /driver/transports: the driver's coaches, soonest first. */
export const useDriverTransports = () =>
  useQuery({ queryKey: transportsKey, queryFn: () => api<DriverTransport[]>('/driver/transports') });

/** GET /driver/transports/{id}/passengers: the pick-up list per stop. */
export const usePassengerList = (id: number) =>
  useQuery({ queryKey: passengersKey(id), queryFn: () => api<PassengerList>(`/driver/transports/${id}/passengers`) });

/** GET /users-vorgaenge/{bookingId}/tickets: the traveller's QR tickets (404 while QR tickets are off). */
export const useTickets = (bookingId: number) =>
  useQuery({
    queryKey: ['traveller', 'tickets', bookingId],
    queryFn: () => api<Tickets>(`/users-vorgaenge/${bookingId}/tickets`),
    retry: false,
  });

/** The catalogue key of a failed request (api() throws errors whose message is the key). */
export const errorKey = (error: unknown) =>
  error instanceof Error && error.message.includes('.') ? error.message : 'error.unexpected';
