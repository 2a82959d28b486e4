import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { failureText } from '@zp/core/client';
import { EVENT, TYPES, type Chat as ChatSDK, type Conversation } from '@zp/chat-sdk/provider';
import { message as toast } from '@zp/ui';
import { badgeText, customText, deletedText, listTime, mentionsMe, moveSelection, type GroupTipPayload } from './logic.js';
import { EmojiText } from './EmojiText.js';
import { PanelDialog } from './layer.js';
import { useChatEvent } from './events.js';
import { conversationName } from './names.js';
import { TipLine } from './Tip.js';
import { callListText } from './call/protocol.js';
import { activate } from './activate.js';

/**
 * The 会话 tab: pinned conversations first (tinted), each with its last message (or [草稿] and the
 * draft), time, unread count and '[有人@我]';
 * ↑/↓ walk it, × deletes; the 发起会话 dialog (`adding`) starts one by user ID.
 */
export function ConversationList({ chat, me, reload, current, onSelect, onClosed, adding, onAdd, onCancelAdd }: {
  chat: ChatSDK; me: string; reload: number; current: Conversation | null; onSelect: (c: Conversation) => void; onClosed: () => void;
  adding: boolean; onAdd: (id: string) => void; onCancelAdd: () => void;
}) {
  const [list, setList] = useState<Conversation[]>([]);
  const [userID, setUserID] = useState('');
  // A listbox: focus stays on the list while ↑/↓ move the selection, which it names to screen readers.
  const optionId = `${useId()}-option-`;
  const selected = current && list.some((c) => c.conversationID === current.conversationID) ? optionId + current.conversationID : undefined;

  useEffect(() => {
    chat.getConversationList().then(({ data }) => setList(data.conversationList), (err) => toast.error(failureText(err)));
  }, [chat, reload]);
  useChatEvent(chat, EVENT.CONVERSATION_LIST_UPDATED, (e) => setList(e.data as Conversation[]));

  const remove = async (c: Conversation) => {
    const name = conversationName(c);
    try {
      await chat.deleteConversation(c.conversationID);
      toast.success(deletedText(name));
      setList((l) => l.filter((x) => x.conversationID !== c.conversationID));
      if (current?.conversationID === c.conversationID) onClosed();
    } catch (err) {
      toast.error(deletedText(name, failureText(err)));
    }
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const ids = list.map((c) => c.conversationID);
    const next = moveSelection(ids, current?.conversationID ?? '', e.key === 'ArrowDown' ? 1 : -1);
    const found = list.find((c) => c.conversationID === next);
    if (found) onSelect(found);
  };

  return (
    <div className="list" role="listbox" tabIndex={0} onKeyDown={onKey} aria-label="会话列表" aria-activedescendant={selected}>
      <PanelDialog open={adding} title="发起会话" width={400} onClose={onCancelAdd}>
        <form className="dialog-form" aria-label="发起会话" onSubmit={(e) => {
          e.preventDefault();
          onAdd(userID);
        }}>
          <label>用户ID<input value={userID} onChange={(e) => setUserID(e.target.value)} placeholder="对方的用户ID" /></label>
          <div className="actions">
            <button type="button" onClick={onCancelAdd}>取消</button>
            <button type="submit" className="primary">确定</button>
          </div>
        </form>
      </PanelDialog>
      {list.length === 0 && <div className="none">暂无会话</div>}
      {list.map((c) => {
        const text = c.lastMessage?.messageForShow ?? '';
        // A custom message reads as words, not '[自定义消息]': a call's record, a hall message, a rating.
        const custom = c.lastMessage?.type === TYPES.MSG_CUSTOM ? (c.lastMessage.payload as { data?: string; description?: string; extension?: string }) : null;
        const callLine = custom ? (callListText(custom.data, c.lastMessage.fromAccount === me) ?? customText(custom)) : null;
        // A group keeps its unread mentions (groupAtInfoList) whatever came after them; otherwise
        // the spec's rule on the last message's text.
        const mention = c.groupAtInfoList?.length > 0 || (c.unreadCount > 0 && c.lastMessage?.type === TYPES.MSG_TEXT && mentionsMe(text, me));
        return (
          <div
            key={c.conversationID}
            id={optionId + c.conversationID}
            role="option"
            aria-selected={current?.conversationID === c.conversationID}
            tabIndex={-1}
            className={`item${current?.conversationID === c.conversationID ? ' active' : ''}${c.isPinned ? ' pinned' : ''}`}
            data-conversation={c.conversationID}
            data-pinned={c.isPinned || undefined}
            onClick={() => onSelect(c)}
            onKeyDown={activate(() => onSelect(c))}
          >
            <div className="name">{conversationName(c)}</div>
            {c.lastMessage?.lastTime ? <time className="when">{listTime(c.lastMessage.lastTime)}</time> : null}
            <div className="last">
              {mention && <span className="at">[有人@我]</span>}
              {c.draftText ? <><span className="draft">[草稿]</span><EmojiText text={c.draftText} /></> : c.lastMessage?.isRevoked ? '[消息已撤回]' : callLine ?? (c.lastMessage?.type === TYPES.MSG_GRP_TIP ? <TipLine chat={chat} p={c.lastMessage.payload as GroupTipPayload} /> : <EmojiText text={text} />)}
            </div>
            {c.unreadCount > 0 && <span className="count">{badgeText(c.unreadCount)}</span>}
            <button type="button" className="del" aria-label="删除会话" onClick={(e) => {
              e.stopPropagation();
              void remove(c);
            }}>×</button>
          </div>
        );
      })}
    </div>
  );
}
