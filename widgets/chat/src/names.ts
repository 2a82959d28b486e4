import { useEffect, useState } from 'react';
import type { Chat as ChatSDK } from '@zp/core/providers';

/**
 * People's names for tips and notices, which carry user IDs only: asked for once per ID and kept
 * for the page's life (a nick rarely changes within it).
 */
const knownNames = new Map<string, string>();

export function useNames(chat: ChatSDK, ids: string[]): (id: string) => string {
  const [, setVersion] = useState(0);
  const missing = ids.filter((id) => id && !knownNames.has(id));
  useEffect(() => {
    if (!missing.length) return;
    let live = true;
    chat.getUserProfile({ userIDList: missing }).then(({ data }) => {
      for (const profile of data) knownNames.set(profile.userID, profile.nick || profile.userID);
      if (live) setVersion((v) => v + 1);
    }, () => {});
    return () => {
      live = false;
    };
  }, [chat, missing.join()]);
  return (id) => knownNames.get(id) || id;
}

