import { useSyncExternalStore } from 'react';

/**
 * What this installation offers beyond the user's rights, as features learn it from the server (e.g. whether the
 * Adobe Stock adapter is configured). A feature stores its flag in its own module and calls `capabilitiesChanged`;
 * the menu and the dashboard re-render with `useCapabilitiesVersion`, so an entry's `usable` can read the flag.
 */
const listeners = new Set<() => void>();
let version = 0;

export function capabilitiesChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useCapabilitiesVersion(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
}
