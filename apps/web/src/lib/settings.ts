import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { Page } from '@tourdesk/contracts/list';
import type { Setting } from '@tourdesk/contracts';
import { api } from './api-client.ts';

/** Every system setting, loaded once ($limit 9999, spec §9) and shared by all screens. */
export function useSettings() {
  return useQuery({
    queryKey: ['sys_settings', 'all'],
    queryFn: async () => {
      const page = await api<Page<Setting>>('/sys_settings?$limit=9999');
      return Object.fromEntries(page.data.map((setting) => [setting.key, setting.value])) as Record<string, unknown>;
    },
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
