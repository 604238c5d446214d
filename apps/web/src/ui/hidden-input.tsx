import { useInput } from 'react-admin';

/** Keeps a value in the form without showing it (e.g. the id of a contact row, so the row is updated, not re-created). */
export function HiddenInput({ source }: { source: string }) {
  const { field } = useInput({ source });
  const value: unknown = field.value;
  return (
    <input
      type="hidden"
      name={field.name}
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
    />
  );
}
