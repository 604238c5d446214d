import type { FastifyRequest } from 'fastify';
import { hasPermission, type PermissionName } from '@tourdesk/contracts';
import { forbidden } from './errors.ts';

/**
 * Who reads a catalogue route that agency users share with staff (journeys, dates, seat maps, stops —
 * docs/adr/0019): a user whose card carries an agency reads as that agency (the answer leaves out other
 * bookings' people and the office's planning data), whatever their rights; staff with one of `staffRights` read
 * everything (null). Anyone else came in through `agencydata-read` without an agency on their card and may read
 * nothing (spec §6): 403 before any data is read.
 */
export function catalogueAgencyOf(request: FastifyRequest, staffRights: readonly PermissionName[]): number | null {
  const auth = request.auth;
  const agencyId = auth?.agencyId ?? null;
  if (agencyId == null && !staffRights.some((right) => hasPermission(auth, right))) throw forbidden();
  return agencyId;
}
