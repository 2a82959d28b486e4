import { useCallback, useEffect, useRef, useState } from 'react';
import { failureText } from '@zp/core/client';
import { EVENT, type Chat as ChatSDK, type Conversation } from '@zp/chat-sdk/provider';
import { message as toast } from '@zp/ui';
import { MSG, REFRESH_THROTTLE_MS, quickStartTarget } from './logic.js';
import { GroupList } from './GroupList.js';
import { FriendList } from './FriendList.js';
import { Blacklist } from './Blacklist.js';
import { MyProfile } from './MyProfile.js';
import { useChatEvent } from './events.js';
import type { CallController } from './call/controller.js';
import { ConversationList } from './ConversationList.js';
import { ConversationView } from './ConversationView.js';

type Tab = 'conversations' | 'groups' | 'friends' | 'blacklist';

/**
 * The panel's body once chat is up: the side bar (my profile, the tabs 会话 / 群组 / 好友 / 黑名单,
 * 发起会话 or 创建群组, 刷新) beside the open conversation. `pending`: a conversation a page asked
 * to open (zp:chat-open), opened once and handed back with `onPendingDone`.
 */
export function PanelBody({ chat, call, siteOrigin, me, role, mapUrl, pending, onPendingDone }: { chat: ChatSDK; call: CallController | null; siteOrigin: string; me: string; role: string; mapUrl: string; pending: { userID?: string; conversationID?: string } | null; onPendingDone: () => void }) {
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
    async (conversationID: string): Promise<boolean> => {
      try {
        const { data } = await chat.getConversationProfile(conversationID);
        setCurrent(data.conversation);
        setTab('conversations');
        return true;
      } catch (err) {
        // e.g. 没有找到该用户: someone one may not start a conversation with
        toast.error(failureText(err));
        return false;
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
      return openConversation(`C2C${target.userID}`);
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
