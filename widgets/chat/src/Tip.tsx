import type { Chat as ChatSDK, Message } from '@zp/chat-sdk/provider';
import { tipText, type GroupTipPayload } from './logic.js';
import { useNames } from './names.js';

/** A group tip in words, with names: in the message list and as a conversation's last message. */
export function TipLine({ chat, p }: { chat: ChatSDK; p: GroupTipPayload }) {
  const name = useNames(chat, [p.operatorID ?? '', ...(p.userIDList ?? []), ...(p.memberList ?? []).map((x) => x.userID)]);
  return <>{tipText(p, name)}</>;
}

/** A group tip in the message list. */
export function Tip({ chat, m }: { chat: ChatSDK; m: Message }) {
  return <div className="tip"><TipLine chat={chat} p={m.payload as GroupTipPayload} /></div>;
}
