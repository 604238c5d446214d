import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';

/**
 * One GET of the API for a phone screen: the mobile shell has no react-query client, and these screens need no
 * cache — their stream brings what changes. The answer is kept with its path, so another path starts pending.
 */
export function useFetch<T>(path: string | null): { data: T | undefined; error: boolean; pending: boolean } {
  const [answer, setAnswer] = useState<{ path: string; data?: T; error?: boolean } | null>(null);
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    api<T>(path, { signal: controller.signal }).then(
      (data) => setAnswer({ path, data }),
      () => {
        if (!controller.signal.aborted) setAnswer({ path, error: true });
      },
    );
    return () => controller.abort();
  }, [path]);
  const current = answer?.path === path ? answer : null;
  return { data: current?.data, error: current?.error === true, pending: path !== null && current === null };
}
