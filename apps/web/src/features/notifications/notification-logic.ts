import type { QueryClient } from '@tanstack/react-query';
import { INBOX_KEY } from '../../layout/mobile-bell.tsx';

/** Where a message's link leads: an address of this app (opened with the router) or another site (a new tab). */
export function linkTarget(
  link: string,
  origin: string,
): { internal: true; path: string } | { internal: false; href: string } {
  const trimmed = link.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return { internal: true, path: trimmed };
  const absolute = trimmed.startsWith('//')
    ? `https:${trimmed}`
    : /^[a-z][a-z0-9+.-]*:/i.test(trimmed)
      ? trimmed
      : `https://${trimmed}`;
  const url = new URL(absolute);
  if (url.origin === origin) return { internal: true, path: `${url.pathname}${url.search}${url.hash}` };
  return { internal: false, href: url.href };
}

/** The inbox, the bell's count and the thread change together. */
export const refreshInbox = (client: QueryClient) => client.invalidateQueries({ queryKey: INBOX_KEY });

export const inboxPageKey = [...INBOX_KEY, 'list'] as const;
export const entryKey = (id: number) => [...INBOX_KEY, 'entry', id] as const;
export const threadKey = [...INBOX_KEY, 'thread'] as const;
export const topicsKey = ['push-topics'] as const;
