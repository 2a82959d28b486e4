import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { EVENT, TYPES, type Chat as ChatSDK } from '@zp/chat-sdk/provider';
import { failureText } from '@zp/core/client';
import { confirm, message as toast, ReportDialog } from '@zp/ui';
import { useChatEvent } from './events.js';
import { DialogLayer } from './layer.js';
import { chatEvidence } from './logic.js';

/** The other person of a one-to-one conversation, with 加入黑名单 or, once there, 取消拉黑; `children` under the name. */
export function PersonPanel({ chat, me, conversationID, userID, nick, children }: {
  chat: ChatSDK; me: string; conversationID: string; userID: string; nick: string; children?: ReactNode;
}) {
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [reporting, setReporting] = useState(false);
  const layer = useContext(DialogLayer);
  // The report carries the conversation as it stands when the dialog opens (the platform has no copy of a chat).
  const evidence = useRef('');
  const report = async () => {
    evidence.current = '';
    setReporting(true);
    try {
      const { data } = await chat.getMessageList({ conversationID });
      evidence.current = chatEvidence(data.messageList, me, nick || '对方', TYPES.MSG_TEXT);
    } catch {
      // a report without the messages still reaches the operator
    }
  };
  useEffect(() => {
    chat.getBlacklist().then(({ data }) => setBlocked((data as unknown as string[]).includes(userID)), () => setBlocked(false));
  }, [chat, userID]);
  // 取消拉黑 in the 黑名单 tab (or on another page) shows here at once.
  useChatEvent(chat, EVENT.BLACKLIST_UPDATED, (e) => setBlocked((e.data as string[]).includes(userID)));
  const name = nick || userID;
  // 加入黑名单 asks first; 取消拉黑 does not (it only lets messages through again).
  const change = async (block: boolean) => {
    if (block && !(await confirm({ message: `确定将 ${name} 加入黑名单？`, title: '提示' }))) return;
    try {
      await (block ? chat.addToBlacklist({ userIDList: [userID] }) : chat.removeFromBlacklist({ userIDList: [userID] }));
      setBlocked(block);
      toast.success(block ? '已加入黑名单' : '已取消拉黑');
    } catch (err) {
      toast.error(failureText(err));
    }
  };
  return (
    <aside className="details" aria-label="会话详情">
      <div className="field"><b>{name}</b></div>
      {children}
      {blocked === true && <div className="field muted">已在黑名单中：对方的消息不会送达</div>}
      {blocked !== null && <button type="button" onClick={() => void change(!blocked)}>{blocked ? '取消拉黑' : '加入黑名单'}</button>}
      <button type="button" onClick={() => void report()}>举报</button>
      {layer ? (
        <ReportDialog open={reporting} onClose={() => setReporting(false)} kind="user" targetId={userID} targetName={name} evidence={() => evidence.current} container={layer} />
      ) : null}
    </aside>
  );
}
