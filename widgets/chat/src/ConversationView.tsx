import { useId, useState, type DragEvent } from 'react';
import { TYPES, type Chat as ChatSDK, type Conversation, type Message } from '@zp/chat-sdk/provider';
import { Details } from './Details.js';
import { conversationName } from './names.js';
import type { CallController } from './call/controller.js';
import { useConversation } from './useConversation.js';
import { useStickToLatest } from './useStickToLatest.js';
import { useTyping } from './useTyping.js';
import { useDraft } from './useDraft.js';
import { MessageList } from './MessageList.js';
import { Composer } from './Composer.js';

/**
 * The open conversation: its header (返回 on a phone, 详情 beside it but for system notices), the
 * messages and the send box; files dropped on it are sent. Keyed by the conversation.
 */
export function ConversationView({ chat, call, siteOrigin, me, role, mapUrl, conversation, onBack }: {
  chat: ChatSDK; call: CallController | null; siteOrigin: string; me: string; role: string; mapUrl: string; conversation: Conversation; onBack: () => void;
}) {
  const id = conversation.conversationID;
  const latest = useStickToLatest();
  const talk = useConversation({ chat, call, me, conversation, latest });
  // A half-written message comes back (its draft), and what is typed is kept as one.
  const [text, setText] = useState(conversation.draftText ?? '');
  useDraft(chat, conversation, text);
  const [details, setDetails] = useState(false);
  const peerTyping = useTyping(chat, conversation, text);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const isSystem = conversation.type === TYPES.CONV_SYSTEM;
  // Named by its title, the conversation is a region of the panel (where files may be dropped).
  const titleId = useId();

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    for (const f of e.dataTransfer.files) talk.sendFile(f);
  };

  return (
    <section className={`conversation${details && !isSystem ? ' with-details' : ''}`} data-conversation={id} aria-labelledby={titleId} onDragOver={(e) => e.preventDefault()} onDrop={isSystem ? undefined : onDrop}>
      <header className="head">
        <button type="button" className="back" aria-label="返回会话列表" onClick={onBack}>‹</button>
        <span className="title" id={titleId}>{conversationName(conversation)}</span>
        <span className="typing" role="status">{peerTyping ? '对方正在输入…' : ''}</span>
        {!isSystem && (
          <button type="button" className="toggle" aria-expanded={details} onClick={() => setDetails((d) => !d)}>{details ? '收起详情' : '详情'}</button>
        )}
      </header>
      {details && !isSystem && <Details chat={chat} me={me} conversation={conversation} onLeft={onBack} />}
      <MessageList setting={{ chat, me, mapUrl, siteOrigin, conversationType: String(conversation.type), now: talk.now }} talk={talk} latest={latest} onReEdit={setText} onReply={setReplyTo} />
      {!isSystem && <Composer call={call} conversation={conversation} me={me} role={role} talk={talk} text={text} onText={setText} replyTo={replyTo} onReplyDone={() => setReplyTo(null)} />}
    </section>
  );
}
