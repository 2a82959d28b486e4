import { useEffect, useState } from 'react';
import type { Chat as ChatSDK, Message } from '@zp/chat-sdk/provider';
import { failureText } from '@zp/core/client';
import { message as toast } from '@zp/ui';
import { PanelDialog } from './layer.js';

type Side = { people: { id: string; name: string }[]; complete: boolean };
/** Members listed on each side (names come from the group's member profiles, 50 at a time). */
const SHOWN = 50;

/**
 * Who read one of my group messages and who has not yet (N人已读 clicked): the first 50 of each,
 * by their name in the group.
 */
export function ReadersDialog({ chat, message, onClose }: { chat: ChatSDK; message: Message; onClose: () => void }) {
  const [read, setRead] = useState<Side | null>(null);
  const [unread, setUnread] = useState<Side | null>(null);
  useEffect(() => {
    let live = true;
    const groupID = message.to;
    const side = async (filter: 0 | 1): Promise<Side> => {
      const { data } = await chat.getGroupMessageReadMemberList({ message, filter, cursor: '', count: SHOWN });
      const ids = ((filter === 0 ? data.readUserIDList : data.unreadUserIDList) ?? []) as string[];
      if (!ids.length) return { people: [], complete: data.isCompleted };
      const { data: profiles } = await chat.getGroupMemberProfile({ groupID, userIDList: ids });
      const members = profiles.memberList as { userID: string; nameCard?: string; nick?: string }[];
      const byId = new Map<string, string>(members.map((p) => [p.userID, p.nameCard || p.nick || p.userID]));
      return { people: ids.map((id) => ({ id, name: byId.get(id) ?? id })), complete: data.isCompleted };
    };
    Promise.all([side(0), side(1)]).then(([r, u]) => {
      if (!live) return;
      setRead(r);
      setUnread(u);
    }, (err) => toast.error(failureText(err)));
    return () => {
      live = false;
    };
  }, [chat, message]);
  const list = (title: string, s: Side | null) => (
    <section className="readers" aria-label={title}>
      <h4>{title}{s ? `（${s.people.length}${s.complete ? '' : '+'}）` : ''}</h4>
      {s === null ? <p className="muted">加载中…</p> : s.people.length ? <ul>{s.people.map((p) => <li key={p.id}>{p.name}</li>)}</ul> : <p className="muted">无</p>}
    </section>
  );
  return (
    <PanelDialog open title="消息接收人列表" width={400} onClose={onClose}>
      <div className="readers-pair">
        {list('已读', read)}
        {list('未读', unread)}
      </div>
    </PanelDialog>
  );
}
