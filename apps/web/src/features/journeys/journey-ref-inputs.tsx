import { SelectInput, type SelectInputProps } from 'react-admin';
import { useCategories, useDestinations, useOrganizations } from './journey-refs.ts';

type RefInputProps = Omit<SelectInputProps, 'choices'>;
type Named = { id: number; name: string };

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** A select of named records (by id); the empty choice means none (null). */
function RefSelect({
  records,
  loading,
  ...props
}: RefInputProps & { records: readonly Named[] | undefined; loading: boolean }) {
  return (
    <SelectInput
      choices={(records ?? []).map((row) => ({ id: row.id, name: row.name }))}
      translateChoice={false}
      emptyText="options.none"
      parse={emptyToNull}
      isPending={loading}
      {...props}
    />
  );
}

/** The trip category (the spec's 31 and any added). */
export function CategoryInput(props: RefInputProps) {
  const { data, isPending } = useCategories();
  return <RefSelect records={data} loading={isPending} {...props} />;
}

export function DestinationInput(props: RefInputProps) {
  const { data, isPending } = useDestinations();
  return <RefSelect records={data} loading={isPending} {...props} />;
}

/** The organizer: an organization of any type. */
export function OrganizationInput(props: RefInputProps) {
  const { data, isPending } = useOrganizations();
  return <RefSelect records={data} loading={isPending} {...props} />;
}
