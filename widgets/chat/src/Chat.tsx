import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '@zp/core/element';
import { companiesApi } from '@zp/core/routes';
import { $session, api, logout } from '@zp/core/session';
import { failureText } from '@zp/core/client';
import {
  $chatKicked, $chatState, EVENT, TYPES, chatLogin, configureChat, currentChat, type Chat as ChatSDK, type Conversation, type Message,
} from '@zp/chat-sdk/provider';
import { LoginDialog, confirm, message as toast, useModal } from '@zp/ui';
import {
  ENTER_INFO_PATH, MESSAGE_PAGE, MSG, REFRESH_THROTTLE_MS, SYSTEM_CONVERSATION,
  badgeText, canRevoke, customText, listTime, messageTime, videoErrorText, deletedText, expiredLink, formatSize, PICKERS, pickedAs, type FileKind, fraudWarning, mapLink, mentionsMe, noticeText, tipText, type GroupTipPayload, DEFAULT_MAP_URL, moveSelection, offersRating, quickStartTarget, revokedText, textToSend, titleWithUnread,
} from './logic.js';
import { GroupList, FriendList, Blacklist } from './Lists.js';
import { Details } from './Details.js';
import { ImagePreview, MyProfile, RatingForm } from './Extras.js';
import { EmojiPicker, EmojiText } from './EmojiPicker.js';
import { emojiUrl } from './emoji.js';
import { useNames } from './names.js';
import { DialogLayer, PanelDialog } from './layer.js';
import { OPEN_CONVERSATION_EVENT, publishChatUnread, takePendingOpen, type OpenRequest } from '@zp/core/chat-open';
import { useChatEvent } from './events.js';
import { useConversation } from './useConversation.js';
import { useStickToLatest } from './useStickToLatest.js';
import { CallController } from './call/controller.js';
import { CallLayer, VIDEO_ICON } from './call/CallLayer.js';
import { RoomLink } from './call/RoomLink.js';
import { callListText, callText, hallText, parseCallSignal, parseHallMessage, type CallSignal } from './call/protocol.js';
import { configureRtc } from '@zp/rtc-sdk/provider';

export type ChatProps = WidgetProps<'map-url'>;
type Tab = 'conversations' | 'groups' | 'friends' | 'blacklist';

/** Events any page dispatches to open a conversation: detail {userID} or {conversationID} (@zp/core/chat-open). */
export { OPEN_CONVERSATION_EVENT };



export function conversationName(c: Conversation): string {
  if (c.type === TYPES.CONV_SYSTEM) return '系统通知';
  if (c.type === TYPES.CONV_GROUP) return c.groupProfile?.name || c.groupProfile?.groupID || c.conversationID;
  return c.remark || c.userProfile?.nick || c.userProfile?.userID || c.conversationID.replace(/^C2C/, '');
}

/**
 * Spec section 6: HR needs an approved company (shzt 1) to use IM. Otherwise the confirm offers
 * the company form (on the platform's site, also from a partner page).
 */
async function hrMayChat(siteOrigin: string): Promise<boolean> {
  let shzt: number | null = null;
  try {
    shzt = (await api.call(companiesApi.infoForHr, { method: 'GET' })).shzt;
  } catch (err) {
    toast.error(failureText(err));
    return false;
  }
  if (shzt === 1) return true;
  if (await confirm({ message: MSG.companyNotApproved, title: '提示', confirmText: '确定', cancelText: '取消' })) location.assign(`${siteOrigin}${ENTER_INFO_PATH}`);
  return false;
}

/** The floating button, for people logged in (with the badge) and for a partner page's visitor. */
function LauncherButton({ open, badge, onClick, buttonRef }: { open: boolean; badge?: string; onClick: () => void; buttonRef?: RefObject<HTMLButtonElement | null> }) {
  return (
    <button type="button" className="launcher" aria-label="消息" aria-expanded={open} onClick={onClick} ref={buttonRef}>
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
      </svg>
      {badge && <span className="badge" data-testid="chat-badge">{badge}</span>}
    </button>
  );
}

/** The launcher: floating button with the unread badge, the panel, the title count. */
export function Chat({ apiBase, mapUrl }: ChatProps) {
  // apiBase: the api-base attribute or the script's origin on a partner page ('' on the site), from defineWidget.
  // On the platform's own site a visitor logs in on its pages; on a partner page the widget asks.
  const offersLogin = !!apiBase;
  const session = useStore($session);
  const state = useStore($chatState);
  const kicked = useStore($chatKicked);
  const [open, setOpen] = useState(false);
  const [warning, setWarning] = useState(true);
  const [unread, setUnread] = useState(0);
  const [chat, setChat] = useState<ChatSDK | null>(currentChat());
  const [pending, setPending] = useState<{ userID?: string; conversationID?: string } | null>(null);
  const [layer, setLayer] = useState<HTMLDivElement | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // A modal: focus goes in, Tab stays inside, Escape closes.
  const trapTab = useModal(panelRef, open && !!session, () => setOpen(false));
  // Closed, focus goes back to what had it before (the modal does that), else to the chat button:
  // the panel's first opening comes from the page's light button, gone by the time it has loaded.
  const launcherRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (wasOpen.current && !open && lost) launcherRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    if (apiBase) {
      // The API client itself is configured by defineWidget; the chat and call providers here.
      configureChat({ apiBase });
      configureRtc({ apiBase });
    }
  }, [apiBase]);

  // One-to-one calls (spec section 4) for as long as this person's chat is up, panel open or not.
  const [call, setCall] = useState<CallController | null>(null);
  useEffect(() => {
    if (!chat || !session) return;
    const controller = new CallController(chat, { id: session.userId, role: session.roleId });
    controller.start();
    setCall(controller);
    return () => {
      controller.stop();
      setCall(null);
    };
  }, [chat, session?.userId]);

  // Log in to IM as soon as someone is logged in: the badge counts before the panel opens.
  useEffect(() => {
    if (!session) {
      setChat(null);
      setOpen(false);
      return;
    }
    let live = true;
    chatLogin().then((c) => live && setChat(c), (err) => live && state !== 'connecting' && console.warn('[chat]', err));
    return () => {
      live = false;
    };
  }, [session?.token]);

  useEffect(() => {
    if (state === 'ready') setChat(currentChat());
    if (state === 'kicked') {
      setChat(null);
      setOpen(false);
    }
  }, [state]);

  useEffect(() => {
    if (kicked) toast.error(kicked);
  }, [kicked]);

  useEffect(() => setUnread(chat ? chat.getTotalUnreadMessageCount() : 0), [chat]);
  // The SDK reconnects by itself; meanwhile the panel keeps what it showed and says so.
  const [connected, setConnected] = useState(true);
  useEffect(() => setConnected(true), [chat]);
  useChatEvent(chat, EVENT.NET_STATE_CHANGE, (e) => setConnected(e.data?.state === TYPES.NET_STATE_CONNECTED));
  useChatEvent(chat, EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (e) => setUnread(Number(e.data) || 0));
  // After a (re)connection the SDK has synced: count again rather than rely on a change event.
  useChatEvent(chat, EVENT.SDK_READY, () => chat && setUnread(chat.getTotalUnreadMessageCount()));

  useEffect(() => {
    if (typeof document === 'undefined') return;
    document.title = titleWithUnread(document.title, unread);
    // Until the SDK is there the launcher's light connection had the word; nobody logged in: none.
    if (chat || !session) publishChatUnread(unread);
  }, [unread, chat, !!session]);

  const toggle = useCallback(
    async (wantOpen = !open) => {
      if (!wantOpen) return setOpen(false);
      const s = $session.get();
      if (!s) return;
      if (s.roleId === 'hr' && !(await hrMayChat(apiBase))) {
        setPending(null); // a conversation asked for from a page does not open later by surprise
        return;
      }
      setOpen(true);
      setWarning(true);
      if (!currentChat()) chatLogin().then(setChat, (err) => toast.error(`登录失败：${failureText(err)}`));
    },
    [open, apiBase],
  );

  // Entry points elsewhere (job, company, fair pages) open a conversation with a given person;
  // one clicked while this script was still loading is picked up once it runs.
  useEffect(() => {
    const onOpen = (e: Event) => {
      takePendingOpen(); // heard: not to be opened again later
      const detail = (e as CustomEvent<OpenRequest>).detail ?? {};
      setPending(detail);
      void toggle(true);
    };
    window.addEventListener(OPEN_CONVERSATION_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_CONVERSATION_EVENT, onOpen);
  }, [toggle]);
  useEffect(() => {
    if (!session) return;
    const early = takePendingOpen();
    if (early) {
      setPending(early);
      void toggle(true);
    }
  }, [!!session]);

  if (!session) return offersLogin ? <VisitorLauncher siteOrigin={apiBase} onLoggedIn={() => void toggle(true)} /> : null;
  return (
    <DialogLayer.Provider value={layer}>
    <div className="zp-chat">
      <LauncherButton open={open} badge={badgeText(unread)} onClick={() => void toggle()} buttonRef={launcherRef} />
      {open && (
        <div className="mask" onClick={(e) => e.target === e.currentTarget && setOpen(false)}>
          <div className={offersLogin ? 'panel panel--partner' : 'panel'} role="dialog" aria-modal="true" aria-label="在线沟通" tabIndex={-1} ref={panelRef} onKeyDown={trapTab}
            onDragOver={(e) => e.preventDefault()} onDrop={(e) => e.preventDefault()}>
            <button type="button" className="close" aria-label="关闭" onClick={() => setOpen(false)}>×</button>
            {/* On a partner page the widgets are the only place to log out of its scoped login (every widget at once). */}
            {offersLogin && (
              <button type="button" className="signout" onClick={() => void logout().then(() => toast.success('已退出登录'))}>
                退出登录
              </button>
            )}
            {warning && (
              <div className="alert" role="alert">
                <span>{fraudWarning(session.roleId)}</span>
                <button type="button" aria-label="关闭提示" onClick={() => setWarning(false)}>×</button>
              </div>
            )}
            {chat && !connected && <div className="reconnecting" role="status">{MSG.reconnecting}</div>}
            {chat ? (
              <Panel chat={chat} call={call} siteOrigin={apiBase} me={session.userId} role={session.roleId} mapUrl={mapUrl || DEFAULT_MAP_URL} pending={pending} onPendingDone={() => setPending(null)} />
            ) : (
              <div className="loading">{state === 'failed' ? '聊天服务连接失败，正在重试…' : '正在连接…'}</div>
            )}
          </div>
        </div>
      )}
      {call && <CallLayer controller={call} />}
      {/* The panel's dialogs render here: after the panel, and above it. */}
      <div className="dialog-layer" ref={setLayer} />
    </div>
    </DialogLayer.Provider>
  );
}

/** A partner page's visitor: the same button, opening the widgets' one login form (@zp/ui). */
function VisitorLauncher({ siteOrigin, onLoggedIn }: { siteOrigin: string; onLoggedIn: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="zp-chat">
      <LauncherButton open={open} onClick={() => setOpen((o) => !o)} />
      <LoginDialog open={open} title="登录后在线沟通" siteOrigin={siteOrigin} onClose={() => setOpen(false)} onLoggedIn={onLoggedIn} />
    </div>
  );
}

function Panel({ chat, call, siteOrigin, me, role, mapUrl, pending, onPendingDone }: { chat: ChatSDK; call: CallController | null; siteOrigin: string; me: string; role: string; mapUrl: string; pending: { userID?: string; conversationID?: string } | null; onPendingDone: () => void }) {
  const [tab, setTab] = useState<Tab>('conversations');
  const [current, setCurrent] = useState<Conversation | null>(null);
  // The open conversation follows the list: its header and details name the person as the list
  // does (a name masked until they answer shows in full everywhere once they have).
  useChatEvent(chat, EVENT.CONVERSATION_LIST_UPDATED, (e) =>
    setCurrent((c) => (c && (e.data as Conversation[]).find((x) => x.conversationID === c.conversationID)) || c),
  );
  const [adding, setAdding] = useState(false);
  const [reload, setReload] = useState(0);
  const lastRefresh = useRef(0);

  const openConversation = useCallback(
    async (conversationID: string) => {
      try {
        const { data } = await chat.getConversationProfile(conversationID);
        setCurrent(data.conversation);
        setTab('conversations');
      } catch (err) {
        toast.error(failureText(err));
      }
    },
    [chat],
  );

  const startWith = useCallback(
    async (raw: string): Promise<boolean> => {
      const target = quickStartTarget(raw);
      if ('error' in target) {
        toast.error(target.error);
        return false;
      }
      try {
        const { data } = await chat.getUserProfile({ userIDList: [target.userID] });
        if (!data.length) throw new Error(MSG.userNotFound);
      } catch {
        toast.error(MSG.userNotFound);
        return false;
      }
      await openConversation(`C2C${target.userID}`);
      return true;
    },
    [chat, openConversation],
  );

  useEffect(() => {
    if (!pending) return;
    if (pending.conversationID) void openConversation(pending.conversationID);
    else if (pending.userID) void startWith(pending.userID);
    onPendingDone();
  }, [pending]);

  const refresh = () => {
    // Spec section 9: conversation refresh throttled to once a second.
    const now = Date.now();
    if (now - lastRefresh.current < REFRESH_THROTTLE_MS) return;
    lastRefresh.current = now;
    setReload((n) => n + 1);
    toast.success(MSG.refreshed);
  };

  return (
    <div className="body">
      <div className={`columns${current ? ' has-current' : ''}`}>
        <aside className="side">
          <MyProfile chat={chat} />
          <div className="tabs" role="tablist">
            {(
              [
                ['conversations', '会话'],
                ['groups', '群组'],
                ['friends', '好友'],
                ['blacklist', '黑名单'],
              ] as const
            ).map(([key, label]) => (
              <button key={key} type="button" role="tab" aria-selected={tab === key} className={tab === key ? 'active' : ''} onClick={() => setTab(key)}>
                {label}
              </button>
            ))}
          </div>
          <div className="tools">
            {(tab === 'conversations' || tab === 'groups') && (
              <button type="button" onClick={() => setAdding((a) => !a)}>{tab === 'conversations' ? '发起会话' : '创建群组'}</button>
            )}
            <button type="button" onClick={refresh}>刷新</button>
          </div>
          {tab === 'conversations' && (
            <ConversationList chat={chat} me={me} reload={reload} current={current} onSelect={setCurrent} onClosed={() => setCurrent(null)} adding={adding} onAdd={async (id) => (await startWith(id)) && setAdding(false)} onCancelAdd={() => setAdding(false)} />
          )}
          {tab === 'groups' && <GroupList chat={chat} reload={reload} creating={adding} onCreated={() => setAdding(false)} onCancel={() => setAdding(false)} onOpen={(id) => void openConversation(`GROUP${id}`)} />}
          {tab === 'friends' && <FriendList chat={chat} reload={reload} onOpen={(id) => void openConversation(`C2C${id}`)} />}
          {tab === 'blacklist' && <Blacklist chat={chat} reload={reload} />}
        </aside>
        <main className="main">
          {current ? <ConversationView key={current.conversationID} chat={chat} call={call} siteOrigin={siteOrigin} me={me} role={role} mapUrl={mapUrl} conversation={current} onBack={() => setCurrent(null)} /> : <div className="empty">请选择一个会话</div>}
        </main>
      </div>
    </div>
  );
}

function ConversationList({ chat, me, reload, current, onSelect, onClosed, adding, onAdd, onCancelAdd }: {
  chat: ChatSDK; me: string; reload: number; current: Conversation | null; onSelect: (c: Conversation) => void; onClosed: () => void;
  adding: boolean; onAdd: (id: string) => void; onCancelAdd: () => void;
}) {
  const [list, setList] = useState<Conversation[]>([]);
  const [userID, setUserID] = useState('');

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
    <div className="list" tabIndex={0} onKeyDown={onKey} aria-label="会话列表">
      <PanelDialog open={adding} title="发起会话" width={400} onClose={onCancelAdd}>
        <form className="dialog-form" aria-label="发起会话" onSubmit={(e) => (e.preventDefault(), onAdd(userID))}>
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
            role="button"
            tabIndex={-1}
            className={`item${current?.conversationID === c.conversationID ? ' active' : ''}`}
            data-conversation={c.conversationID}
            onClick={() => onSelect(c)}
          >
            <div className="name">{conversationName(c)}</div>
            {c.lastMessage?.lastTime ? <time className="when">{listTime(c.lastMessage.lastTime)}</time> : null}
            <div className="last">
              {mention && <span className="at">[有人@我]</span>}
              {c.lastMessage?.isRevoked ? '[消息已撤回]' : callLine ?? (c.lastMessage?.type === TYPES.MSG_GRP_TIP ? <TipLine chat={chat} p={c.lastMessage.payload as GroupTipPayload} /> : <EmojiText text={text} />)}
            </div>
            {c.unreadCount > 0 && <span className="count">{badgeText(c.unreadCount)}</span>}
            <button type="button" className="del" aria-label="删除会话" onClick={(e) => (e.stopPropagation(), void remove(c))}>×</button>
          </div>
        );
      })}
    </div>
  );
}

function ConversationView({ chat, call, siteOrigin, me, role, mapUrl, conversation, onBack }: {
  chat: ChatSDK; call: CallController | null; siteOrigin: string; me: string; role: string; mapUrl: string; conversation: Conversation; onBack: () => void;
}) {
  const id = conversation.conversationID;
  const latest = useStickToLatest();
  const { listRef, stick, farFromBottom, toBottom, onScroll } = latest;
  const { to, messages, completed, more, now, failures, send, sendText: sendBody, sendFile, sendCustom, revoke, handle, onLinkError } = useConversation({ chat, call, me, conversation, latest });
  const [text, setText] = useState('');
  const [details, setDetails] = useState(false);
  const [preview, setPreview] = useState<number | null>(null);
  const [rating, setRating] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const picking = useRef<FileKind>('file'); // which picker opened the chooser
  const isSystem = conversation.type === TYPES.CONV_SYSTEM;

  const sendText = () => {
    const body = textToSend(text);
    setText('');
    if (body === null) return toast.info(MSG.empty);
    sendBody(body);
  };

  const images = messages.filter((m) => m.type === TYPES.MSG_IMAGE && !m.isRevoked).map((m) => (m.payload as any).imageInfoArray?.[0]?.url as string).filter(Boolean);

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
    setText(el.value);
  };

  const onPaste = (e: ClipboardEvent) => {
    const files = Array.from(e.clipboardData.files);
    if (!files.length) return;
    e.preventDefault();
    files.forEach((f) => sendFile(f));
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    Array.from(e.dataTransfer.files).forEach((f) => sendFile(f));
  };

  return (
    <section className={`conversation${details && !isSystem ? ' with-details' : ''}`} data-conversation={id} onDragOver={(e) => e.preventDefault()} onDrop={isSystem ? undefined : onDrop}>
      <header className="head">
        <button type="button" className="back" aria-label="返回会话列表" onClick={onBack}>‹</button>
        <span className="title">{conversationName(conversation)}</span>
        {!isSystem && (
          <button type="button" className="toggle" aria-expanded={details} onClick={() => setDetails((d) => !d)}>{details ? '收起详情' : '详情'}</button>
        )}
      </header>
      {details && !isSystem && <Details chat={chat} me={me} conversation={conversation} onLeft={onBack} />}
      <div className="messages" ref={listRef} onScroll={onScroll} onLoadCapture={() => stick.current && toBottom()} data-testid="chat-messages">
        <div className="more">
          {completed ? <span>{MSG.noMore}</span> : <button type="button" onClick={() => void more()}>查看更多</button>}
        </div>
        {messages.map((m) => (
          <Bubble
            key={m.ID} chat={chat} m={m} me={me} mapUrl={mapUrl} siteOrigin={siteOrigin} failure={failures.get(m.ID)} conversationType={String(conversation.type)} now={now}
            onRevoke={() => void revoke(m)} onResend={() => void send(m, true)}
            onReEdit={() => setText((m.payload as { text: string }).text)}
            onPreview={(url) => setPreview(Math.max(0, images.indexOf(url)))}
            onLinkError={(url) => onLinkError(m, url)}
            onHandle={(n, action, note) => void handle(n, action, note)}
          />
        ))}
      </div>
      {preview !== null && images.length > 0 && <ImagePreview urls={images} start={preview} onClose={() => setPreview(null)} />}
      {farFromBottom && (
        <button type="button" className="latest" onClick={toBottom}>回到最新位置</button>
      )}
      {!isSystem && (
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
          {rating && <RatingForm onSend={(p) => (sendCustom(p), setRating(false))} onCancel={() => setRating(false)} />}
          <textarea ref={box} value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKey} onPaste={onPaste} placeholder={KEYBOARD_HINT} aria-label="消息内容" />
          <button type="button" className="primary" onClick={sendText}>发送</button>
        </div>
      )}
    </section>
  );
}

/** The keys only where there is a keyboard: a phone's on-screen keyboard has no Ctrl. */
const KEYBOARD_HINT = typeof matchMedia !== 'undefined' && matchMedia('(pointer: coarse)').matches ? '输入消息' : '输入消息，Enter 发送，Ctrl+Enter 换行';


/** A group tip in words, with names: in the message list and as a conversation's last message. */
function TipLine({ chat, p }: { chat: ChatSDK; p: GroupTipPayload }) {
  const name = useNames(chat, [p.operatorID ?? '', ...(p.userIDList ?? []), ...(p.memberList ?? []).map((x) => x.userID)]);
  return <>{tipText(p, name)}</>;
}

function Tip({ chat, m }: { chat: ChatSDK; m: Message }) {
  return <div className="tip"><TipLine chat={chat} p={m.payload as GroupTipPayload} /></div>;
}

function Notice({ chat, m, onHandle }: { chat: ChatSDK; m: Message; onHandle: (m: Message, action: 'Agree' | 'Reject', note: string) => void }) {
  const [note, setNote] = useState('');
  const p = m.payload as any;
  const name = useNames(chat, [p.operatorID ?? '']);
  return (
    <div className="notice" data-message={m.ID}>
      <div>{noticeText({ ...p, operatorID: p.operatorID && name(p.operatorID) })}</div>
      {p.operationType === 1 && (
        <div className="quick">
          <input value={note} onChange={(e) => setNote(e.target.value)} placeholder="附言（选填）" aria-label="处理附言" />
          <button type="button" className="primary" onClick={() => onHandle(m, 'Agree', note)}>同意</button>
          <button type="button" onClick={() => onHandle(m, 'Reject', note)}>拒绝</button>
        </div>
      )}
    </div>
  );
}

function Bubble({ chat, m, me, mapUrl, siteOrigin, failure, conversationType, now, onRevoke, onResend, onReEdit, onPreview, onLinkError, onHandle }: {
  chat: ChatSDK; m: Message; me: string; mapUrl: string; siteOrigin: string;
  /** why it failed to send, when it did */
  failure?: string; conversationType: string; now: number; onRevoke: () => void; onResend: () => void; onReEdit: () => void; onPreview: (url: string) => void;
  /** a file link did not load (or was clicked) and may have expired */
  onLinkError: (url: string) => void;
  onHandle: (m: Message, action: 'Agree' | 'Reject', note: string) => void;
}) {
  const flow = m.from === me ? 'out' : m.flow;
  if (m.isRevoked) {
    // Own text can be re-edited within the same 120 s window as the revoke.
    const reEdit = flow === 'out' && m.type === TYPES.MSG_TEXT && canRevoke('out', false, 'success', m.time, now);
    return (
      <div className="tip">
        {revokedText({ flow, conversationType, fromName: m.nameCard || m.nick || m.from })}
        {reEdit && <button type="button" className="reedit" onClick={onReEdit}>重新编辑</button>}
      </div>
    );
  }
  if (m.type === TYPES.MSG_GRP_TIP) return <Tip chat={chat} m={m} />;
  if (m.type === TYPES.MSG_GRP_SYS_NOTICE) return <Notice chat={chat} m={m} onHandle={onHandle} />;
  const p = m.payload as any;
  // A call's record (read once: it is shown in words and cannot be revoked).
  const signal = m.type === TYPES.MSG_CUSTOM ? parseCallSignal(p.data) : null;
  let body;
  switch (m.type) {
    case TYPES.MSG_TEXT:
      body = <EmojiText text={p.text} />;
      break;
    case TYPES.MSG_FACE:
      // A face message carries its code in data (spec section 3); one the widget cannot show is unsupported.
      body = typeof p.data === 'string' && p.data.startsWith('[') ? <EmojiText text={p.data} /> : <span className="text">{MSG.unsupported}</span>;
      break;
    case TYPES.MSG_IMAGE:
      body = p.imageInfoArray?.[0]?.url ? (
        <button type="button" className="image-open" aria-label="查看大图" onClick={() => onPreview(p.imageInfoArray[0].url)}>
          <img src={p.imageInfoArray[0].url} alt="图片" onError={() => onLinkError(p.imageInfoArray[0].url)} />
        </button>
      ) : <span>图片</span>;
      break;
    case TYPES.MSG_FILE:
      body = (
        <a className="file" href={p.fileUrl} target="_blank" rel="noreferrer" download={p.fileName}
          onClick={(e) => {
            if (!expiredLink(p.fileUrl, now)) return;
            e.preventDefault();
            onLinkError(p.fileUrl);
            toast.info('文件链接已更新，请再次点击下载');
          }}>
          <span className="ficon" aria-hidden="true">FILE</span>{p.fileName} <small>{formatSize(p.fileSize ?? 0)}</small>
        </a>
      );
      break;
    case TYPES.MSG_VIDEO:
      body = <VideoBody key={p.videoUrl} url={p.videoUrl} onLinkError={onLinkError} />;
      break;
    case TYPES.MSG_LOCATION:
      body = (
        <a className="file" href={mapLink(mapUrl, p)} target="_blank" rel="noreferrer">
          <span className="ficon" aria-hidden="true">MAP</span>{p.description || `${p.latitude}, ${p.longitude}`}
        </a>
      );
      break;
    case TYPES.MSG_CUSTOM:
      body = <CustomBody p={p} signal={signal} mine={flow === 'out'} siteOrigin={siteOrigin} />;
      break;
    default:
      body = <span className="text">{MSG.unsupported}</span>;
  }
  const progress = (m as { progress?: number }).progress;
  return (
    <div className={`row ${flow}`} data-message={m.ID}>
      <div className="who"><span className="sender">{flow === 'out' ? '我' : m.nameCard || m.nick || m.from}</span> <time>{messageTime(m.time)}</time></div>
      <div className="bubble-line">
        {m.status === 'fail' && (
          <button type="button" className="fail" title={`${failure || '发送失败'}，点击重发`} aria-label="重发" onClick={onResend}>!</button>
        )}
        {m.status === 'unSend' && <span className="sending" aria-label="发送中" />}
        <div className="bubble">
          {body}
          {m.status === 'unSend' && typeof progress === 'number' && m.type !== TYPES.MSG_TEXT && (
            <progress max={1} value={progress} />
          )}
        </div>
      </div>
      {canRevoke(flow, m.isRevoked, m.status, m.time, now) && !signal && (
        <button type="button" className="revoke" onClick={onRevoke}>撤回</button>
      )}
    </div>
  );
}

/** A custom message: a call's record or an older hall message in words (never their JSON), else its text. */
function CustomBody({ p, signal, mine, siteOrigin }: { p: { data?: string; description?: string; extension?: string }; signal: CallSignal | null; mine: boolean; siteOrigin: string }) {
  if (signal) {
    return (
      <span className="text call-record" data-call-action={String(signal.action)}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d={VIDEO_ICON} /></svg>
        {callText(signal, mine)}
      </span>
    );
  }
  const hall = parseHallMessage(p.data);
  if (hall) {
    const { text, room } = hallText(hall, mine);
    return (
      <span className="text hall-record">
        {text}
        {room && <> <RoomLink roomId={room} href={`${siteOrigin}/zppc/video?roomId=${room}`} /></>}
      </span>
    );
  }
  return <span className="text">{customText(p)}</span>;
}

/** A video message; when the browser cannot play it, the reason shows instead (spec section 8). */
function VideoBody({ url, onLinkError }: { url: string; onLinkError: (url: string) => void }) {
  const [error, setError] = useState<{ text: string; detail: string } | null>(null);
  // The browser's own wording (often technical) stays in the tooltip.
  if (error) return <span className="text video-error" title={error.detail}>{error.text}</span>;
  return (
    <video src={url} controls width={240} preload="metadata"
      onError={(e) => {
        setError({ text: videoErrorText(e.currentTarget.error), detail: e.currentTarget.error?.message ?? '' });
        onLinkError(url);
      }} />
  );
}

export { SYSTEM_CONVERSATION, MESSAGE_PAGE };
