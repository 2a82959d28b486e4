import { useEffect, useState } from 'react';
import { EVENT, type Chat as ChatSDK, type Group } from '@zp/chat-sdk/provider';
import { failureText } from '@zp/core/client';
import { message as toast } from '@zp/ui';
import { useChatEvent } from './events.js';
import { PanelDialog } from './layer.js';
import { joinResultText } from './logic.js';
import { activate } from './activate.js';
import { CreateGroup } from './CreateGroup.js';

/** The 群组 tab: my groups (退 quits one), search by group ID and join, the 创建群组 dialog (`creating`). */
export function GroupList({ chat, reload, creating, onCreated, onCancel, onOpen }: {
  chat: ChatSDK; reload: number; creating: boolean; onCreated: () => void; onCancel: () => void; onOpen: (groupID: string) => void;
}) {
  const [list, setList] = useState<Group[]>([]);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Group | null>(null);

  const load = () => chat.getGroupList().then(({ data }) => setList(data.groupList), (err) => toast.error(failureText(err)));
  useEffect(() => void load(), [chat, reload]);
  useChatEvent(chat, EVENT.GROUP_LIST_UPDATED, (e) => setList(e.data as Group[]));

  const find = async () => {
    const id = search.trim();
    if (!id) return;
    try {
      setFound((await chat.searchGroupByID(id)).data.group);
    } catch {
      setFound(null);
      toast.error('没有找到该群');
    }
  };

  const join = async (g: Group) => {
    try {
      const { data } = await chat.joinGroup({ groupID: g.groupID, type: g.type });
      const text = joinResultText(data.status);
      if (data.status === 'JoinedSuccess') {
        toast.success(text);
        setFound(null);
        onOpen(g.groupID);
      } else toast.info(text);
    } catch (err) {
      toast.error(failureText(err));
    }
  };

  const quit = async (g: Group) => {
    try {
      await chat.quitGroup(g.groupID);
      toast.success('已退出群组');
      setList((l) => l.filter((x) => x.groupID !== g.groupID));
    } catch (err) {
      toast.error(failureText(err));
    }
  };

  return (
    <div className="list" role="group" aria-label="群组列表">
      <PanelDialog open={creating} title="创建群组" width={480} onClose={onCancel}>
        <CreateGroup chat={chat} onCancel={onCancel} onDone={(id) => {
          onCreated();
          void load();
          onOpen(id);
        }} />
      </PanelDialog>
      <form className="quick" onSubmit={(e) => {
        e.preventDefault();
        void find();
      }}>
        <input value={search} onChange={(e) => setSearch(e.target.value)} placeholder="输入群ID搜索" aria-label="群ID" />
        <button type="submit">搜索</button>
      </form>
      {found && (
        <div className="item found">
          <div className="name">{found.name}（{found.groupID}）</div>
          <button type="button" onClick={() => void join(found)}>加入</button>
        </div>
      )}
      {list.length === 0 && <div className="none">暂无群组</div>}
      {list.map((g) => (
        <div key={g.groupID} className="item" role="button" tabIndex={0} onClick={() => onOpen(g.groupID)} onKeyDown={activate(() => onOpen(g.groupID))}>
          <div className="name">{g.name}</div>
          <div className="last">{g.groupID}</div>
          <button type="button" className="del" title="退出群组" aria-label="退出群组" onClick={(e) => {
            e.stopPropagation();
            void quit(g);
          }}>退</button>
        </div>
      ))}
    </div>
  );
}
