import type {
  BoardingPoint,
  CreateBoardingPointBody,
  CreateDestinationBody,
  CreateJourneyCategoryBody,
  CreateStopGroupBody,
  Destination,
  JourneyCategory,
  StopGroup,
} from '@tourdesk/contracts';
import { createBoardingPoint, createStopGroup } from '../features/boarding-points/boarding-points.service.ts';
import { listCountries } from '../features/countries/countries.service.ts';
import { createDestination } from '../features/destinations/destinations.service.ts';
import { createCategory } from '../features/journey-categories/journey-categories.service.ts';
import type { DbContext } from '../types.ts';
import { DEMO_BOARDING_POINTS, DEMO_DESTINATIONS, DEMO_STOP_GROUPS } from './catalogue-data.ts';

/**
 * Factories of the trip catalogue's reference data (boarding points, stop groups, destinations, categories),
 * shared by the demo data and the tests like those in factories.ts.
 */

/** The loc_country ids of ISO 3166-1 alpha-2 codes (unknown codes are left out). */
export async function countryIdsByIso(ctx: DbContext, isos: readonly string[]): Promise<number[]> {
  const all = (await listCountries(ctx, { pagination: 'false' })) as Array<{ id_loc_country?: number; iso?: string }>;
  const byIso = new Map(all.map((country) => [country.iso, country.id_loc_country]));
  return isos.flatMap((iso) => byIso.get(iso) ?? []);
}

/** The `n`-th demo boarding point (cycling through the 40), its name suffixed with `n` past the first round. */
export function makeBoardingPointBody(n: number, overrides: Partial<CreateBoardingPointBody> = {}) {
  const { group: _group, ...stop } = DEMO_BOARDING_POINTS[n % DEMO_BOARDING_POINTS.length]!;
  const round = Math.floor(n / DEMO_BOARDING_POINTS.length);
  return { ...stop, name: round === 0 ? stop.name : `${stop.name} ${round + 1}`, ...overrides };
}

export async function createBoardingPointFixture(
  ctx: DbContext,
  n: number,
  overrides: Partial<CreateBoardingPointBody> = {},
): Promise<BoardingPoint> {
  return createBoardingPoint(ctx, makeBoardingPointBody(n, overrides));
}

/** A stop group with the given boarding points in that order (named after `n` unless `name` is given). */
export async function createStopGroupFixture(
  ctx: DbContext,
  n: number,
  overrides: Partial<CreateStopGroupBody> = {},
): Promise<StopGroup> {
  return createStopGroup(ctx, { name: `Zustiegsgruppe ${n}`, zustiege: [], ...overrides });
}

/** The `n`-th demo destination (cycling through the 12) with its countries and SEO texts. */
export async function createDestinationFixture(
  ctx: DbContext,
  n: number,
  overrides: Partial<CreateDestinationBody> = {},
): Promise<Destination> {
  const { countries, ...demo } = DEMO_DESTINATIONS[n % DEMO_DESTINATIONS.length]!;
  const round = Math.floor(n / DEMO_DESTINATIONS.length);
  return createDestination(ctx, {
    ...demo,
    name: round === 0 ? demo.name : `${demo.name} ${round + 1}`,
    countries: overrides.countries ?? (await countryIdsByIso(ctx, countries)),
    ...overrides,
  });
}

export async function createCategoryFixture(
  ctx: DbContext,
  n: number,
  overrides: Partial<CreateJourneyCategoryBody> = {},
): Promise<JourneyCategory> {
  return createCategory(ctx, { name: `Reiseart ${n}`, ...overrides });
}

/** What the catalogue demo made, for the demo journeys to refer to (by name). */
export type CatalogueReferences = {
  boardingPoints: BoardingPoint[];
  stopGroups: StopGroup[];
  destinations: Destination[];
};

/**
 * The demo's reference data: 40 boarding points around Leipzig, Dresden and Chemnitz in 5 stop groups, and
 * 12 destinations. The 31 categories come with the migration.
 */
export async function seedCatalogueReferences(ctx: DbContext): Promise<CatalogueReferences> {
  const boardingPoints: BoardingPoint[] = [];
  for (let n = 0; n < DEMO_BOARDING_POINTS.length; n++) boardingPoints.push(await createBoardingPointFixture(ctx, n));
  const stopGroups: StopGroup[] = [];
  for (const [index, name] of DEMO_STOP_GROUPS.entries()) {
    const members = DEMO_BOARDING_POINTS.flatMap((stop, n) => (stop.group === name ? [boardingPoints[n]!.id] : []));
    stopGroups.push(await createStopGroupFixture(ctx, index, { name, zustiege: members }));
  }
  const destinations: Destination[] = [];
  for (let n = 0; n < DEMO_DESTINATIONS.length; n++) destinations.push(await createDestinationFixture(ctx, n));
  return { boardingPoints, stopGroups, destinations };
}
