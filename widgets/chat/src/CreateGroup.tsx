import { useState } from 'react';
import type { Chat as ChatSDK } from '@zp/chat-sdk/provider';
import { failureText } from '@zp/core/client';
import { message as toast } from '@zp/ui';
import {
  GROUP_INTRO_MAX, GROUP_NOTICE_MAX, GROUP_TYPES, GROUP_TYPE_NAMES, MSG, createGroupOptions, groupErrors, joinOptionDisabled, membersDisabled, type GroupForm, type GroupType,
} from './logic.js';

/** The 创建群组 form (spec section 5's rules): name, type, ID, join option, introduction, notice, members by user ID. */
export function CreateGroup({ chat, onDone, onCancel }: { chat: ChatSDK; onDone: (groupID: string) => void; onCancel: () => void }) {
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
    <form className="dialog-form" onSubmit={(e) => {
      e.preventDefault();
      void submit();
    }} aria-label="创建群组">
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
