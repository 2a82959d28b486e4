import { useEffect, useRef } from 'react';
import type { Chat as ChatSDK } from '@zp/chat-sdk/provider';

/** An SDK event; `data` differs by event (Tencent types it as any), so each handler says what it reads. */
export type ChatEvent = { name: string; data: unknown };

/** Calls `handler` for each of the SDK's `name` events while mounted (the latest handler each time). */
export function useChatEvent(chat: ChatSDK | null, name: string, handler: (e: ChatEvent) => void) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!chat) return;
    const fn = (e: ChatEvent) => ref.current(e);
    chat.on(name, fn);
    return () => chat.off(name, fn);
  }, [chat, name]);
}
