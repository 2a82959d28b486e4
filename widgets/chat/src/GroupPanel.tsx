import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Chat as ChatSDK, Group, GroupMember } from '@zp/chat-sdk/provider';
import { failureText } from '@zp/core/client';
import { confirm, message as toast } from '@zp/ui';
import { GROUP_INTRO_MAX, GROUP_NOTICE_MAX, GROUP_TYPE_NAMES, MEMBER_PAGE, type GroupType, canActOn, groupPermissions, muteSeconds } from './logic.js';

/**
 * A group's details beside its conversation: its profile (编辑群资料), my message remind type,
 * 添加成员, members 30 at a time with their card, 群名片, admin, mute and kick, 转让, 退出 and 解散,
 * each as my role in this type of group allows (spec section 6).
 */
export function GroupPanel({ chat, me, groupID, onLeft, children }: { chat: ChatSDK; me: string; groupID: string; onLeft: () => void; children?: ReactNode }) {
  const [group, setGroup] = useState<Group | null>(null);
  const [members, setMembers] = useState<GroupMember[]>([]);
  const [offset, setOffset] = useState(0);
  const [done, setDone] = useState(false);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ name: '', introduction: '', notification: '' });
  const [addID, setAddID] = useState('');
  const [ownerID, setOwnerID] = useState('');
  const [card, setCard] = useState<{ userID: string; nameCard: string } | null>(null);
  const [muting, setMuting] = useState<{ userID: string; seconds: string } | null>(null);
  // 禁言 opens the duration under the member: the keyboard goes there to type it.
  const muteInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (muting) muteInput.current?.focus();
  }, [muting?.userID]);

  const loadGroup = () =>
    chat.getGroupProfile({ groupID }).then(({ data }) => setGroup(data.group), (err) => toast.error(failureText(err)));
  const loadMembers = async (from: number, count = MEMBER_PAGE) => {
    try {
      const { data } = await chat.getGroupMemberList({ groupID, count, offset: from });
      setMembers((list) => (from === 0 ? data.memberList : [...list, ...data.memberList]));
      setOffset(Number(data.offset) || from + data.memberList.length);
      setDone(data.memberList.length < count || !data.offset);
    } catch (err) {
      toast.error(failureText(err));
    }
  };
  useEffect(() => {
    void loadGroup();
    void loadMembers(0);
  }, [groupID]);

  if (!group) return <aside className="details">加载中…</aside>;
  const myRole = String(group.selfInfo?.role ?? 'Member');
  const can = groupPermissions(String(group.type), myRole);

  /** Runs a group action; true when it went through. The members shown so far are loaded again (all of them, not only the first 30). */
  const act = async (what: () => Promise<unknown>, ok: string, reloadMembers = true): Promise<boolean> => {
    try {
      await what();
      toast.success(ok);
      if (reloadMembers) void loadMembers(0, Math.max(MEMBER_PAGE, members.length));
      void loadGroup();
      return true;
    } catch (err) {
      toast.error(failureText(err));
      return false;
    }
  };

  const saveProfile = () => {
    const name = form.name.trim();
    if (!name) return toast.warning('请输入群名称');
    void act(() => chat.updateGroupProfile({ groupID, name, introduction: form.introduction.trim(), notification: form.notification.trim() }), '修改成功', false).then((done) => done && setEditing(false));
  };

  const addMember = () => {
    const id = addID.trim();
    if (!id) return;
    chat.addGroupMember({ groupID, userIDList: [id] }).then(({ data }) => {
      if (data.successUserIDList.length) toast.success('已加入群组');
      else if (data.existedUserIDList.length) toast.info('已在群中');
      else toast.error('添加失败');
      setAddID('');
      void loadMembers(0);
    }, (err) => toast.error(failureText(err)));
  };

  const mute = async (userID: string, raw: string) => {
    const seconds = muteSeconds(raw);
    if (seconds === null) return toast.warning('请输入整数秒数');
    if (await act(() => chat.setGroupMemberMuteTime({ groupID, userID, muteTime: seconds }), seconds ? '禁言成功' : '已取消禁言')) setMuting(null);
  };

  const leave = async (dismiss: boolean) => {
    if (!(await confirm({ message: dismiss ? '确定解散该群组？' : '确定退出该群组？', title: '提示', danger: true }))) return;
    try {
      if (dismiss) await chat.dismissGroup(groupID);
      else await chat.quitGroup(groupID);
      toast.success(dismiss ? '群组已解散' : '已退出群组');
      onLeft();
    } catch (err) {
      toast.error(failureText(err));
    }
  };

  return (
    <aside className="details" aria-label="群组详情">
      {editing ? (
        <form className="create" onSubmit={(e) => {
          e.preventDefault();
          saveProfile();
        }}>
          <label>群名称<input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} /></label>
          <label>群简介<textarea value={form.introduction} maxLength={GROUP_INTRO_MAX} onChange={(e) => setForm({ ...form, introduction: e.target.value })} /></label>
          <label>群公告<textarea value={form.notification} maxLength={GROUP_NOTICE_MAX} onChange={(e) => setForm({ ...form, notification: e.target.value })} /></label>
          <div className="actions"><button type="submit" className="primary">保存</button><button type="button" onClick={() => setEditing(false)}>取消</button></div>
        </form>
      ) : (
        <>
          <div className="field"><b>{group.name}</b></div>
          <div className="field">群ID：{group.groupID}</div>
          {children}
          <div className="field">类型：{GROUP_TYPE_NAMES[String(group.type) as GroupType] ?? String(group.type)}</div>
          <div className="field">群简介：{group.introduction || '暂无'}</div>
          <div className="field">群公告：{group.notification || '暂无'}</div>
          {can.editProfile && <button type="button" onClick={() => {
            setForm({ name: group.name, introduction: group.introduction ?? '', notification: group.notification ?? '' });
            setEditing(true);
          }}>编辑群资料</button>}
        </>
      )}
      <label className="field">消息提示
        <select value={String(group.selfInfo?.messageRemindType || 'AcceptAndNotify')} onChange={(e) => void act(() => chat.setMessageRemindType({ groupID, messageRemindType: e.target.value as never }), '设置成功', false)}>
          <option value="AcceptAndNotify">接收消息并提示</option>
          <option value="AcceptNotNotify">接收消息但不提示</option>
          <option value="Discard">屏蔽消息</option>
        </select>
      </label>
      <div className="quick">
        <input value={addID} onChange={(e) => setAddID(e.target.value)} placeholder="输入用户ID添加成员" aria-label="添加成员" />
        <button type="button" onClick={addMember}>添加</button>
      </div>
      <div className="field"><b>群成员（{group.memberCount}）</b></div>
      <ul className="members-list">
        {members.map((m) => {
          const actOn = canActOn(myRole, me, { userID: m.userID, role: String(m.role) });
          return (
            <li key={m.userID} data-member={m.userID}>
              <button type="button" className="member-name" aria-expanded={card?.userID === m.userID} onClick={() => setCard(card?.userID === m.userID ? null : { userID: m.userID, nameCard: m.nameCard ?? '' })}>
                {m.nameCard || m.nick || m.userID}
              </button>
              {m.role !== 'Member' && <span className="tag">{m.role === 'Owner' ? '群主' : '管理员'}</span>}
              {Number(m.muteUntil) * 1000 > Date.now() && <span className="tag">禁言中</span>}
              <span className="ops">
                {can.setAdmin && m.userID !== me && (
                  <button type="button" onClick={() => void act(() => chat.setGroupMemberRole({ groupID, userID: m.userID, role: (m.role === 'Admin' ? 'Member' : 'Admin') as never }), m.role === 'Admin' ? '已取消管理员' : '已设为管理员')}>
                    {m.role === 'Admin' ? '取消管理员' : '设为管理员'}
                  </button>
                )}
                {can.mute && actOn && (
                  <button type="button" aria-expanded={muting?.userID === m.userID} onClick={() => setMuting(muting?.userID === m.userID ? null : { userID: m.userID, seconds: '600' })}>禁言</button>
                )}
                {can.kick && actOn && <button type="button" onClick={() => void act(() => chat.deleteGroupMember({ groupID, userIDList: [m.userID] }), '已移出群组')}>踢出</button>}
              </span>
              {muting?.userID === m.userID && (
                <form className="quick mute" onSubmit={(e) => {
                  e.preventDefault();
                  void mute(m.userID, muting.seconds);
                }}>
                  <input value={muting.seconds} onChange={(e) => setMuting({ ...muting, seconds: e.target.value })} inputMode="numeric" aria-label="禁言时长（秒），0 为取消禁言" title="0 为取消禁言" ref={muteInput} />
                  <span>秒</span>
                  <button type="submit" className="primary">确定</button>
                  <button type="button" onClick={() => setMuting(null)}>取消</button>
                </form>
              )}
              {card?.userID === m.userID && (
                <div className="member-card" role="group" aria-label="成员资料">
                  <div>昵称：{m.nick || '—'}</div>
                  <div>用户ID：{m.userID}</div>
                  <div>角色：{m.role === 'Owner' ? '群主' : m.role === 'Admin' ? '管理员' : '成员'}</div>
                  {(can.editAnyNameCard || m.userID === me) && (
                    <form className="quick" onSubmit={(e) => {
                      e.preventDefault();
                      const nameCard = card.nameCard.trim();
                      if (!nameCard) return void toast.warning('群名片不能为空');
                      void act(() => chat.setGroupMemberNameCard({ groupID, userID: m.userID, nameCard }), '修改成功').then((done) => done && setCard(null));
                    }}>
                      <input value={card.nameCard} onChange={(e) => setCard({ ...card, nameCard: e.target.value })} placeholder="群名片" aria-label="群名片" />
                      <button type="submit">保存</button>
                    </form>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {!done && <button type="button" onClick={() => void loadMembers(offset)}>查看更多</button>}
      {can.transfer && (
        <form className="quick" onSubmit={(e) => {
          e.preventDefault();
          const newOwnerID = ownerID.trim();
          if (newOwnerID) void act(() => chat.changeGroupOwner({ groupID, newOwnerID }), '转让成功');
        }}>
          <input value={ownerID} onChange={(e) => setOwnerID(e.target.value)} placeholder="新群主的用户ID" aria-label="新群主用户ID" />
          <button type="submit">转让群组</button>
        </form>
      )}
      <div className="actions">
        {can.quit && <button type="button" onClick={() => void leave(false)}>退出群组</button>}
        {can.dismiss && <button type="button" className="danger" onClick={() => void leave(true)}>解散群组</button>}
      </div>
    </aside>
  );
}
