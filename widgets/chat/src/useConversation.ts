import { useEffect, useMemo, useRef, useState } from 'react';
import { EVENT, TYPES, type Chat as ChatSDK, type Conversation, type Message } from '@zp/chat-sdk/provider';
import { failureText } from '@zp/core/client';
import { RECEIPT_GROUP_TYPES } from '@zp/core/rules/chat';
import { message as toast } from '@zp/ui';
import { REVOKE_WINDOW_SECONDS, expiredLink, fileKind, typingStatusOf, withFirstPage, type FileKind } from './logic.js';
import { useChatEvent } from './events.js';
import type { CallController } from './call/controller.js';
import type { StickToLatest } from './useStickToLatest.js';

type CustomPayload = { data: string; description: string; extension: string };
/** A group message's read receipt: how many members read it and did not. */
export type Receipt = { readCount: number; unreadCount: number };
/** How far back a message is looked for (a quote's original, fresh links): pages of 15. */
const PAGES_BACK = 20;

/**
 * One open conversation's messages and what the SDK says about them, apart from how they show:
 * the first page and older ones (查看更多), messages arriving, read receipts, sending (with the
 * reason a send failed), revoking, group applications handled, and links renewed once expired.
 * `me`: my user ID; `latest` keeps the list at the newest message when one arrives while the reader is there.
 */
export function useConversation({ chat, call, me, conversation, latest }: {
  chat: ChatSDK; call: CallController | null; me: string; conversation: Conversation; latest: Pick<StickToLatest, 'stick' | 'toBottom'>;
}) {
  const id = conversation.conversationID;
  const [messageState, setMessages] = useState<Message[]>([]);
  // A message ID is unique: history pages, live events and resumed gaps can overlap, and each
  // message must show once (the later copy carries the newer state, e.g. isRevoked).
  const messages = useMemo(() => {
    const at = new Map<string, number>();
    const out: Message[] = [];
    for (const m of messageState) {
      const i = at.get(m.ID);
      if (i === undefined) {
        at.set(m.ID, out.length);
        out.push(m);
      } else out[i] = m;
    }
    return out;
  }, [messageState]);
  const [next, setNext] = useState('');
  const [completed, setCompleted] = useState(false);
  // The SDK changes a message in place (status, progress): a tick shows it.
  const [, tick] = useState(0);
  const to = conversation.type === TYPES.CONV_GROUP ? conversation.groupProfile.groupID : id.replace(/^C2C/, '');
  const { toBottom } = latest;

  useEffect(() => {
    let live = true;
    chat.getMessageList({ conversationID: id }).then(({ data }) => {
      if (!live) return;
      // Messages that arrived while this page loaded stay, unless older than it (the list shows each ID once).
      setMessages((arrived) => withFirstPage(data.messageList, arrived, data.isCompleted));
      setNext(data.nextReqMessageID);
      setCompleted(data.isCompleted);
      requestAnimationFrame(toBottom);
    }, (err) => toast.error(failureText(err)));
    void chat.setMessageRead({ conversationID: id }).catch(() => {});
    return () => {
      live = false;
    };
  }, [chat, id]);

  useChatEvent(chat, EVENT.MESSAGE_RECEIVED, (e) => {
    // Typing signals show in the header (useTyping), never as messages.
    const mine = (e.data as Message[]).filter((m) => m.conversationID === id && typingStatusOf(m) === null);
    if (!mine.length) return;
    setMessages((list) => [...list, ...mine.filter((m) => !list.some((x) => x.ID === m.ID))]);
    void chat.setMessageRead({ conversationID: id }).catch(() => {});
    if (latest.stick.current) requestAnimationFrame(toBottom);
  });
  useEffect(() => call?.onSent((m) => m.conversationID === id && setMessages((list) => [...list, m])), [call, id]);
  useChatEvent(chat, EVENT.MESSAGE_READ_BY_PEER, (e) => {
    const ids = new Set((e.data as Message[]).filter((m) => m.conversationID === id).map((m) => m.ID));
    if (ids.size) setMessages((list) => list.map((m) => (ids.has(m.ID) ? ({ ...m, isPeerRead: true } as Message) : m)));
  });
  // Group read receipts (Work and Public groups): my messages' counts, fetched once shown and
  // then kept up to date by the SDK's event as members read.
  const receiptGroup = conversation.type === TYPES.CONV_GROUP && RECEIPT_GROUP_TYPES.has(String(conversation.groupProfile?.type)) ? conversation.groupProfile.groupID : null;
  const [receipts, setReceipts] = useState<ReadonlyMap<string, Receipt>>(new Map());
  const asked = useRef(new Set<string>());
  const takeReceipts = (list: ({ messageID: string } & Receipt)[]) => {
    if (!list.length) return;
    setReceipts((map) => {
      const next = new Map(map);
      for (const x of list) next.set(x.messageID, { readCount: x.readCount, unreadCount: x.unreadCount });
      return next;
    });
  };
  // A send settles in place (status), so the count of my settled messages is what changes.
  const settledMine = receiptGroup ? messages.filter((m) => m.from === me && m.status === 'success').length : 0;
  useEffect(() => {
    if (!receiptGroup) return;
    const mine = messages.filter((m) => m.from === me && m.status === 'success' && !m.isRevoked && m.type !== TYPES.MSG_GRP_TIP && !asked.current.has(m.ID)).slice(-30);
    if (!mine.length) return;
    for (const m of mine) asked.current.add(m.ID);
    chat.getMessageReadReceiptList(mine).then(({ data }) => {
      const infos = (data.messageList as Message[]).map((m) => ({ messageID: m.ID, ...(m.readReceiptInfo as Partial<Receipt>) }));
      takeReceipts(infos.filter((x): x is { messageID: string } & Receipt => typeof x.readCount === 'number'));
    }, () => {
      for (const m of mine) asked.current.delete(m.ID);
    });
  }, [receiptGroup, messages, settledMine]);
  useChatEvent(chat, EVENT.MESSAGE_READ_RECEIPT_RECEIVED, (e) => {
    takeReceipts((e.data as ({ groupID?: string; messageID: string } & Receipt)[]).filter((x) => x.groupID && x.groupID === receiptGroup));
  });

  useChatEvent(chat, EVENT.MESSAGE_REVOKED, (e) => {
    const ids = new Set((e.data as Message[]).map((m) => m.ID));
    setMessages((list) => list.map((m) => (ids.has(m.ID) ? ({ ...m, isRevoked: true } as Message) : m)));
  });

  const more = async () => {
    if (completed) return;
    try {
      const { data } = await chat.getMessageList({ conversationID: id, nextReqMessageID: next });
      setMessages((list) => [...data.messageList, ...list]);
      setNext(data.nextReqMessageID);
      setCompleted(data.isCompleted);
    } catch (err) {
      toast.error(failureText(err));
    }
  };

  // A file link that expired in a page left open: read the messages again (up to this one) for
  // fresh links; the new copies replace the old in place, and a video keyed by its address retries.
  /**
   * History pages from `cursor` ('' the latest) back, oldest first, until `messageID` is among them
   * or the history ends, at most PAGES_BACK pages (an ID may come from the other side, made up).
   */
  const pagesBack = async (cursor: string, done: boolean, messageID: string) => {
    const pages: Message[] = [];
    for (let page = 0; page < PAGES_BACK && !done && !pages.some((m) => m.ID === messageID); page++) {
      const { data } = await chat.getMessageList({ conversationID: id, ...(cursor ? { nextReqMessageID: cursor } : {}) });
      pages.unshift(...data.messageList);
      cursor = data.nextReqMessageID;
      done = data.isCompleted;
    }
    return { pages, cursor, done };
  };

  const renewed = useRef(new Set<string>());
  const renewLinks = async (m: Message) => {
    if (renewed.current.has(m.ID)) return;
    renewed.current.add(m.ID);
    const { pages: fresh } = await pagesBack('', false, m.ID);
    setMessages((list) => [...list, ...fresh.filter((x) => list.some((y) => y.ID === x.ID))]);
  };
  const onLinkError = (m: Message, url: string) => {
    if (expiredLink(url, Number(chat.getServerTime()))) void renewLinks(m).catch(() => {});
  };

  // 撤回 and 重新编辑 go when the 120 s are up, also in a conversation where nothing else happens.
  const now = Number(chat.getServerTime());
  const revocable = messages.some((m) => m.from === me && m.status === 'success' && now - m.time <= REVOKE_WINDOW_SECONDS);
  useEffect(() => {
    if (!revocable) return;
    const timer = setInterval(() => tick((n) => n + 1), 5000);
    return () => clearInterval(timer);
  }, [revocable]);

  // Why a message failed (the server's refusal, e.g. 发送失败，您已被对方拉黑): on the "!" as well as in the toast.
  const [failures, setFailures] = useState<ReadonlyMap<string, string>>(new Map());
  const send = async (m: Message, resend = false) => {
    if (!resend) setMessages((list) => [...list, m]);
    requestAnimationFrame(toBottom);
    try {
      const sending = resend ? chat.resendMessage(m) : chat.sendMessage(m);
      tick((n) => n + 1); // the SDK marked it unSend: the spinner replaces the "!" at once
      await sending;
      setFailures((f) => (f.has(m.ID) ? new Map([...f].filter(([id]) => id !== m.ID)) : f));
    } catch (err) {
      const reason = failureText(err);
      setFailures((f) => new Map(f).set(m.ID, reason));
      toast.error(reason);
    }
    tick((n) => n + 1);
  };

  /**
   * `body`: the text as it goes (textToSend); '@' and a user ID make it a mention. `cloudCustomData`:
   * a quote-reply's messageReply (replyData).
   */
  const sendText = (body: string, cloudCustomData?: string) => {
    const options = { to, conversationType: conversation.type, ...(cloudCustomData ? { cloudCustomData } : {}) };
    const m = mentionsAny(body) ? chat.createTextAtMessage({ ...options, payload: { text: body, atUserList: atUsers(body) } }) : chat.createTextMessage({ ...options, payload: { text: body } });
    void send(m);
  };

  /**
   * Loads older pages until the message `messageID` is in the list (a quote's original, however far up):
   * true once it is there, false when the history ends without it.
   */
  const loadUntil = async (messageID: string): Promise<boolean> => {
    if (messages.some((m) => m.ID === messageID)) return true;
    try {
      const { pages, cursor, done } = await pagesBack(next, completed, messageID);
      setMessages((list) => [...pages, ...list]);
      setNext(cursor);
      setCompleted(done);
      return pages.some((m) => m.ID === messageID);
    } catch (err) {
      toast.error(failureText(err));
      return false;
    }
  };

  const sendFile = (file: File, kind: FileKind = fileKind(file)) => {
    const options = { to, conversationType: conversation.type, payload: { file }, onProgress: () => tick((n) => n + 1) };
    const m = kind === 'image' ? chat.createImageMessage(options) : kind === 'video' ? chat.createVideoMessage(options) : chat.createFileMessage(options);
    void send(m);
  };

  const sendCustom = (payload: CustomPayload) => void send(chat.createCustomMessage({ to, conversationType: conversation.type, payload }));

  const revoke = async (m: Message) => {
    try {
      await chat.revokeMessage(m);
      setMessages((list) => list.map((x) => (x.ID === m.ID ? ({ ...x, isRevoked: true } as Message) : x)));
    } catch (err) {
      toast.error(failureText(err));
    }
  };

  const handle = async (n: Message, action: 'Agree' | 'Reject', note: string) => {
    try {
      await chat.handleGroupApplication({ handleAction: action, handleMessage: note.trim(), message: n });
      toast.success(action === 'Agree' ? '已同意' : '已拒绝');
      // Handled: the notice goes (spec section 4).
      setMessages((list) => list.filter((x) => x.ID !== n.ID));
    } catch (err) {
      toast.error(failureText(err));
    }
  };

  return { to, messages, completed, more, loadUntil, receipts, now, failures, send, sendText, sendFile, sendCustom, revoke, handle, onLinkError };
}

export type ConversationState = ReturnType<typeof useConversation>;

const mentionsAny = (text: string) => /@\d+/.test(text);
const atUsers = (text: string) => Array.from(text.matchAll(/@(\d+)/g), (x) => x[1]!);
