import { useEffect, useState } from 'react';
import { EVENT, TYPES, type Chat as ChatSDK } from '@zp/chat-sdk/provider';
import { publishChatUnread } from '@zp/core/chat-open';
import { titleWithUnread } from './logic.js';
import { useChatEvent } from './events.js';

/**
 * What the launcher and the panel show of the chat as a whole: the unread count (on the badge, in
 * the page's title and to the page's other widgets) and whether the connection is up.
 */
export function useChatStatus(chat: ChatSDK | null, loggedIn: boolean) {
  const [unread, setUnread] = useState(0);
  useEffect(() => setUnread(chat ? chat.getTotalUnreadMessageCount() : 0), [chat]);
  // The SDK reconnects by itself; meanwhile the panel keeps what it showed and says so.
  const [connected, setConnected] = useState(true);
  useEffect(() => setConnected(true), [chat]);
  useChatEvent(chat, EVENT.NET_STATE_CHANGE, (e) => setConnected((e.data as { state?: unknown } | undefined)?.state === TYPES.NET_STATE_CONNECTED));
  useChatEvent(chat, EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (e) => setUnread(Number(e.data) || 0));
  // After a (re)connection the SDK has synced: count again rather than rely on a change event.
  useChatEvent(chat, EVENT.SDK_READY, () => chat && setUnread(chat.getTotalUnreadMessageCount()));

  useEffect(() => {
    if (typeof document === 'undefined') return;
    document.title = titleWithUnread(document.title, unread);
    // Until the SDK is there the launcher's light connection had the word; nobody logged in: none.
    if (chat || !loggedIn) publishChatUnread(unread);
  }, [unread, chat, loggedIn]);

  return { unread, connected };
}
