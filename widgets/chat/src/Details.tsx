import { useState, type ReactNode } from 'react';
import { TYPES, type Chat as ChatSDK, type Conversation } from '@zp/chat-sdk/provider';
import { failureText } from '@zp/core/client';
import { message as toast } from '@zp/ui';
import { PersonPanel } from './PersonPanel.js';
import { GroupPanel } from './GroupPanel.js';

/** The details panel beside a conversation: the group panel, or the other person with 拉黑; both with 置顶聊天. */
export function Details({ chat, me, conversation, onLeft }: { chat: ChatSDK; me: string; conversation: Conversation; onLeft: () => void }) {
  const pin = <PinSwitch chat={chat} conversation={conversation} />;
  if (conversation.type === TYPES.CONV_GROUP) return <GroupPanel chat={chat} me={me} groupID={conversation.groupProfile.groupID} onLeft={onLeft}>{pin}</GroupPanel>;
  return (
    <PersonPanel chat={chat} me={me} conversationID={conversation.conversationID} userID={conversation.conversationID.replace(/^C2C/, '')} nick={conversation.userProfile?.nick || ''}>
      {pin}
    </PersonPanel>
  );
}

/** 置顶聊天: a pinned conversation stays at the top of the list, on each of the person's pages. */
function PinSwitch({ chat, conversation }: { chat: ChatSDK; conversation: Conversation }): ReactNode {
  const [pinned, setPinned] = useState(conversation.isPinned);
  const [busy, setBusy] = useState(false);
  const change = async (isPinned: boolean) => {
    setBusy(true);
    setPinned(isPinned); // the switch moves at once, and back if refused
    try {
      await chat.pinConversation({ conversationID: conversation.conversationID, isPinned });
      toast.success(isPinned ? '已置顶' : '已取消置顶');
    } catch (err) {
      setPinned(!isPinned);
      toast.error(failureText(err));
    }
    setBusy(false);
  };
  return (
    <label className="field switch">
      <input type="checkbox" checked={pinned} disabled={busy} onChange={(e) => void change(e.target.checked)} />
      置顶聊天
    </label>
  );
}
