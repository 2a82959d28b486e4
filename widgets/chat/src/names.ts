import { useEffect, useState } from 'react';
import { TYPES, type Chat as ChatSDK, type Conversation } from '@zp/chat-sdk/provider';

/**
 * People's names for tips, notices and the blacklist, which carry user IDs only: asked for once
 * per ID for the page's life (a nick rarely changes within it), however many rows show that ID
 * at once. An ID the service does not know keeps showing as itself.
 */
const known = new Map<string, string>();
const asking = new Map<string, Promise<void>>();

function ask(chat: ChatSDK, ids: string[]): Promise<unknown> {
  const fresh = ids.filter((id) => !known.has(id) && !asking.has(id));
  if (fresh.length) {
    const answer = chat.getUserProfile({ userIDList: fresh }).then(
      ({ data }) => {
        for (const profile of data) known.set(profile.userID, profile.nick || profile.userID);
        for (const id of fresh) if (!known.has(id)) known.set(id, id);
      },
      () => {}, // asked again by the next row that needs it
    );
    for (const id of fresh) asking.set(id, answer.finally(() => asking.delete(id)));
  }
  return Promise.all(ids.map((id) => asking.get(id)));
}

export function useNames(chat: ChatSDK, ids: string[]): (id: string) => string {
  const [, setVersion] = useState(0);
  const missing = ids.filter((id) => id && !known.has(id));
  useEffect(() => {
    if (!missing.length) return;
    let live = true;
    void ask(chat, missing).then(() => live && setVersion((v) => v + 1));
    return () => {
      live = false;
    };
  }, [chat, missing.join()]);
  return (id) => known.get(id) || id;
}

/** A conversation's name as the list, its header and a call show it. */
export function conversationName(c: Conversation): string {
  if (c.type === TYPES.CONV_SYSTEM) return '系统通知';
  if (c.type === TYPES.CONV_GROUP) return c.groupProfile?.name || c.groupProfile?.groupID || c.conversationID;
  return c.remark || c.userProfile?.nick || c.userProfile?.userID || c.conversationID.replace(/^C2C/, '');
}
