import { addDateRemoveCheck, addJourneyDeleteCheck, addJourneyPartsRemoveCheck } from '../journeys/journeys.service.ts';
import { countBookingsOfJourney, countBookingsUsingParts, findDatesWithBookings } from './bookings.repository.ts';

let registered = false;

/**
 * Bookings keep their journey and date (registered once at start-up, by the bookings routes): a journey with
 * bookings cannot be deleted (409 error.journeyHasBookings), a date with bookings cannot be removed from its
 * journey (409 error.dateHasBookings), nor a booked room type or extra (409 error.conflict). Cancelled bookings
 * count: their history stays.
 */
export function registerBookingGuards(): void {
  if (registered) return;
  registered = true;
  addJourneyDeleteCheck(async (ctx, journeyId) =>
    (await countBookingsOfJourney(ctx.db, journeyId)) > 0 ? 'error.journeyHasBookings' : null,
  );
  addDateRemoveCheck(async (ctx, dateNrs) =>
    (await findDatesWithBookings(ctx.db, dateNrs)).length > 0 ? 'error.dateHasBookings' : null,
  );
  addJourneyPartsRemoveCheck(async (ctx, removed) =>
    (await countBookingsUsingParts(ctx.db, removed)) > 0 ? 'error.conflict' : null,
  );
}
