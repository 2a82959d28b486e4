import { useEffect, useState } from 'react';
import { EVENT, type Chat as ChatSDK, type Friend, type Group } from '@zp/chat-sdk/provider';
import { failureText } from '@zp/core/client';
import { message as toast } from '@zp/ui';
import { useNames } from './names.js';
import { useChatEvent } from './events.js';
import { PanelDialog } from './layer.js';
import {
  GROUP_INTRO_MAX, GROUP_NOTICE_MAX, GROUP_TYPES, GROUP_TYPE_NAMES, MSG, createGroupOptions, groupErrors, joinOptionDisabled, joinResultText, membersDisabled, type GroupForm, type GroupType,
} from './logic.js';

/** Enter or Space on a row that acts as a button does what a click does. */
const activate = (run: () => void) => (e: { key: string; target: EventTarget | null; currentTarget: EventTarget | null; preventDefault(): void }) => {
  if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
    e.preventDefault();
    run();
  }
};


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
    <div className="list" aria-label="群组列表">
      <PanelDialog open={creating} title="创建群组" width={480} onClose={onCancel}>
        <CreateGroup chat={chat} onCancel={onCancel} onDone={(id) => (onCreated(), void load(), onOpen(id))} />
      </PanelDialog>
      <form className="quick" onSubmit={(e) => (e.preventDefault(), void find())}>
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
          <button type="button" className="del" title="退出群组" aria-label="退出群组" onClick={(e) => (e.stopPropagation(), void quit(g))}>退</button>
        </div>
      ))}
    </div>
  );
}

function CreateGroup({ chat, onDone, onCancel }: { chat: ChatSDK; onDone: (groupID: string) => void; onCancel: () => void }) {
  const [form, setForm] = useState<GroupForm>({ name: '', type: 'Private', groupID: '', joinOption: 'FreeAccess', introduction: '', notification: '', members: [] });
  const [touched, setTouched] = useState(false);
  const [member, setMember] = useState('');
  const errors = groupErrors(form);
  const set = (patch: Partial<GroupForm>) => setForm((f) => ({ ...f, ...patch }));

  const addMember = async () => {
    const id = member.trim();
    if (!id) return;
    try {
      const { data } = await chat.getUserProfile({ userIDList: [id] });
      if (!data.length) throw new Error();
      if (!form.members.includes(id)) set({ members: [...form.members, id] });
      setMember('');
    } catch {
      toast.error(MSG.userNotFound);
    }
  };

  const submit = async () => {
    setTouched(true);
    if (Object.keys(errors).length) return;
    try {
      const { data } = await chat.createGroup(createGroupOptions(form) as unknown as Parameters<ChatSDK['createGroup']>[0]);
      toast.success(`群组：【${data.group.name}】创建成功`);
      onDone(data.group.groupID);
    } catch (err) {
      toast.error(failureText(err));
    }
  };

  return (
    <form className="dialog-form" onSubmit={(e) => (e.preventDefault(), void submit())} aria-label="创建群组">
      <label>群名称<input value={form.name} onChange={(e) => set({ name: e.target.value })} onBlur={() => setTouched(true)} /></label>
      {touched && errors.name && <div className="error">{errors.name}</div>}
      <label>群类型
        <select value={form.type} onChange={(e) => set({ type: e.target.value as GroupType })}>
          {GROUP_TYPES.map((t) => <option key={t} value={t}>{GROUP_TYPE_NAMES[t]}</option>)}
        </select>
      </label>
      <label>群ID（选填）<input value={form.groupID} onChange={(e) => set({ groupID: e.target.value })} /></label>
      <label>加群方式
        <select value={form.joinOption} disabled={joinOptionDisabled(form.type)} onChange={(e) => set({ joinOption: e.target.value as GroupForm['joinOption'] })}>
          <option value="FreeAccess">自由加入</option>
          <option value="NeedPermission">需要验证</option>
          <option value="DisableApply">禁止加群</option>
        </select>
      </label>
      <label>群简介<textarea value={form.introduction} maxLength={GROUP_INTRO_MAX} onChange={(e) => set({ introduction: e.target.value })} />
        <small className="count-hint">{form.introduction.length}/{GROUP_INTRO_MAX}</small>
      </label>
      <label>群公告<textarea value={form.notification} maxLength={GROUP_NOTICE_MAX} onChange={(e) => set({ notification: e.target.value })} />
        <small className="count-hint">{form.notification.length}/{GROUP_NOTICE_MAX}</small>
      </label>
      <div className="members" role="group" aria-label="群成员">
        <span className="members-title">群成员（按用户ID逐个添加）</span>
        <input value={member} disabled={membersDisabled(form.type)} onChange={(e) => setMember(e.target.value)} placeholder="输入用户ID添加成员" aria-label="成员用户ID" />
        <button type="button" disabled={membersDisabled(form.type)} onClick={() => void addMember()}>添加</button>
        {form.members.map((m) => <span key={m} className="tag">{m}</span>)}
      </div>
      <div className="actions">
        <button type="button" onClick={onCancel}>取消</button>
        <button type="submit" className="primary">创建</button>
      </div>
    </form>
  );
}

export function FriendList({ chat, reload, onOpen }: { chat: ChatSDK; reload: number; onOpen: (userID: string) => void }) {
  const [list, setList] = useState<Friend[]>([]);
  useEffect(() => void chat.getFriendList().then(({ data }) => setList(data), (err) => toast.error(failureText(err))), [chat, reload]);
  return (
    <div className="list" aria-label="好友列表">
      {list.length === 0 && <div className="none">{MSG.noFriends}</div>}
      {list.map((f) => (
        <div key={f.userID} className="item" role="button" tabIndex={0} onClick={() => onOpen(f.userID)} onKeyDown={activate(() => onOpen(f.userID))}>
          <div className="name">{f.remark || f.profile?.nick || f.userID}</div>
        </div>
      ))}
    </div>
  );
}

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
    <div className="list" aria-label="黑名单">
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
