import type { FastifyRequest } from 'fastify';
import { hasPermission } from '@tourdesk/contracts';
import { forbidden } from '../../lib/errors.ts';

/** Who makes a change: the user (for the history) and their agency (agency users see and book their own). */
export type BookingActor = {
  userId: number | null;
  agencyId: number | null;
  /** the host the request came to: its brand heads the booking's documents and mails */
  host?: string;
  /** the language of the request, the default of a new booking's language */
  language?: string;
};

/**
 * Who a booking request acts for (docs/adr/0019). A user whose card carries an agency acts for that agency,
 * whatever their rights: they see, change and book that agency's bookings only. Staff without an agency — anyone
 * with `vorgang-read` or `process-read` — act for the whole office (`agencyId` null). Anyone else reached a
 * booking route through an `agencydata-*` right without an agency on their card and may do nothing (spec §6), so
 * the request is refused before any data is read.
 */
export function bookingActorOf(request: FastifyRequest): BookingActor {
  const auth = request.auth;
  const agencyId = auth?.agencyId ?? null;
  if (agencyId == null && !hasPermission(auth, 'vorgang-read') && !hasPermission(auth, 'process-read')) {
    throw forbidden();
  }
  return {
    userId: auth?.id ?? null,
    agencyId,
    host: request.hostname,
    language: request.headers['accept-language']?.slice(0, 2).toLowerCase(),
  };
}
