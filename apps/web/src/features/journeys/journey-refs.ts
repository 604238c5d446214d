import { useQuery } from '@tanstack/react-query';
import type { BoardingPoint, StopGroup } from '@tourdesk/contracts/boarding-points.schema';
import type { Destination } from '@tourdesk/contracts/destinations.schema';
import type { JourneyCategory } from '@tourdesk/contracts/journey-categories.schema';
import type { OrganizationRef } from '@tourdesk/contracts/organizations.schema';
import { api } from '../../lib/api-client.ts';

/** A whole list: `pagination=false` answers the plain array; a paged answer's `data` is taken as well. */
async function allOf<T>(path: string): Promise<T[]> {
  const answer = await api<T[] | { data: T[] }>(path);
  return Array.isArray(answer) ? answer : answer.data;
}

const MINUTE = 60_000;

/** The choices the editor and the list filters pick from, loaded once and kept for a minute. */
const useAll = <T>(key: string, path: string) =>
  useQuery({ queryKey: ['journey-refs', key], queryFn: () => allOf<T>(path), staleTime: MINUTE });

export const useCategories = () => useAll<JourneyCategory>('categories', '/journey/category-all');
export const useDestinations = () => useAll<Destination>('destinations', '/journey/destination?pagination=false');
/** The organizer of a journey is an organization of any type. */
export const useOrganizations = () => useAll<OrganizationRef>('organizations', '/organization-all');
export const useBoardingPoints = () => useAll<BoardingPoint>('boarding-points', '/zustiege-lit?pagination=false');
export const useStopGroups = () => useAll<StopGroup>('stop-groups', '/zustiege-gruppen-lit?pagination=false');
