import { useEffect, useState } from 'react';
import type { Chat as ChatSDK, Friend } from '@zp/chat-sdk/provider';
import { failureText } from '@zp/core/client';
import { message as toast } from '@zp/ui';
import { MSG } from './logic.js';
import { activate } from './activate.js';

/** The 好友 tab: my friends; one opens the conversation with them. */
export function FriendList({ chat, reload, onOpen }: { chat: ChatSDK; reload: number; onOpen: (userID: string) => void }) {
  const [list, setList] = useState<Friend[]>([]);
  useEffect(() => void chat.getFriendList().then(({ data }) => setList(data), (err) => toast.error(failureText(err))), [chat, reload]);
  return (
    <div className="list" role="group" aria-label="好友列表">
      {list.length === 0 && <div className="none">{MSG.noFriends}</div>}
      {list.map((f) => (
        <div key={f.userID} className="item" role="button" tabIndex={0} onClick={() => onOpen(f.userID)} onKeyDown={activate(() => onOpen(f.userID))}>
          <div className="name">{f.remark || f.profile?.nick || f.userID}</div>
        </div>
      ))}
    </div>
  );
}
