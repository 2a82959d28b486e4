import { TYPES, type Chat as ChatSDK, type Conversation } from '@zp/chat-sdk/provider';
import { PersonPanel } from './PersonPanel.js';
import { GroupPanel } from './GroupPanel.js';

/** The details panel beside a conversation: the group panel, or the other person with 拉黑. */
export function Details({ chat, me, conversation, onLeft }: { chat: ChatSDK; me: string; conversation: Conversation; onLeft: () => void }) {
  if (conversation.type === TYPES.CONV_GROUP) return <GroupPanel chat={chat} me={me} groupID={conversation.groupProfile.groupID} onLeft={onLeft} />;
  return <PersonPanel chat={chat} me={me} conversationID={conversation.conversationID} userID={conversation.conversationID.replace(/^C2C/, '')} nick={conversation.userProfile?.nick || ''} />;
}
