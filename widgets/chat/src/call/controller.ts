// Over 300 lines: the one class that carries out the call machine's effects (signals, room, timer, busy flag).
/**
 * Runs the call machine (machine.ts) for one logged-in person on one page: signals go out and
 * come in as chat custom messages, the room through CallRoom, the single timer, the notices, and
 * the busy flag shared with the person's other pages of this browser (BroadcastChannel) and,
 * through their own messages that chat delivers to every page, of other devices.
 * The UI reads $call and $media and calls the methods; it never changes state itself.
 */
import { atom } from 'nanostores';
import { rtcApi } from '@zp/core/routes';
import { api, beforeLogout } from '@zp/core/session';
import { failureText } from '@zp/core/client';
import { EVENT, TYPES, type Chat, type Message } from '@zp/chat-sdk/provider';
import { deviceErrorText, isDeviceError, joinedRoomKey } from '@zp/core/rtc-words';
import { confirm, message as toast } from '@zp/ui';
import { IDLE, REQUEST_WAIT_MS, DIAL_TIMEOUT_MS, engaged, reduce, type CallEvent, type CallState, type Effect } from './machine.js';
import { callText, parseCallSignal, parseHallMessage, REQUEST, ACTION, type CallSignal } from './protocol.js';
import { CallRoom, LeftBeforeEntering } from './media.js';
import { keptCallKey } from './kept.js';
import type { RtcRoomInfo } from '@zp/core/contract';

export interface Me {
  id: string;
  role: string;
}

export interface MediaState {
  camera: boolean;
  microphone: boolean;
  /** the other person's picture is arriving */
  remoteVideo: boolean;
  /** the browser refused to play the other person's sound without a click (autoplay policy) */
  soundBlocked: boolean;
}

const MEDIA_AT_START: MediaState = { camera: true, microphone: true, remoteVideo: false, soundBlocked: false };

const newCallId = () => (crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9-]/g, '');
/** Another page that said it was engaged and has not repeated it for this long is gone. */
const PEER_PAGE_STALE_MS = 15_000;
const HEARTBEAT_MS = 5_000;

type TabNote = { tab: string; callId: string | null };
/** Another page of this person answered or declined a room invitation: it stops ringing here too. */
type InvitationNote = { invitationDone: string };

/**
 * The interview's clock in a call, from the room (roomInfo): when both were in and, for a free
 * HR, when it ends; offset is the server's clock minus ours.
 */
export interface CallClock {
  startedAt: number | null;
  endsAt: number | null;
  offset: number;
}

/** An HR's invitation into a video interview room (the room's yaoyue chat message), ringing here. */
export interface RoomInvitation {
  roomId: string;
  /** the inviter, and their name as the message gives it */
  from: string;
  promoterId: string;
  name: string;
  /** the room's page */
  link: string;
}

/** A call under way, kept for this tab's session so that a reload goes back into it. */
interface KeptCall {
  callId: string;
  peer: string;
  peerName: string;
  roomId: string;
  outgoing: boolean;
}

/** A room invitation rings as long as a call does. */
const INVITATION_RING_MS = DIAL_TIMEOUT_MS;

export class CallController {
  readonly $call = atom<CallState>(IDLE);
  readonly $media = atom<MediaState>(MEDIA_AT_START);
  /** the interview's clock of the call under way (null before it is known) */
  readonly $clock = atom<CallClock | null>(null);
  readonly $invitation = atom<RoomInvitation | null>(null);
  private invitationTimer: ReturnType<typeof setTimeout> | null = null;
  /** the video elements' homes: created once, placed by the call layer, kept for the page's life */
  readonly views = typeof document === 'undefined' ? null : { local: document.createElement('div'), remote: document.createElement('div') };

  private room: CallRoom | null = null;
  /** plays the other person's sound once the browser allows it (after a click) */
  private playSound: (() => Promise<void>) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private channel: BroadcastChannel | null = null;
  private readonly tab = newCallId();
  private otherPages = new Map<string, { callId: string; at: number }>();
  private sentListeners = new Set<(m: Message) => void>();
  private stopped = false;
  /** the start check of 视频通话 is under way (a double click starts one call) */
  private beginning = false;
  /** signals on their way: a logout waits for them */
  private sending = new Set<Promise<unknown>>();
  private unhookLogout = () => {};
  private readonly onReceived = (e: { data: Message[] }) => this.received(e.data);
  private readonly onPageHide = () => this.announce(null);

  constructor(readonly chat: Chat, private me: Me, private now: () => number = Date.now) {
    if (this.views) {
      this.views.local.className = 'call-video local-video';
      this.views.remote.className = 'call-video remote-video';
    }
  }

  start(): void {
    this.chat.on(EVENT.MESSAGE_RECEIVED, this.onReceived);
    // A logout revokes the session: the call's last signal goes out first.
    this.unhookLogout = beforeLogout(async () => {
      this.dispatch({ type: 'abort' });
      await Promise.allSettled([...this.sending]);
    });
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(`zp-call:${this.me.id}`);
      this.channel.onmessage = (e: MessageEvent<TabNote | InvitationNote | { ask: true }>) => this.fromOtherPage(e.data);
      this.channel.postMessage({ ask: true });
    }
    if (typeof window !== 'undefined') window.addEventListener('pagehide', this.onPageHide);
    void this.resume();
  }

  // ---------------------------------------------------------------- a reload in a call

  private get keptKey() {
    return keptCallKey(this.me.id);
  }

  private keep(call: KeptCall | null) {
    try {
      if (call) sessionStorage.setItem(this.keptKey, JSON.stringify(call));
      else sessionStorage.removeItem(this.keptKey);
    } catch {
      // storage blocked: a reload ends the call as before
    }
  }

  /**
   * A call this tab was in before a reload goes on if the room, as the server has it, still holds
   * the other person; otherwise it is dropped with the reason (the machine's 'resume').
   */
  private async resume() {
    let kept: KeptCall | null = null;
    try {
      kept = JSON.parse(sessionStorage.getItem(this.keptKey) ?? 'null') as KeptCall | null;
    } catch {
      kept = null;
    }
    if (!kept || typeof kept.roomId !== 'string' || typeof kept.callId !== 'string' || typeof kept.peer !== 'string') return this.keep(null);
    const sentAt = this.now();
    let info: RtcRoomInfo;
    try {
      info = (await api.call(rtcApi.roomInfo, { query: { channelId: Number(kept.roomId) } })).data;
    } catch {
      return this.keep(null);
    }
    const offset = info.serverTime - (sentAt + this.now()) / 2;
    const member = (id: string) => info.members.some((m) => m.userId === id);
    this.dispatch({
      type: 'resume', callId: kept.callId, peer: kept.peer, peerName: kept.peerName ?? '', roomId: kept.roomId, outgoing: !!kept.outgoing,
      ended: info.ended, peerIn: member(kept.peer), meIn: member(this.me.id), since: info.startedAt === null ? null : info.startedAt - offset,
    });
    // Not back in it (dropped, or another page of this person has it): a next reload does not try again.
    if (this.$call.get().call?.callId !== kept.callId) return this.keep(null);
    // The time left shows at once, from the room just read.
    this.$clock.set({ startedAt: info.startedAt, endsAt: info.endsAt, offset });
  }

  /** Reads the interview's clock of the call's room (the free HR's end, when both were in). */
  private async readClock(callId: string, roomId: string) {
    const sentAt = this.now();
    try {
      const { data } = await api.call(rtcApi.roomInfo, { query: { channelId: Number(roomId) } });
      if (this.$call.get().call?.callId !== callId) return;
      const offset = data.serverTime - (sentAt + this.now()) / 2;
      this.$clock.set({ startedAt: data.startedAt, endsAt: data.endsAt, offset });
    } catch {
      // the duration shows from our own clock
    }
  }

  // ---------------------------------------------------------------- room invitations

  /** Goes into the invited room (its page). */
  enterInvitation = () => {
    const inv = this.$invitation.get();
    if (!inv) return;
    this.endInvitation(true);
    // On a partner's page the room opens on the platform's site in a tab of its own.
    const url = new URL(inv.link, window.location.href);
    if (url.origin === window.location.origin) window.location.assign(url.href);
    else window.open(url.href, '_blank', 'noopener');
  };

  /** Declines: the inviter's room shows 对方已拒绝视频面试. */
  declineInvitation = async () => {
    const inv = this.$invitation.get();
    if (!inv) return;
    this.endInvitation(true);
    const nick = await this.chat.getMyProfile().then((r) => r.data.nick, () => '');
    const m = this.chat.createCustomMessage({
      to: inv.from,
      conversationType: TYPES.CONV_C2C,
      payload: {
        data: JSON.stringify({ type: 'jujue', roomId: inv.roomId, promoterId: inv.promoterId, nickname: nick, userID: this.me.id }),
        description: `${nick || '对方'}已拒绝视频面试`,
        extension: '',
      },
    });
    this.tellSent(m);
    try {
      await this.chat.sendMessage(m);
    } catch (err) {
      toast.error(failureText(err));
    }
    this.tellSent(m);
  };

  private endInvitation(tellOtherPages: boolean) {
    const inv = this.$invitation.get();
    if (this.invitationTimer) clearTimeout(this.invitationTimer);
    this.invitationTimer = null;
    this.$invitation.set(null);
    if (inv && tellOtherPages) this.channel?.postMessage({ invitationDone: inv.roomId } satisfies InvitationNote);
  }

  /** A fresh invitation rings unless a call is under way here or on another page, or this page is that room. */
  private invited(inv: RoomInvitation) {
    const state = this.$call.get();
    if (state.call || state.elsewhere || this.$invitation.get()?.roomId === inv.roomId) return;
    if (inRoomHere(inv.roomId)) return;
    if (this.invitationTimer) clearTimeout(this.invitationTimer);
    this.$invitation.set(inv);
    this.invitationTimer = setTimeout(() => this.endInvitation(false), INVITATION_RING_MS);
  }

  /** The page or the session goes: a call in progress ends properly. */
  stop(): void {
    if (this.stopped) return;
    this.dispatch({ type: 'abort' });
    this.stopped = true;
    this.unhookLogout();
    this.chat.off(EVENT.MESSAGE_RECEIVED, this.onReceived);
    this.clearTimer();
    this.endInvitation(false);
    this.room?.leave();
    this.announce(null);
    this.channel?.close();
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', this.onPageHide);
  }

  /** Call signals this page sent, for the conversation open here (chat does not echo them back). */
  onSent(listener: (m: Message) => void): () => void {
    this.sentListeners.add(listener);
    return () => this.sentListeners.delete(listener);
  }

  /** Before the send (shown as sending) and after it (sent or failed): the open conversation shows it either way. */
  private tellSent(m: Message) {
    for (const listener of this.sentListeners) listener(m);
  }

  // ---------------------------------------------------------------- what the person does

  /**
   * The send box's video icon: the start check (startVedio) first; then an HR calls and a job
   * seeker asks for an interview.
   */
  async begin(peer: string, peerName: string): Promise<void> {
    if (this.beginning) return;
    this.recountOtherPages();
    const state = this.$call.get();
    if (state.call || state.elsewhere) return void toast.warning('当前正在视频通话中');
    this.beginning = true;
    try {
      await this.check(peer, peerName);
    } finally {
      this.beginning = false;
    }
  }

  private async check(peer: string, peerName: string): Promise<void> {
    const check = await api.call(rtcApi.startVedio, { params: { userId: peer } }).catch((err: unknown) => {
      toast.error(failureText(err));
      return null;
    });
    if (!check) return;
    // Spec section 7: data 1 allowed; otherwise the free-HR notice.
    if (check.data !== 1) return void toast.warning(check.msg);
    if (this.me.role === 'hr') {
      if (check.type === 0 && !(await confirm({ title: '视频面试', message: check.msg, confirmText: '发起通话', cancelText: '取消' }))) return;
      this.dispatch({ type: 'dial', peer, peerName, callId: newCallId() });
    } else {
      // The name the HR's prompt shows: the chat nickname (the account name may be a phone number).
      const nick = await this.chat.getMyProfile().then((r) => r.data.nick, () => '');
      this.dispatch({ type: 'ask', peer, peerName, callId: newCallId(), me: this.me.id, myName: nick });
    }
  }

  accept = () => this.dispatch({ type: 'accept' });
  refuse = () => this.dispatch({ type: 'refuse' });
  cancel = () => this.dispatch({ type: 'cancel' });
  hangup = () => this.dispatch({ type: 'hangup' });

  /** 恢复声音: the click the browser asked for before it plays the other person's sound. */
  resumeSound = async () => {
    const play = this.playSound;
    if (!play) return;
    try {
      await play();
      if (this.playSound === play) this.playSound = null;
      this.$media.set({ ...this.$media.get(), soundBlocked: false });
    } catch {
      // still refused: the button stays
    }
  };

  toggleCamera = () => this.toggle('camera');
  toggleMicrophone = () => this.toggle('microphone');

  /** Turns the camera or microphone off or on again; a device that refuses is said in words. */
  private async toggle(device: 'camera' | 'microphone'): Promise<void> {
    const on = !this.$media.get()[device];
    try {
      await (device === 'camera' ? this.room?.setCamera(on) : this.room?.setMicrophone(on));
      this.$media.set({ ...this.$media.get(), [device]: on });
    } catch (err) {
      toast.error(deviceErrorText(err));
    }
  }

  // ---------------------------------------------------------------- the machine and its effects

  dispatch(event: CallEvent): void {
    if (this.stopped) return;
    const before = this.$call.get();
    const { state, effects } = reduce(before, event, this.now());
    this.$call.set(state);
    const call = state.call;
    if (call?.phase === 'calling' && call.roomId) {
      // Kept for a reload; the clock read once both are in (or again after the reload).
      if (before.call?.phase !== 'calling' || before.call.callId !== call.callId) {
        this.keep({ callId: call.callId, peer: call.peer, peerName: call.peerName, roomId: call.roomId, outgoing: call.outgoing });
        void this.readClock(call.callId, call.roomId);
      }
    } else if (before.call?.phase === 'calling' || (!call && before.call)) {
      this.keep(null);
      this.$clock.set(null);
    }
    if (call && this.$invitation.get()) this.endInvitation(false);
    if (engaged(before.call) !== engaged(state.call) || before.call?.callId !== state.call?.callId) this.announce(engaged(state.call) ? state.call!.callId : null);
    for (const effect of effects) this.run(effect);
  }

  private run(effect: Effect): void {
    switch (effect.type) {
      case 'send':
        return void this.send(effect.to, effect.signal, effect.once);
      case 'open':
        return void this.open(effect.callId, effect.peer);
      case 'enter':
        return void this.enter(effect.callId, effect.roomId);
      case 'rejoin':
        return void this.rejoin(effect.callId, effect.roomId, effect.owner);
      case 'release':
        return void api.call(rtcApi.leaveRoom, { query: { channelId: Number(effect.roomId) } }).catch(() => {});
      case 'leave':
        this.room?.leave();
        this.room = null;
        this.$media.set(MEDIA_AT_START);
        this.playSound = null;
        return;
      case 'timer':
        this.clearTimer();
        this.timer = setTimeout(() => this.dispatch({ type: 'timer', callId: effect.callId }), effect.ms);
        return;
      case 'clearTimer':
        this.clearTimer();
        return;
      case 'notice':
        return void toast[effect.level](effect.text);
    }
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async send(to: string, signal: CallSignal, once = false) {
    const go = async () => {
      const m = this.chat.createCustomMessage({
        to,
        conversationType: TYPES.CONV_C2C,
        // description: the sender's words, for clients that do not read the signal
        payload: { data: JSON.stringify(signal), description: callText(signal, true), extension: '' },
      });
      this.tellSent(m);
      try {
        await this.chat.sendMessage(m);
      } catch (err) {
        console.warn('[call] signal not sent:', err);
      }
      this.tellSent(m);
    };
    const tracked = (p: Promise<unknown>) => {
      this.sending.add(p);
      void p.finally(() => this.sending.delete(p));
      return p;
    };
    // An automatic answer (line busy) goes from one of this person's pages only.
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!once || !locks) return void (await tracked(go()));
    await locks.request(`zp-call:${this.me.id}:${signal.call_id}:${signal.action}`, { ifAvailable: true }, async (lock) => {
      if (!lock) return;
      await tracked(go());
      // Held a while: the other pages that received the same dial find it taken.
      await new Promise((r) => setTimeout(r, 10_000));
    });
  }

  private newRoom(callId: string, owner: boolean): CallRoom | null {
    if (!this.views) return null;
    this.room?.leave();
    const room: CallRoom = new CallRoom(this.views, {
      remoteVideo: (on) => this.room === room && this.$media.set({ ...this.$media.get(), remoteVideo: on }),
      soundBlocked: (play) => {
        if (this.room !== room) return;
        this.playSound = play;
        this.$media.set({ ...this.$media.get(), soundBlocked: true });
      },
      peerEntered: (userId) => this.room === room && userId === this.$call.get().call?.peer && this.dispatch({ type: 'peerEntered', callId }),
      peerLeft: (userId) => this.room === room && userId === this.$call.get().call?.peer && this.dispatch({ type: 'peerLeft', callId }),
      ended: (text) => this.room === room && this.dispatch({ type: 'ended', callId, text }),
    }, owner);
    this.room = room;
    return room;
  }

  /** The HR's side: a room with the other person invited, entered with camera and microphone. */
  private async open(callId: string, peer: string) {
    const room = this.newRoom(callId, true);
    try {
      const opened = await api.call(rtcApi.hrOpenRoom, { query: { userId: peer } });
      const roomId = String(opened.data);
      if (this.room !== room) {
        // Cancelled while the room was being opened: nobody will use it.
        void api.call(rtcApi.endRoom, { query: { channelId: opened.data } }).catch(() => {});
        return;
      }
      room?.setRoom(roomId);
      await room?.enter(roomId);
      if (this.room === room) this.dispatch({ type: 'opened', callId, roomId });
    } catch (err) {
      if (err instanceof LeftBeforeEntering || this.room !== room) return;
      this.dispatch({ type: 'failed', callId, text: isDeviceError(err) ? deviceErrorText(err) : failureText(err) });
    }
  }

  /** The answering side: into the room the caller opened. */
  private async enter(callId: string, roomId: string) {
    const room = this.newRoom(callId, false);
    const caller = this.$call.get().call?.peer;
    try {
      // The room must be the caller's own: a dial's room id comes from the other person's
      // message, and entering someone else's room (a colleague's interview) is not answering.
      const info = await api.call(rtcApi.roomInfo, { query: { channelId: Number(roomId) } });
      if (info.data.promoterId !== caller || info.data.ended) throw new Error(info.data.ended ? '对方已结束通话' : '通话房间无效');
      if (this.room !== room) return;
      await room?.enter(roomId);
      if (this.room === room) this.dispatch({ type: 'entered', callId });
    } catch (err) {
      if (err instanceof LeftBeforeEntering || this.room !== room) return;
      this.dispatch({ type: 'failed', callId, text: isDeviceError(err) ? deviceErrorText(err) : failureText(err) });
    }
  }

  /** Back into the room of a call under way (this page was reloaded). */
  private async rejoin(callId: string, roomId: string, owner: boolean) {
    const room = this.newRoom(callId, owner);
    try {
      await room?.enter(roomId);
      if (this.room === room) void this.readClock(callId, roomId);
    } catch (err) {
      if (err instanceof LeftBeforeEntering || this.room !== room) return;
      this.dispatch({ type: 'ended', callId, text: isDeviceError(err) ? deviceErrorText(err) : failureText(err) });
    }
  }

  // ---------------------------------------------------------------- what arrives

  private received(list: Message[]) {
    const nowSeconds = Number(this.chat.getServerTime());
    this.recountOtherPages();
    for (const m of list) {
      if (m.type !== TYPES.MSG_CUSTOM || m.conversationType !== TYPES.CONV_C2C) continue;
      const payload = m.payload as { data?: string; extension?: string };
      const mine = m.from === this.me.id;
      const hall = parseHallMessage(payload.data);
      if (hall?.type === 'yaoyue' && hall.roomId && !mine && nowSeconds - m.time < INVITATION_RING_MS / 1000) {
        this.invited({ roomId: hall.roomId, from: m.from, promoterId: hall.promoterId, name: hall.nickname || m.nick || '面试官', link: roomPage(payload.extension, hall.roomId) });
      } else if (hall?.type === 'jujue' && mine && this.$invitation.get()?.roomId === hall.roomId) {
        this.endInvitation(false);
      }
      const signal = parseCallSignal(payload.data);
      if (!signal) continue;
      // A dial that waited while this page was away is history, not a call (spec section 9 windows).
      const ringSeconds = (signal.action === REQUEST.ask ? REQUEST_WAIT_MS : DIAL_TIMEOUT_MS) / 1000;
      const fresh = signal.action === ACTION.dialing || signal.action === REQUEST.ask ? nowSeconds - m.time < ringSeconds : true;
      this.dispatch({ type: 'signal', signal, from: mine ? String(m.to) : m.from, mine, fresh });
    }
  }

  // ---------------------------------------------------------------- the person's other pages

  private announce(callId: string | null) {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (!this.channel) return;
    const note: TabNote = { tab: this.tab, callId };
    this.channel.postMessage(note);
    if (callId) this.heartbeat = setInterval(() => this.channel?.postMessage(note), HEARTBEAT_MS);
  }

  private fromOtherPage(note: TabNote | InvitationNote | { ask: true }) {
    if (!note || typeof note !== 'object') return;
    if ('invitationDone' in note) {
      if (this.$invitation.get()?.roomId === note.invitationDone) this.endInvitation(false);
      return;
    }
    if ('ask' in note) {
      const call = this.$call.get().call;
      if (engaged(call)) this.channel?.postMessage({ tab: this.tab, callId: call!.callId } satisfies TabNote);
      return;
    }
    if (typeof note.tab !== 'string') return;
    if (note.callId) this.otherPages.set(note.tab, { callId: note.callId, at: this.now() });
    else this.otherPages.delete(note.tab);
    this.recountOtherPages();
  }

  /** Which call another page is engaged in; a page silent for too long (closed, crashed) is not. */
  private recountOtherPages() {
    const cutoff = this.now() - PEER_PAGE_STALE_MS;
    let busy: string | null = null;
    for (const [tab, p] of this.otherPages) {
      if (p.at < cutoff) this.otherPages.delete(tab);
      else busy = p.callId;
    }
    if (busy !== this.$call.get().elsewhere) this.dispatch({ type: 'elsewhere', callId: busy });
  }
}

/** The room's page: the invitation's own link (the room put its site's address there), else the site's path here. */
function roomPage(extension: string | undefined, roomId: string): string {
  try {
    const url = new URL(extension ?? '');
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.pathname.endsWith('/video') && url.searchParams.get('roomId') === roomId) return url.href;
  } catch {
    // not a URL
  }
  return `/zppc/video?roomId=${encodeURIComponent(roomId)}`;
}

/** This page holds a stay in that room (its <zp-video-room> is in it): no ring for it here. */
function inRoomHere(roomId: string): boolean {
  try {
    return sessionStorage.getItem(joinedRoomKey(roomId)) === '1';
  } catch {
    return false;
  }
}
