import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

const CONTACT_LISTS = ['phones', 'emails'] as const;

/**
 * A row added in the form carries `null` for every field it has no input for (react-admin copies the keys
 * of the existing rows: `id_vc_field`, `drop`, …). Those nulls mean "not set": they are dropped, so the
 * contract sees a new row without an id (and the server adds it) and a kept row with its id (updated).
 */
export function withoutUnsetRowFields(values: FieldValues): FieldValues {
  const result: FieldValues = { ...values };
  for (const list of CONTACT_LISTS) {
    const rows: unknown = values[list];
    if (!Array.isArray(rows)) continue;
    result[list] = rows.map((row: unknown) =>
      row && typeof row === 'object'
        ? Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null && value !== undefined))
        : row,
    );
  }
  return result;
}

/** The form resolver of a contract with contact rows: checks the rows without their unset fields. */
export function contactRowsResolver(schema: z.ZodObject): Resolver<FieldValues> {
  const contract = zodResolver(schema);
  return (values, context, options) =>
    contract(withoutUnsetRowFields(values), context, options as never) as ReturnType<Resolver<FieldValues>>;
}
