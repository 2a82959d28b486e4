import { useEffect } from 'react';
import { OPEN_CONVERSATION_EVENT, takePendingOpen, type OpenRequest } from '@zp/core/chat-open';

/**
 * Entry points elsewhere (job, company, fair pages) open a conversation with a given person;
 * one clicked while this script was still loading is picked up once someone is logged in. Each
 * becomes `setPending` and `toggle(true)`; a call request (startCall) becomes `onCall` instead,
 * the panel staying as it is.
 */
export function useOpenRequests(
  loggedIn: boolean,
  toggle: (wantOpen?: boolean) => Promise<unknown>,
  setPending: (request: OpenRequest) => void,
  onCall: (userID: string, name: string) => void,
) {
  const take = (detail: OpenRequest) => {
    if (detail.call && detail.userID) return onCall(detail.userID, detail.call.name);
    setPending(detail);
    void toggle(true);
  };
  useEffect(() => {
    const onOpen = (e: Event) => {
      takePendingOpen(); // heard: not to be opened again later
      take((e as CustomEvent<OpenRequest>).detail ?? {});
    };
    window.addEventListener(OPEN_CONVERSATION_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_CONVERSATION_EVENT, onOpen);
  }, [toggle]);
  useEffect(() => {
    if (!loggedIn) return;
    const early = takePendingOpen();
    if (early) take(early);
  }, [loggedIn]);
}
