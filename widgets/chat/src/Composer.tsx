import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { TYPES, type Conversation, type Message } from '@zp/chat-sdk/provider';
import { message as toast } from '@zp/ui';
import { MSG, PICKERS, messageAbstract, offersRating, pickedAs, replyData, textToSend, type FileKind } from './logic.js';
import { RatingForm } from './RatingForm.js';
import { EmojiPicker } from './EmojiPicker.js';
import { emojiUrl } from './emoji.js';
import { conversationName } from './names.js';
import type { CallController } from './call/controller.js';
import { VIDEO_ICON } from './call/CallLayer.js';
import type { ConversationState } from './useConversation.js';

/**
 * The send box: emoji, the 图片 / 文件 / 视频 pickers, 视频通话 (one-to-one), 评价 where offered,
 * the text (Enter sends, Ctrl+Enter a new line; pasted files go as they are) and 发送; above the
 * text, the message being answered (回复). `text` is the conversation's, so that 重新编辑 can put a
 * revoked text back.
 */
export function Composer({ call, conversation, me, role, talk, text, onText, replyTo, onReplyDone }: {
  call: CallController | null; conversation: Conversation; me: string; role: string;
  talk: Pick<ConversationState, 'to' | 'sendText' | 'sendFile' | 'sendCustom'>; text: string; onText: (text: string) => void;
  /** the message the next text quotes (回复), and how to let go of it */
  replyTo: Message | null; onReplyDone: () => void;
}) {
  const { to, sendFile, sendCustom } = talk;
  const [rating, setRating] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const picking = useRef<FileKind>('file'); // which picker opened the chooser

  const sendText = () => {
    const body = textToSend(text);
    onText('');
    if (body === null) return toast.info(MSG.empty);
    talk.sendText(body, replyTo ? replyData(replyTo, senderName(replyTo)) : undefined);
    onReplyDone();
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter') return;
    // Enter that confirms a pinyin input method's candidate is the IME's, not a send.
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (e.ctrlKey) {
      // Ctrl+Enter: a line break where the caret is. Put into the box itself, caret and all, at
      // once: set a frame later, the caret would land behind what a fast typist typed meanwhile.
      e.preventDefault();
      insertIntoBox(e.currentTarget, '\n');
      return;
    }
    if (e.shiftKey) return;
    e.preventDefault();
    sendText();
  };

  // A picked emoji code goes where the caret is, and the caret lands after it.
  const pickEmoji = (code: string) => {
    setEmojiOpen(false);
    if (!box.current) return;
    box.current.focus();
    insertIntoBox(box.current, code);
  };

  /** `insert` in place of the box's selection, the caret after it; the state follows the box. */
  const insertIntoBox = (el: HTMLTextAreaElement, insert: string) => {
    el.setRangeText(insert, el.selectionStart, el.selectionEnd, 'end');
    onText(el.value);
  };

  const onPaste = (e: ClipboardEvent) => {
    const files = Array.from(e.clipboardData.files);
    if (!files.length) return;
    e.preventDefault();
    for (const f of files) sendFile(f);
  };

  return (
    <div className="send">
      <div className="bar">
        <button type="button" className="emoji-toggle" aria-label="表情" aria-expanded={emojiOpen} onClick={() => setEmojiOpen((o) => !o)}>
          <img src={emojiUrl(0)} alt="" width={20} height={20} />
        </button>
        {PICKERS.map((p) => (
          <button key={p.kind} type="button" onClick={() => {
            // One input: the accept list of the picker clicked, set before the chooser opens.
            picking.current = p.kind;
            if (picker.current) picker.current.accept = p.accept;
            picker.current?.click();
          }}>{p.label}</button>
        ))}
        {call && conversation.type === TYPES.CONV_C2C && to !== me && (
          <button type="button" className="video-call" aria-label="视频通话" title="视频通话" onClick={() => void call.begin(to, conversationName(conversation))}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d={VIDEO_ICON} /></svg>
          </button>
        )}
        {!rating && offersRating(role, String(conversation.type), to, me) && (
          <button type="button" onClick={() => setRating(true)}>评价</button>
        )}
        <input ref={picker} type="file" hidden aria-hidden="true" tabIndex={-1} onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (!f) return;
          const kind = pickedAs(picking.current, f);
          if (kind) sendFile(f, kind);
          else toast.warning(PICKERS.find((p) => p.kind === picking.current)!.refused);
        }} />
      </div>
      {emojiOpen && <EmojiPicker onPick={pickEmoji} onClose={() => setEmojiOpen(false)} />}
      {rating && <RatingForm onSend={(p) => {
        sendCustom(p);
        setRating(false);
      }} onCancel={() => setRating(false)} />}
      {replyTo && (
        <div className="replying" role="status">
          <span>回复 {senderName(replyTo)}：{messageAbstract(replyTo)}</span>
          <button type="button" aria-label="取消回复" onClick={onReplyDone}>×</button>
        </div>
      )}
      <textarea ref={box} value={text} onChange={(e) => onText(e.target.value)} onKeyDown={onKey} onPaste={onPaste} placeholder={KEYBOARD_HINT} aria-label="消息内容" />
      <button type="button" className="primary" onClick={sendText}>发送</button>
    </div>
  );
}

/** A quoted message's sender as the quote names them. */
const senderName = (m: Message) => m.nameCard || m.nick || m.from;

/** The keys only where there is a keyboard: a phone's on-screen keyboard has no Ctrl. */
const KEYBOARD_HINT = typeof matchMedia !== 'undefined' && matchMedia('(pointer: coarse)').matches ? '输入消息' : '输入消息，Enter 发送，Ctrl+Enter 换行';
