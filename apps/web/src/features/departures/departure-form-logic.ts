import type { StopDirection } from '@tourdesk/contracts/journeys.schema';
import type { Departure, UpdateDepartureBody } from '@tourdesk/contracts/departures.schema';
import type { SeatLayout, SeatPlan } from '@tourdesk/contracts/seat-plans.schema';
import type { Richtung } from '@tourdesk/contracts/bookings.schema';

/** The departure screen's tabs, in order; the coaches are its first page. */
export const DEPARTURE_TABS = [
  'coaches',
  'stops',
  'pools',
  'alerts',
  'seats',
  'waitlist',
  'checkins',
  'manifests',
] as const;
export type DepartureTab = (typeof DEPARTURE_TABS)[number];

export const departurePath = (journeyId: number | string, nr: number | string, tab: DepartureTab = 'coaches') =>
  `/internet/journeys/${journeyId}/dates/${nr}${tab === 'coaches' ? '' : `/${tab}`}`;

/** A coach as the form keeps it: the body's fields, plus the layout shown and the counts read from the server. */
export type TransportValues = {
  id?: number;
  direction: StopDirection;
  name: string;
  id_seat_plan: number | null;
  layout: SeatLayout;
  blocked_seats: string[];
  id_driver_card: number | null;
  vehicle: string | null;
  capacity?: number;
  held?: number;
};

/** A travel stop row: the body's fields plus the boarding point's name and who boards there. */
export type TravelStopValues = {
  id?: number;
  id_zus_zustiege: number | null;
  direction: StopDirection;
  knotenhaltnr: number | null;
  time: string | null;
  day_offset: number;
  surcharge: number;
  name?: string;
  travellers?: number;
};

/** A room or extra pool: its capacity is editable; held and name are shown. */
export type QuotaValues = { kind: 'room' | 'extra'; ref: number; capacity: number; name: string; held: number };

export type DepartureValues = {
  transports: TransportValues[];
  travelStops: TravelStopValues[];
  quotas: QuotaValues[];
};

/** The departure document as the planning form starts with it. */
export function toFormValues(departure: Departure): DepartureValues {
  return {
    transports: departure.transports.map((transport) => ({
      id: transport.id,
      direction: transport.direction,
      name: transport.name,
      id_seat_plan: transport.id_seat_plan,
      layout: transport.layout,
      blocked_seats: [...transport.blocked_seats],
      id_driver_card: transport.id_driver_card,
      vehicle: transport.vehicle,
      capacity: transport.capacity,
      held: transport.held,
    })),
    travelStops: departure.travelStops.map((stop) => ({
      id: stop.id,
      id_zus_zustiege: stop.id_zus_zustiege,
      direction: stop.direction,
      knotenhaltnr: stop.knotenhaltnr,
      time: stop.time,
      day_offset: stop.day_offset,
      surcharge: stop.surcharge,
      name: stop.name,
      travellers: stop.travellers,
    })),
    quotas: departure.quotas
      .filter((quota): quota is typeof quota & { kind: 'room' | 'extra' } => quota.kind !== 'seat')
      .map((quota) => ({
        kind: quota.kind,
        ref: quota.ref,
        capacity: quota.capacity,
        name: quota.name,
        held: quota.held,
      })),
  };
}

/**
 * The PUT body: only the fields the contract takes. A new coach sends its seat plan (the server copies the
 * layout); a coach already planned sends its own copy back, so that a later change of the plan leaves it alone.
 */
export function toUpdateBody(values: DepartureValues): UpdateDepartureBody {
  return {
    transports: values.transports.map((transport) => ({
      ...(transport.id ? { id: transport.id, layout: transport.layout } : {}),
      direction: transport.direction,
      name: transport.name,
      id_seat_plan: transport.id_seat_plan,
      blocked_seats: transport.blocked_seats,
      id_driver_card: transport.id_driver_card,
      vehicle: transport.vehicle,
    })),
    travelStops: values.travelStops.map((stop) => ({
      ...(stop.id ? { id: stop.id } : {}),
      // An unchosen boarding point goes to the server as it is, so that its error shows at the field.
      id_zus_zustiege: stop.id_zus_zustiege as number,
      direction: stop.direction,
      ...(stop.knotenhaltnr ? { knotenhaltnr: stop.knotenhaltnr } : {}),
      time: stop.time,
      day_offset: stop.day_offset,
      surcharge: stop.surcharge,
    })),
    quotas: values.quotas.map((quota) => ({ kind: quota.kind, ref: quota.ref, capacity: quota.capacity })),
  };
}

/** A coach added from a seat plan: named after the plan, nothing blocked yet beyond the plan's own blocks. */
export const transportFromPlan = (plan: SeatPlan, direction: StopDirection, count: number): TransportValues => ({
  direction,
  name: count > 0 ? `${plan.name} ${count + 1}` : plan.name,
  id_seat_plan: plan.id,
  layout: plan.layout,
  blocked_seats: [],
  id_driver_card: null,
  vehicle: null,
});

/** The next free stop number of a direction (the server's default too). */
export const nextStopNumber = (stops: readonly TravelStopValues[], direction: StopDirection): number =>
  Math.max(0, ...stops.filter((stop) => stop.direction === direction).map((stop) => stop.knotenhaltnr ?? 0)) + 1;

/** Adds a seat label to a list, or takes it out when it is there. */
export const toggleSeat = (seats: readonly string[], seat: string): string[] =>
  seats.includes(seat) ? seats.filter((label) => label !== seat) : [...seats, seat];

export const RICHTUNG_OF: Record<StopDirection, Richtung> = { outbound: 'H', return: 'R' };

/** Share of a capacity in percent for a bar (0 when there is none; 100 at most). */
export const percentOf = (held: number, capacity: number): number =>
  capacity > 0 ? Math.min(100, Math.round((held / capacity) * 100)) : 0;

/**
 * The first message in a react-hook-form error subtree: a server refusal at `transports.0.blocked_seats.3` or at
 * `transports` itself has no input of its own, so the section shows it.
 */
export function firstErrorMessage(node: unknown): string | null {
  if (!node || typeof node !== 'object') return null;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'message' || key === 'type') continue;
    const found = firstErrorMessage(child);
    if (found) return found;
  }
  return null;
}

/** The colour of a bookable status' chip (as in the trip list): bookable green, on request orange, not bookable red. */
export const BOOKABLE_COLORS = ['success', 'warning', 'error'] as const;
