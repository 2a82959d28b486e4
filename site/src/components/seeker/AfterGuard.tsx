import type { ComponentType } from 'react';
import { useHydrated } from '@zp/ui';
import { useGuardPassed } from '../../lib/guard';

/**
 * Renders the island only after the protected page's guard passed (lib/guard.ts), so no personal
 * data is requested for someone about to be sent to the login or résumé page. Also waits for
 * hydration: the guard may pass before React hydrates, and the server rendered nothing.
 */
export function afterGuard<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function Guarded(props: P) {
    const passed = useGuardPassed();
    const hydrated = useHydrated();
    return passed && hydrated ? <Component {...props} /> : null;
  };
}
