import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { PublicSettings } from '@tourdesk/contracts';
import { api } from './api-client.ts';

/**
 * The settings screens need (select options, countries), loaded once from the public call and shared by all
 * screens. The full settings API is for the superadmins who manage them.
 */
export function useSettings() {
  return useQuery({
    queryKey: ['settings-public'],
    queryFn: () => api<PublicSettings>('/settings-public'),
    staleTime: 5 * 60 * 1000,
  });
}

export type SelectOptionKind = 'salutation' | 'sex' | 'marital' | 'title' | 'phone' | 'email';

const FALLBACK: Record<SelectOptionKind, number[]> = {
  salutation: [0, 1, 2],
  sex: [0, 1, 2, 3],
  marital: [0, 1, 2, 3],
  title: [0, 1, 2, 3],
  phone: [0, 1, 2, 3],
  email: [0, 1],
};

/** Choices for a select: the ids the `selectOptions` setting enables, labelled in the user's language. */
export function useSelectChoices(kind: SelectOptionKind): Array<{ id: number; name: string }> {
  const translate = useTranslate();
  const { data } = useSettings();
  const configured = (data?.selectOptions as Partial<Record<SelectOptionKind, number[]>> | undefined)?.[kind];
  const ids = Array.isArray(configured) ? configured : FALLBACK[kind];
  return ids.map((id) => ({ id, name: translate(`options.${kind}.${id}`) }));
}
