import { useEffect, useRef, useState } from 'react';
import { EVENT, TYPES, type Chat as ChatSDK, type Conversation, type Message } from '@zp/chat-sdk/provider';
import { useChatEvent } from './events.js';
import { TYPING_SHOWN_MS, TYPING_SIGNAL_MS, typingData, typingStatusOf } from './logic.js';

/**
 * 对方正在输入… for a 1:1 conversation: tells the other side while `text` is being written (at
 * most once per TYPING_SIGNAL_MS, and once more when the box is emptied), and answers whether the
 * other side is typing now. The signals go onlineUserOnly: nothing is stored or counted.
 */
export function useTyping(chat: ChatSDK, conversation: Conversation, text: string): boolean {
  const id = conversation.conversationID;
  const c2c = conversation.type === TYPES.CONV_C2C;
  const peer = c2c ? id.slice(3) : '';
  const lastSignal = useRef(0);
  const typed = useRef(text);
  const [peerTyping, setPeerTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const signal = (typing: boolean) => {
    const m = chat.createCustomMessage({ to: peer, conversationType: TYPES.CONV_C2C, payload: { data: typingData(typing), description: '', extension: '' } });
    void chat.sendMessage(m, { onlineUserOnly: true }).catch(() => {});
  };

  useEffect(() => {
    const before = typed.current;
    typed.current = text;
    if (!c2c || text === before) return;
    const now = Date.now();
    if (text.trim() && now - lastSignal.current >= TYPING_SIGNAL_MS) {
      lastSignal.current = now;
      signal(true);
    } else if (!text.trim() && lastSignal.current) {
      lastSignal.current = 0;
      signal(false);
    }
  }, [text, c2c]);

  useChatEvent(chat, EVENT.MESSAGE_RECEIVED, (e) => {
    for (const m of e.data as Message[]) {
      if (m.conversationID !== id || m.from !== peer) continue;
      const status = typingStatusOf(m);
      clearTimeout(timer.current);
      // A message from them ends their typing as well.
      setPeerTyping(status === 1);
      if (status === 1) timer.current = setTimeout(() => setPeerTyping(false), TYPING_SHOWN_MS);
    }
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return peerTyping;
}
