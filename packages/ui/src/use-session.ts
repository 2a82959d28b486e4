import { useSyncExternalStore } from 'react';
import { $session, type UserSession } from '@zp/core/session';

const subscribe = (onChange: () => void) => $session.listen(onChange);
const get = () => $session.get();
const none = () => null;

/**
 * The logged-in person, or null. Server-rendered HTML and the first hydrating render both see
 * null (the server has no session), then the component updates from localStorage — no
 * hydration mismatch.
 */
export function useSession(): UserSession | null {
  return useSyncExternalStore(subscribe, get, none);
}
