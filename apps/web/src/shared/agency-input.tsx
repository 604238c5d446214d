import { useQuery } from '@tanstack/react-query';
import { SelectInput, type SelectInputProps } from 'react-admin';
import type { OrganizationRef } from '@tourdesk/contracts/organizations.schema';
import { api } from '../lib/api-client.ts';

/** Organization type of travel agencies (spec §3). */
export const AGENCY_TYPE = 1;

/** Every agency by name, for selects and names in lists (GET /organization-all?type=1). */
export function useAgencyChoices(enabled = true) {
  return useQuery({
    queryKey: ['organization-all', AGENCY_TYPE],
    queryFn: () => api<OrganizationRef[]>(`/organization-all?type=${AGENCY_TYPE}`),
    enabled,
    staleTime: 60_000,
  });
}

const emptyToNull = (value: unknown) => (value === '' ? null : value);

/** Picks the agency a customer or an agency user belongs to; the empty choice means "none" (null). */
export function AgencyInput({ source = 'agencyId', ...props }: Omit<SelectInputProps, 'choices'>) {
  const { data, isPending } = useAgencyChoices();
  return (
    <SelectInput
      source={source}
      choices={data ?? []}
      translateChoice={false}
      emptyText="agencies.none"
      parse={emptyToNull}
      isPending={isPending}
      {...props}
    />
  );
}
