import { useState } from 'react';
import { TYPES, type Message } from '@zp/chat-sdk/provider';
import { message as toast } from '@zp/ui';
import { MSG } from './logic.js';
import { ImagePreview } from './ImagePreview.js';
import { ReadersDialog } from './ReadersDialog.js';
import { Bubble, type BubbleActions, type BubblePayload, type BubbleSetting } from './Bubble.js';
import type { ConversationState } from './useConversation.js';
import type { StickToLatest } from './useStickToLatest.js';

/**
 * A conversation's messages, oldest first, with 查看更多 above them; the image previewer over the
 * conversation's pictures; 回到最新位置 when scrolled away from the latest. `onReEdit` takes the
 * text of a revoked message of mine back into the send box; `onReply` quotes a message in the next
 * one, and a click on a quote goes to its original.
 */
export function MessageList({ setting, talk, latest, onReEdit, onReply }: {
  setting: BubbleSetting; talk: ConversationState; latest: StickToLatest; onReEdit: (text: string) => void; onReply: (m: Message) => void;
}) {
  const { messages, completed, failures } = talk;
  const { listRef, stick, farFromBottom, toBottom, onScroll } = latest;
  const [preview, setPreview] = useState<number | null>(null);
  const [readersOf, setReadersOf] = useState<Message | null>(null);
  const images = messages.filter((m) => m.type === TYPES.MSG_IMAGE && !m.isRevoked).map((m) => (m.payload as BubblePayload).imageInfoArray?.[0]?.url).filter((url): url is string => !!url);
  const on: BubbleActions = {
    revoke: (m) => void talk.revoke(m),
    resend: (m) => void talk.send(m, true),
    reEdit: (m) => onReEdit((m.payload as { text: string }).text),
    preview: (url) => setPreview(Math.max(0, images.indexOf(url))),
    linkError: (m, url) => talk.onLinkError(m, url),
    handle: (n, action, note) => void talk.handle(n, action, note),
    reply: onReply,
    jump: (messageID) => void jump(messageID),
    original: (messageID) => messages.find((m) => m.ID === messageID),
    receipt: (messageID) => talk.receipts.get(messageID),
    readers: setReadersOf,
  };

  /** Scrolls to a quoted message, loading older pages until it is there, and marks it a moment. */
  const jump = async (messageID: string) => {
    if (!(await talk.loadUntil(messageID))) return toast.info('原消息已不在聊天记录中');
    // The pages just loaded render in the next frame.
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelector<HTMLElement>(`[data-message="${CSS.escape(messageID)}"]`);
      if (!row) return;
      stick.current = false;
      row.scrollIntoView({ block: 'center' });
      row.classList.add('flash');
      setTimeout(() => row.classList.remove('flash'), 1600);
    });
  };
  return (
    <>
      <div className="messages" ref={listRef} onScroll={onScroll} onLoadCapture={() => stick.current && toBottom()} data-testid="chat-messages">
        <div className="more">
          {completed ? <span>{MSG.noMore}</span> : <button type="button" onClick={() => void talk.more()}>查看更多</button>}
        </div>
        {messages.map((m) => (
          <Bubble key={m.ID} m={m} failure={failures.get(m.ID)} setting={setting} on={on} />
        ))}
      </div>
      {readersOf && <ReadersDialog chat={setting.chat} message={readersOf} onClose={() => setReadersOf(null)} />}
      {preview !== null && images.length > 0 && <ImagePreview urls={images} start={preview} onClose={() => setPreview(null)} />}
      {farFromBottom && (
        <button type="button" className="latest" onClick={toBottom}>回到最新位置</button>
      )}
    </>
  );
}
