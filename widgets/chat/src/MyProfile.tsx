import { useEffect, useState } from 'react';
import type { Chat as ChatSDK } from '@zp/chat-sdk/provider';
import { failureText } from '@zp/core/client';
import { message as toast } from '@zp/ui';
import { profilePatch } from './logic.js';

/** My profile in the side bar: a popover with an edit form. */
export function MyProfile({ chat }: { chat: ChatSDK }) {
  const [profile, setProfile] = useState<{ userID: string; nick: string; avatar: string } | null>(null);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ nick: '', avatar: '', gender: '' });
  useEffect(() => void chat.getMyProfile().then(({ data }) => setProfile(data), () => {}), [chat]);
  const save = async () => {
    const result = profilePatch(form);
    if ('warning' in result) {
      toast.warning(result.warning);
      setForm((f) => ({ ...f, avatar: '' }));
      return;
    }
    if (!Object.keys(result.patch).length) return setOpen(false);
    try {
      const { data } = await chat.updateMyProfile(result.patch as never);
      setProfile(data);
      toast.success('修改成功');
      setOpen(false);
    } catch (err) {
      toast.error(failureText(err));
    }
  };
  if (!profile) return null;
  return (
    <div className="me">
      <button type="button" className="me-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {profile.nick || '设置昵称'}
      </button>
      {open && (
        <form className="create me-form" aria-label="编辑资料" onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}>
          <label>昵称<input value={form.nick} placeholder={profile.nick} onChange={(e) => setForm({ ...form, nick: e.target.value })} /></label>
          <label>头像地址<input value={form.avatar} placeholder="http://…" onChange={(e) => setForm({ ...form, avatar: e.target.value })} /></label>
          <label>性别
            <select value={form.gender} onChange={(e) => setForm({ ...form, gender: e.target.value })}>
              <option value="">不修改</option>
              <option value="Gender_Type_Male">男</option>
              <option value="Gender_Type_Female">女</option>
            </select>
          </label>
          <div className="actions"><button type="submit" className="primary">保存</button><button type="button" onClick={() => setOpen(false)}>取消</button></div>
        </form>
      )}
    </div>
  );
}
