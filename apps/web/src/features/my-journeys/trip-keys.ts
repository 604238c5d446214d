/** The react-query keys of the traveller's trips (apart from trip-api.ts, so the phone app's registry stays small). */
export const tripsKey = (kind: 'active' | 'past') => ['my-journeys', 'list', kind] as const;
export const tripKey = (id: number) => ['my-journeys', 'trip', id] as const;
