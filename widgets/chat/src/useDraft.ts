import { useEffect, useRef } from 'react';
import type { Chat as ChatSDK, Conversation } from '@zp/chat-sdk/provider';

/** How long the box stays still before its text is kept as the conversation's draft. */
const DRAFT_SAVE_MS = 800;
/** What `saved` holds after a failed save: no text equals it (a draft has no NUL). */
const UNSAVED = '\u0000';

/**
 * Keeps the send box's `text` as the conversation's draft (setConversationDraft, on the server):
 * after a pause in typing, at once when the box is emptied (a sent message leaves no draft), and
 * when the conversation closes. The view starts from `conversation.draftText`.
 */
export function useDraft(chat: ChatSDK, conversation: Conversation, text: string) {
  const id = conversation.conversationID;
  const saved = useRef(conversation.draftText ?? '');
  const latest = useRef(text);
  latest.current = text;

  // Saves go one after another, so that an earlier one cannot land after a later one.
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const save = (draftText: string) => {
    if (draftText === saved.current) return;
    saved.current = draftText;
    chain.current = chain.current.then(() =>
      chat.setConversationDraft({ conversationID: id, draftText }).catch(() => {
        saved.current = UNSAVED; // equal to no text: tried again on the next change
      }),
    );
  };

  useEffect(() => {
    if (!text) {
      save('');
      return;
    }
    const timer = setTimeout(() => save(text), DRAFT_SAVE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => () => save(latest.current), [id]);
}
