import { useEffect, useState } from 'react';
import { EVENT, type Chat as ChatSDK } from '@zp/chat-sdk/provider';
import { failureText } from '@zp/core/client';
import { message as toast } from '@zp/ui';
import { useNames } from './names.js';
import { useChatEvent } from './events.js';
import { MSG } from './logic.js';

/** The 黑名单 tab: the people I blocked, by name, each with 取消拉黑. */
export function Blacklist({ chat, reload }: { chat: ChatSDK; reload: number }) {
  const [list, setList] = useState<string[]>([]);
  // The blacklist holds user IDs; people are shown by nick only (issue 28.16: no raw IDs to people).
  const name = useNames(chat, list);
  useEffect(() => void chat.getBlacklist().then(({ data }) => setList(data as unknown as string[]), (err) => toast.error(failureText(err))), [chat, reload]);
  // 加入黑名单 from a conversation's details (or another page) shows here at once.
  useChatEvent(chat, EVENT.BLACKLIST_UPDATED, (e) => setList(e.data as string[]));
  const remove = async (userID: string) => {
    try {
      await chat.removeFromBlacklist({ userIDList: [userID] });
      setList((l) => l.filter((x) => x !== userID));
      toast.success('已取消拉黑');
    } catch (err) {
      toast.error(failureText(err));
    }
  };
  return (
    <div className="list" role="group" aria-label="黑名单">
      {list.length === 0 && <div className="none">{MSG.emptyBlacklist}</div>}
      {list.map((id) => (
        <div key={id} className="item" data-user-id={id}>
          <div className="name">{name(id)}</div>
          <button type="button" onClick={() => void remove(id)}>取消拉黑</button>
        </div>
      ))}
    </div>
  );
}
