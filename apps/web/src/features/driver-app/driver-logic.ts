import type { DriverTransport, Passenger, PassengerList } from '@tourdesk/contracts/driver-app.schema';

/** Today in Europe/Berlin (the drivers' day), YYYY-MM-DD. */
export const todayInBerlin = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** The driver's coaches as the start screen shows them: today's, the next ones, and the last few days'. */
export function groupTransports(transports: readonly DriverTransport[], today: string) {
  return {
    today: transports.filter((one) => one.dateFrom <= today && one.dateTill >= today),
    next: transports.filter((one) => one.dateFrom > today),
    past: transports.filter((one) => one.dateTill < today).reverse(),
  };
}

const normal = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** Whether a passenger fits the search: a part of the name (accents ignored), or the seat exactly. */
export function matchesSearch(passenger: Pick<Passenger, 'name' | 'seat'>, search: string): boolean {
  const wanted = normal(search);
  if (wanted === '') return true;
  if (passenger.seat !== null && normal(passenger.seat) === wanted) return true;
  return normal(passenger.name).includes(wanted);
}

/** The list's stops with only the passengers that fit the search (stops left empty by it go). */
export function filterStops(list: PassengerList, search: string): PassengerList['stops'] {
  if (search.trim() === '') return list.stops;
  return list.stops
    .map((group) => ({ ...group, passengers: group.passengers.filter((one) => matchesSearch(one, search)) }))
    .filter((group) => group.passengers.length > 0);
}

/** The list with one passenger's check-in replaced (the answer of a check-in), counts adjusted. */
export function withCheckin(list: PassengerList, participantId: number, checkin: Passenger['checkin']): PassengerList {
  const stops = list.stops.map((group) => ({
    ...group,
    passengers: group.passengers.map((one) => (one.participantId === participantId ? { ...one, checkin } : one)),
  }));
  const everyone = stops.flatMap((group) => group.passengers);
  return {
    ...list,
    stops,
    transport: {
      ...list.transport,
      boarded: everyone.filter((one) => one.checkin?.status === 'boarded').length,
      noShow: everyone.filter((one) => one.checkin?.status === 'no_show').length,
    },
  };
}
