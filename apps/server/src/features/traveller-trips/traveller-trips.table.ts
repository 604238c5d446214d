import type { Generated } from 'kysely';

/** How a traveller came to a trip: they booked it (or were named as the booker), or someone shared it with them. */
export type TravellerRelation = 'booker' | 'guest';
/** A shared trip waits for the booker's confirmation; the traveller sees it once it is confirmed. */
export type TravellerTripStatus = 'requested' | 'confirmed';

/**
 * ★ Which bookings an app user (traveller) sees in the app (docs/adr/0020): one row per user and booking. Only
 * confirmed rows open a booking's journey, documents, suitcase, diary, travel menu and bus location.
 */
export type TravellerBookingTable = {
  id_user: number;
  id_booking: number;
  relation: TravellerRelation;
  status: TravellerTripStatus;
  requested_at: Generated<string | Date>;
  confirmed_at: string | Date | null;
};

/** The operator's emergency numbers, shown on every traveller's journey (staff keep them at /app/emergencycall). */
export type EmergencyNumberTable = {
  id: Generated<number>;
  position: number;
  label: string;
  phone: string;
};
