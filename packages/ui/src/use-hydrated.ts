import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while rendering on the server and during hydration, true once the island is live.
 * Islands disable their buttons until then: a click that lands before React has attached its
 * handlers would otherwise do nothing (or submit a form natively).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
