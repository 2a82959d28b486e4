import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '@zp/core/element';
import { companiesApi } from '@zp/core/routes';
import { $session, api, logout } from '@zp/core/session';
import { failureText } from '@zp/core/client';
import { $chatKicked, $chatState, chatLogin, configureChat, currentChat, type Chat as ChatSDK } from '@zp/chat-sdk/provider';
import { confirm, message as toast, useModal } from '@zp/ui';
import { ENTER_INFO_PATH, MSG, badgeText, fraudWarning, DEFAULT_MAP_URL } from './logic.js';
import { DialogLayer } from './layer.js';
import { OPEN_CONVERSATION_EVENT } from '@zp/core/chat-open';
import { CallLayer } from './call/CallLayer.js';
import { configureRtc } from '@zp/rtc-sdk/provider';
import { LauncherButton } from './LauncherButton.js';
import { VisitorLauncher } from './VisitorLauncher.js';
import { PanelBody } from './PanelBody.js';
import { useCallController } from './useCallController.js';
import { useChatStatus } from './useChatStatus.js';
import { useOpenRequests } from './useOpenRequests.js';

export type ChatProps = WidgetProps<'map-url'>;

/** Events any page dispatches to open a conversation: detail {userID} or {conversationID} (@zp/core/chat-open). */
export { OPEN_CONVERSATION_EVENT };

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

  const call = useCallController(chat, session);

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

  const { unread, connected } = useChatStatus(chat, !!session);

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

  // A page's call request (a booth queue's 下一位) waits for the call layer, which comes with the chat's login.
  const [callRequest, setCallRequest] = useState<{ userID: string; name: string } | null>(null);
  useOpenRequests(!!session, toggle, setPending, (userID, name) => setCallRequest({ userID, name }));
  useEffect(() => {
    if (!call || !callRequest) return;
    setCallRequest(null);
    void call.begin(callRequest.userID, callRequest.name);
  }, [call, callRequest]);

  if (!session) return offersLogin ? <VisitorLauncher siteOrigin={apiBase} onLoggedIn={() => void toggle(true)} /> : null;
  return (
    <DialogLayer.Provider value={layer}>
    <div className="zp-chat">
      <LauncherButton open={open} badge={badgeText(unread)} onClick={() => void toggle()} buttonRef={launcherRef} />
      {open && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes, as Escape and the × button do for the keyboard
        // biome-ignore lint/a11y/useKeyWithClickEvents: the same backdrop click; Escape is useModal's
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
              <PanelBody chat={chat} call={call} siteOrigin={apiBase} me={session.userId} role={session.roleId} mapUrl={mapUrl || DEFAULT_MAP_URL} pending={pending} onPendingDone={() => setPending(null)} />
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
