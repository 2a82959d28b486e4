/**
 * Inside the room (spec section 2 "Video room screen", section 4 room lifecycle): one TRTC
 * instance for as long as this component is mounted. Entering records the stay on the server
 * (joinRoom), captures camera and microphone and enters through the SDK; the SDK's events drive
 * the members, their media and network marks; leaving asks first, then exits and tells the server.
 * Unmounting leaves too; a page reload does not (the person comes back, see VideoRoom).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { applicationsApi, companiesApi, rtcApi } from '@zp/core/routes';
import { api, type UserSession } from '@zp/core/session';
import { isApiError, failureText } from '@zp/core/client';
import { recordingOf, type RecordingState, type RtcEntry, type Trtc } from '@zp/rtc-sdk/provider';
import type { RtcRoomInfo } from '@zp/core/contract';
import { Dialog, confirm, message as toast } from '@zp/ui';
import { screenShareErrorText } from '@zp/core/rtc-words';
import { beijingDateTime } from '@zp/core/dates';
import { ROOM_CHAT_BAD_MSG, ROOM_CHAT_CMD, ROOM_CHAT_MAX_CHARS, ROOM_HAND_ASK, ROOM_HAND_CMD } from '@zp/core/rules/interview';
import {
  MSG, QUALITY_TEXT, clockOffset, deviceErrorText, errorText, focusedId, formatClock, formatRemaining, fraudWarning, initialRoomState,
  kickedText, markJoined, memberLink, pickDevice, roomClock, roomLink, roomReducer, saveDevicePrefs, screenTileId, smallTilePage, speakers, SMALL_TILES_PER_PAGE,
  type DevicePrefs, type MemberInfo,
  type QualityLevel,
} from './logic.js';
import { DevicePick, useDeviceLists, type DeviceKey } from './DevicePick.js';
import { invitationText, sendRoomMessage, watchRefusals } from './chat.js';

export interface Ended {
  text: string;
  /** Entering again makes sense (the room may still be open). */
  rejoin: boolean;
}

export interface RoomProps {
  entry: RtcEntry;
  roomId: string;
  info: RtcRoomInfo;
  session: UserSession;
  prefs: DevicePrefs;
  siteOrigin: string;
  onEnded: (ended: Ended) => void;
}

const YAOYUE_SENT_KEY = (roomId: string) => `zp:video-room:yaoyue:${roomId}`;

function sentInvitations(roomId: string): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(YAOYUE_SENT_KEY(roomId)) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function rememberInvitation(roomId: string, userId: string) {
  try {
    const sent = sentInvitations(roomId);
    sent.add(userId);
    sessionStorage.setItem(YAOYUE_SENT_KEY(roomId), JSON.stringify([...sent]));
  } catch {
    // storage blocked: a reload may invite again, which is harmless
  }
}

function QualityMark({ level }: { level: QualityLevel | null }) {
  if (!level) return null;
  const text = `网络${QUALITY_TEXT[level]}`;
  return (
    <span className={`quality q-${level}`} role="img" aria-label={text} title={text}>
      <i /><i /><i />
    </span>
  );
}

function MicOff() {
  return (
    <span className="mic-off" role="img" aria-label="麦克风已关闭" title="麦克风已关闭">
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path fill="currentColor" d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1A7 7 0 0 0 19 11h-2z" />
        <path stroke="currentColor" strokeWidth="2" d="M4 3l16 18" />
      </svg>
    </span>
  );
}

/** A raised hand (an open palm), drawn rather than an emoji: not every system has the emoji font. */
function HandIcon({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path fill="currentColor" d="M21 7a1.5 1.5 0 0 0-3 0v5h-1V4a1.5 1.5 0 0 0-3 0v8h-1V2.5a1.5 1.5 0 0 0-3 0V12H9V5a1.5 1.5 0 0 0-3 0v10.2l-2.3-2.1a1.6 1.6 0 0 0-2.2 2.3l4.6 5A6 6 0 0 0 10.6 23H15a6 6 0 0 0 6-6V7z" />
    </svg>
  );
}

function HandMark() {
  return (
    <span className="hand" role="img" aria-label="举手" title="举手">
      <HandIcon size={14} />
    </span>
  );
}

/** A message of the room's text chat as the room shows it (key: who and seq; ours are numbered locally until read back). */
interface ChatLine {
  key: string;
  userId: string;
  text: string;
  at: number;
}

interface TileProps {
  id: string;
  name: string;
  tag?: string;
  link: string | null;
  focused: boolean;
  videoOn: boolean;
  audioOn: boolean;
  quality: QualityLevel | null;
  /** speaking now (a green frame) */
  speaking?: boolean;
  notice?: string;
  /** what the mask says while there is no picture (default: the camera is off) */
  maskText?: string;
  /** a shared screen rather than a person's camera */
  screen?: boolean;
  /** the person raised their hand (举手) */
  hand?: boolean;
  /** a small picture on another page of them (kept, so that its video element stays) */
  offPage?: boolean;
  viewRef: (el: HTMLDivElement | null) => void;
  onFocus: () => void;
}

/** A phone-sized window (the room's narrow layout), following resizes and rotation. */
function useNarrow(): boolean {
  const query = '(max-width: 720px)';
  const [narrow, setNarrow] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const on = () => setNarrow(list.matches);
    list.addEventListener?.('change', on);
    return () => list.removeEventListener?.('change', on);
  }, []);
  return narrow;
}

const withOut = (set: ReadonlySet<string>, id: string): ReadonlySet<string> => {
  if (!set.has(id)) return set;
  const next = new Set(set);
  next.delete(id);
  return next;
};

/** One person's video: the SDK's picture inside `.view`, the camera-off mask over it, name and marks below. */
export function Tile({ id, name, tag, link, focused, videoOn, audioOn, quality, speaking, notice, maskText, screen, hand, offPage, viewRef, onFocus }: TileProps) {
  return (
    <div className={`tile${focused ? ' focused' : ''}${speaking ? ' speaking' : ''}${screen ? ' screen' : ''}${offPage ? ' off-page' : ''}`} data-user={id} data-video={videoOn ? 'on' : 'off'} data-speaking={speaking ? 'true' : undefined}>
      <div className="view" ref={viewRef} />
      {!videoOn ? <div className="mask">{maskText ?? MSG.cameraOff}</div> : null}
      {notice ? <div className="tile-notice" role="status">{notice}</div> : null}
      {!focused ? <button type="button" className="tile-hit" aria-label={`放大${name}的画面`} onClick={onFocus} /> : null}
      <div className="label">
        {link ? <a href={link} target="_blank" rel="noopener noreferrer" title={`查看${name}的资料`}>{name}</a> : <span>{name}</span>}
        {tag ? <em>{tag}</em> : null}
        {!audioOn ? <MicOff /> : null}
        {hand ? <HandMark /> : null}
        {speaking ? <span className="speaking-mark" role="img" aria-label="正在说话" /> : null}
        <QualityMark level={quality} />
      </div>
    </div>
  );
}

function IconButton({ label, pressed, onClick, children, className = '' }: { label: string; pressed: boolean; onClick: () => void; children: ReactNode; className?: string }) {
  return (
    <button type="button" className={`ctl ${className}`} aria-label={label} aria-pressed={pressed} title={`${label}：${pressed ? '已开启，点击关闭' : '已关闭，点击开启'}`} onClick={onClick}>
      {children}
    </button>
  );
}

export function Room({ entry, roomId, info: initialInfo, session, prefs, siteOrigin, onEnded }: RoomProps) {
  const { TRTC } = entry;
  const me = session.userId;
  const channelId = Number(roomId);
  const [info, setInfo] = useState(initialInfo);
  const [state, dispatch] = useReducer(roomReducer, initialRoomState);
  const [entered, setEntered] = useState(false);
  const [joinedAt, setJoinedAt] = useState(0);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [cameraOn, setCameraOn] = useState(false);
  const [micOn, setMicOn] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [minimised, setMinimised] = useState(false);
  const [warningShown, setWarningShown] = useState(true);
  const [names, setNames] = useState<Map<string, MemberInfo>>(() => new Map());
  const [colleagues, setColleagues] = useState<{ hrid: string; xm: string; zw: string }[] | null>(null);
  const [tab, setTab] = useState<'seekers' | 'colleagues'>('seekers');
  /** 添加面试者: the enterprise's applicants found by name (a group interview) */
  const [finding, setFinding] = useState(false);
  const [findText, setFindText] = useState('');
  const [found, setFound] = useState<{ id: string; name: string; job: string }[] | null>(null);
  const [inviting, setInviting] = useState<string | null>(null);
  /** our screen is shared (its preview is a tile of its own) */
  const [sharing, setSharing] = useState(false);
  const screenView = useRef<HTMLDivElement | null>(null);
  /** the devices in use: those of the device check, then what 设备设置 picks (remembered for next time) */
  const [devices, setDevices] = useState(prefs);
  const deviceRef = useRef(prefs);
  deviceRef.current = devices;
  const [settingsOpen, setSettingsOpen] = useState(false);
  /** the page of small pictures shown, when there are more than fit */
  const [tilePage, setTilePage] = useState(0);
  const narrow = useNarrow();
  /** the room's text chat, what was said before we came first; ready once that was read */
  const [chat, setChat] = useState<ChatLine[]>([]);
  const [chatReady, setChatReady] = useState(false);
  const [catchUp, setCatchUp] = useState(0);
  const [draft, setDraft] = useState('');
  /** on a phone the chat is a panel one opens (the pictures keep the room); how many came while it was shut */
  const [chatOpen, setChatOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  const chatShut = useRef(true);
  chatShut.current = narrow && !chatOpen;
  const chatLog = useRef<HTMLDivElement | null>(null);
  /** raised hands: ours, and those of the others */
  const [handUp, setHandUp] = useState(false);
  /** handUp for the room's event handlers, which outlive a render */
  const handUpRef = useRef(false);
  handUpRef.current = handUp;
  const [hands, setHands] = useState<ReadonlySet<string>>(() => new Set());
  const dialogLayer = useRef<HTMLDivElement | null>(null);

  const trtcRef = useRef<Trtc | null>(null);
  const roomRef = useRef<HTMLElement | null>(null);
  const localView = useRef<HTMLDivElement | null>(null);
  const views = useRef(new Map<string, HTMLElement>());
  const playing = useRef(new Set<string>());
  /** the picture size each remote camera is received in (small tile or large) */
  const sizes = useRef(new Map<string, boolean>());
  /** the recording asked for or running (null: none), and the requests already put to this person */
  const [rec, setRec] = useState<RecordingState | null>(null);
  const asked = useRef(new Set<number>());
  /** who speaks now (AUDIO_VOLUME, twice a second) */
  const [speaking, setSpeaking] = useState<ReadonlySet<string>>(() => new Set());
  const media = useRef({ videoStarted: false, audioStarted: false });
  /** 'in' while we hold a place in the room; the server is told when we give it up. */
  const stay = useRef<'entering' | 'in' | 'out'>('entering');
  const connection = useRef('DISCONNECTED');
  const warned = useRef(false);
  const ended = useRef(onEnded);
  ended.current = onEnded;

  const isPromoter = info.promoterId === me;
  // On a partner site's page the API answers only what partner pages may call: the enterprise's
  // applicants (添加面试者) are not among it.
  const onPlatform = !siteOrigin || typeof location === 'undefined' || location.origin === siteOrigin;
  const isHr = session.roleId === 'hr';

  /** Leaves for good: the SDK exits, the server is told (unless the server took us out). */
  const finish = useCallback((result: Ended, tellServer: boolean) => {
    if (stay.current === 'out') return;
    const wasIn = stay.current === 'in';
    stay.current = 'out';
    markJoined(roomId, false);
    const trtc = trtcRef.current;
    trtcRef.current = null;
    void trtc?.exitRoom().catch(() => {}).finally(() => trtc.destroy());
    if (tellServer && wasIn) void api.call(rtcApi.leaveRoom, { query: { channelId } }).catch(() => {});
    ended.current(result);
  }, [roomId, channelId]);

  // ---------------------------------------------------------------- entering and the SDK's events
  useEffect(() => {
    const trtc = TRTC.create();
    trtcRef.current = trtc;
    const E = TRTC.EVENT;
    const mainStream = TRTC.TYPE.STREAM_TYPE_MAIN;
    trtc.on(E.REMOTE_USER_ENTER, ({ userId }) => dispatch({ type: 'enter', userId }));
    trtc.on(E.REMOTE_USER_EXIT, ({ userId }) => {
      dispatch({ type: 'exit', userId });
      setHands((before) => withOut(before, userId));
    });
    trtc.on(E.CUSTOM_MESSAGE, ({ userId, cmdId, seq, data }) => {
      const text = new TextDecoder().decode(data);
      if (cmdId === ROOM_CHAT_CMD) {
        addChat([{ key: `${userId}:${seq}`, userId, text, at: Date.now() }]);
        if (chatShut.current) setUnread((n) => n + 1);
      }
      else if (cmdId === ROOM_HAND_CMD && text === ROOM_HAND_ASK) {
        // Someone entered (or reloaded) and asks who has a hand up.
        if (handUpRef.current) sendHand(true);
      } else if (cmdId === ROOM_HAND_CMD) setHands((before) => (text === '1' ? new Set([...before, userId]) : withOut(before, userId)));
    });
    // The main stream is the camera, the sub stream a shared screen.
    trtc.on(E.REMOTE_VIDEO_AVAILABLE, ({ userId, streamType }) => dispatch({ type: streamType === mainStream ? 'video' : 'screen', userId, on: true }));
    trtc.on(E.REMOTE_VIDEO_UNAVAILABLE, ({ userId, streamType }) => dispatch({ type: streamType === mainStream ? 'video' : 'screen', userId, on: false }));
    trtc.on(E.SCREEN_SHARE_STOPPED, () => setSharing(false));
    trtc.on(E.REMOTE_AUDIO_AVAILABLE, ({ userId }) => dispatch({ type: 'audio', userId, on: true }));
    trtc.on(E.REMOTE_AUDIO_UNAVAILABLE, ({ userId }) => dispatch({ type: 'audio', userId, on: false }));
    trtc.on(E.NETWORK_QUALITY, (event) => dispatch({ type: 'quality', event }));
    // The speaking person is marked, on either kind of room (mesh or through the media server).
    trtc.on(E.AUDIO_VOLUME, ({ result }) => setSpeaking((before) => speakers(result, me, before) ?? before));
    trtc.enableAudioVolumeEvaluation(500);
    let reconnecting = false;
    trtc.on(E.CONNECTION_STATE_CHANGED, ({ state: s, isReconnecting }) => {
      connection.current = s;
      dispatch({ type: 'connection', state: s, isReconnecting });
      // Back after a drop: what was said meanwhile is read again.
      if (s === 'CONNECTED' && reconnecting) setCatchUp((n) => n + 1);
      reconnecting = s === 'CONNECTING' && !!isReconnecting;
    });
    recordingOf(trtc)?.watch((st) => {
      setRec(st.state === 'off' ? null : st);
      if (st.state === 'off' && st.msg) toast.warning(st.msg);
    });
    trtc.on(E.KICKED_OUT, (event) => finish({ text: kickedText(event as { reason: string; cause?: string; message?: string }), rejoin: event.reason !== 'room_disband' }, false));
    trtc.on(E.ERROR, (error) => {
      // Fatal when the SDK lost the room (its connection is down); else one path or step failed.
      if (connection.current === 'DISCONNECTED') finish({ text: MSG.serviceError(error.message), rejoin: true }, true);
      else toast.error(MSG.serviceError(error.message));
    });

    const startVideo = () =>
      trtc
        .startLocalVideo({ view: localView.current, option: { profile: '480p', ...(prefs.cameraId ? { cameraId: prefs.cameraId } : {}) } })
        .then(() => {
          media.current.videoStarted = true;
          setCameraOn(true);
        });
    const startAudio = () =>
      trtc.startLocalAudio({ option: prefs.microphoneId ? { microphoneId: prefs.microphoneId } : {} }).then(() => {
        media.current.audioStarted = true;
        setMicOn(true);
      });

    void (async () => {
      try {
        const sentAt = Date.now();
        // Spec section 7: the stay is recorded (and every rule checked) before the SDK enters.
        const joined = await api.call(rtcApi.joinRoom, { query: { channelId } });
        if (stay.current === 'out') {
          // Removed from the page meanwhile: give the place back.
          void api.call(rtcApi.leaveRoom, { query: { channelId } }).catch(() => {});
          return;
        }
        setOffset(clockOffset(joined.data.serverTime, sentAt, Date.now()));
        setInfo(joined.data);
        stay.current = 'in';
        // The camera and microphone first: the room hears at once what we publish. A device that
        // fails is reported and left off; the interview can go on with the other one.
        const [video, audio] = await Promise.allSettled([startVideo(), startAudio()]);
        const failed = video.status === 'rejected' ? video.reason : audio.status === 'rejected' ? audio.reason : null;
        if (failed) toast.error(deviceErrorText(failed));
        if (stay.current !== 'in') return;
        await trtc.enterRoom({ ...entry.credentials, roomId: channelId });
        if (stay.current !== 'in') return;
        if (prefs.speakerId) void TRTC.setCurrentSpeaker(prefs.speakerId).catch(() => {});
        markJoined(roomId, true);
        setJoinedAt(Date.now());
        setEntered(true);
        // Hands raised before we came (or before this page was reloaded) are raised again for us.
        try {
          sendText(ROOM_HAND_CMD, ROOM_HAND_ASK);
        } catch {
          // not sent: we only miss hands already up
        }
      } catch (error) {
        if (stay.current === 'out') return;
        finish({ text: errorText(error), rejoin: !(isApiError(error) && [401, 403, 404, 410].includes(error.code)) }, true);
      }
    })();

    return () => {
      // Removed from the page while inside: leave and tell the server (spec section 4).
      finish({ text: MSG.left, rejoin: true }, true);
    };
  }, []);

  // Remote pictures: each member's camera plays in their tile once they publish it, a shared
  // screen in a tile of its own.
  useEffect(() => {
    const trtc = trtcRef.current;
    if (!trtc || !entered) return;
    const { STREAM_TYPE_MAIN, STREAM_TYPE_SUB } = TRTC.TYPE;
    const show = (tile: string, userId: string, on: boolean, streamType: typeof STREAM_TYPE_MAIN | typeof STREAM_TYPE_SUB) => {
      const view = views.current.get(tile);
      const main = streamType === STREAM_TYPE_MAIN;
      if (on && view && !playing.current.has(tile)) {
        playing.current.add(tile);
        if (main) sizes.current.set(userId, smallOf(userId));
        trtc.startRemoteVideo({ userId, streamType, view, option: { fillMode: 'contain', ...(main ? { small: smallOf(userId) } : {}) } }).catch(() => playing.current.delete(tile));
      } else if (!on && playing.current.has(tile)) {
        playing.current.delete(tile);
        void trtc.stopRemoteVideo({ userId, streamType }).catch(() => {});
      }
    };
    for (const m of state.remotes) {
      show(m.userId, m.userId, m.video, STREAM_TYPE_MAIN);
      show(screenTileId(m.userId), m.userId, m.screen, STREAM_TYPE_SUB);
    }
    const tiles = new Set(state.remotes.flatMap((m) => [m.userId, screenTileId(m.userId)]));
    for (const id of [...playing.current]) if (!tiles.has(id)) playing.current.delete(id);
  }, [state.remotes, entered]);

  // A screen someone starts sharing is what everyone looks at (until they click another tile).
  const sharers = state.remotes.filter((m) => m.screen).map((m) => m.userId);
  const seenSharers = useRef(new Set<string>());
  useEffect(() => {
    const started = sharers.filter((id) => !seenSharers.current.has(id));
    seenSharers.current = new Set(sharers);
    if (started.length) setChosen(screenTileId(started.at(-1)!));
  }, [sharers.join(',')]);

  // ---------------------------------------------------------------- the room's chat and raised hands
  const addChat = (lines: ChatLine[]) =>
    setChat((before) => {
      const known = new Set(before.map((l) => l.key));
      const fresh = lines.filter((l) => !known.has(l.key));
      return fresh.length ? [...before, ...fresh] : before;
    });
  // What was said before we came; our own messages wait until it is read, so they come after it.
  useEffect(() => {
    if (!entered) return;
    let live = true;
    api.call(rtcApi.roomMessages, { query: { channelId } }).then(
      ({ list }) => {
        if (!live) return;
        setChat((now) => {
          const said = list.map((m) => ({ key: `${m.userId}:${m.seq}`, userId: m.userId, text: m.text, at: m.at }));
          const known = new Set(said.map((l) => l.key));
          // Our own lines are shown before the server numbers them: read back, the server's copy stays.
          const mineKept = new Set(said.filter((l) => l.userId === me).map((l) => l.text));
          return [...said, ...now.filter((l) => !known.has(l.key) && !(l.key.startsWith(`${me}:local-`) && mineKept.has(l.text)))];
        });
        setChatReady(true);
      },
      () => live && setChatReady(true),
    );
    return () => {
      live = false;
    };
  }, [entered, catchUp]);
  useEffect(() => {
    const log = chatLog.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [chat.length]);
  const sendChat = () => {
    const trtc = trtcRef.current;
    const text = draft.trim();
    if (!trtc || !text) return;
    if ([...text].length > ROOM_CHAT_MAX_CHARS) {
      toast.warning(ROOM_CHAT_BAD_MSG);
      return;
    }
    try {
      sendText(ROOM_CHAT_CMD, text);
      addChat([{ key: `${me}:local-${Date.now()}`, userId: me, text, at: Date.now() }]);
      setDraft('');
    } catch (err) {
      toast.error(failureText(err));
    }
  };
  /** A custom message of the room whose bytes are text (UTF-8). */
  const sendText = (cmdId: number, text: string) => trtcRef.current?.sendCustomMessage({ cmdId, data: new TextEncoder().encode(text).buffer as ArrayBuffer });
  const sendHand = (up: boolean) => sendText(ROOM_HAND_CMD, up ? '1' : '0');
  const toggleHand = () => {
    try {
      sendHand(!handUp);
      setHandUp(!handUp);
    } catch (err) {
      toast.error(failureText(err));
    }
  };
  // Someone who comes in while our hand is up sees it too.
  const remoteIds = state.remotes.map((m) => m.userId).join(',');
  useEffect(() => {
    if (handUp) {
      try {
        sendHand(true);
      } catch {
        // not in the room (any more): nothing to tell
      }
    }
  }, [remoteIds]);
  // The interviewer is told who raised a hand.
  const handsSeen = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    for (const id of hands) if (!handsSeen.current.has(id) && isPromoter) toast.info(`${nameOf(id)}举手了`);
    handsSeen.current = hands;
  }, [hands]);

  // ---------------------------------------------------------------- the clock
  useEffect(() => {
    if (!entered) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [entered]);
  const clock = roomClock(now, joinedAt || now, info.endsAt, offset, info.startedAt);
  // The interview begins when an HR and a seeker are both in: the server then sets its start (and a
  // free HR's end), read again when someone comes in while it has not begun.
  useEffect(() => {
    if (!entered || info.startedAt !== null || !state.remotes.length) return;
    let live = true;
    api.call(rtcApi.roomInfo, { query: { channelId } }).then(({ data }) => live && setInfo(data), () => {});
    return () => {
      live = false;
    };
  }, [entered, state.remotes.length, info.startedAt]);
  // In the room, the room is the page: its top at the top of the window, the controls in view.
  useEffect(() => {
    if (entered) roomRef.current?.scrollIntoView?.({ block: 'start' });
  }, [entered]);
  useEffect(() => {
    if (!entered) return;
    if (clock.phase === 'warning' && !warned.current) {
      warned.current = true;
      toast.warning(MSG.timeWarning);
    }
    // The server ends the room and says so; with Tencent's service nobody else would.
    if (clock.phase === 'over') finish({ text: MSG.timeUp, rejoin: false }, true);
  }, [clock.phase, entered]);

  // ---------------------------------------------------------------- names, colleagues, invitations
  const present = useMemo(() => new Set([me, ...state.remotes.map((m) => m.userId)]), [me, state.remotes]);
  const wanted = useMemo(
    () => [...new Set([info.promoterId, ...info.invited, ...info.members.map((m) => m.userId), ...state.remotes.map((m) => m.userId)])].filter((id) => id && id !== me),
    [info, state.remotes, me],
  );
  useEffect(() => {
    const missing = wanted.filter((id) => !names.has(id));
    if (!missing.length) return;
    let live = true;
    api.call(rtcApi.roomMembersInfo, { body: missing.slice(0, 50) }).then(
      ({ list }) => live && setNames((known) => new Map([...known, ...list.map((m) => [m.userid, m] as const)])),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [wanted.join(',')]);

  useEffect(() => {
    if (!isPromoter) return;
    return watchRefusals(roomId, (userID, nickname) => toast.warning(`${MSG.refused}（${nickname || nameOf(userID)}）`));
  }, [isPromoter]);

  // Read again each time the tab is opened: a colleague may have joined the enterprise meanwhile.
  useEffect(() => {
    if (!isPromoter || tab !== 'colleagues') return;
    let live = true;
    api.call(companiesApi.colleagues).then(({ list }) => live && setColleagues(list), (err) => {
      if (!live) return;
      setColleagues((known) => known ?? []);
      toast.error(failureText(err));
    });
    return () => {
      live = false;
    };
  }, [isPromoter, tab]);

  const nameOf = (id: string) => (id === me ? session.userName || '我' : names.get(id)?.username || `用户${id}`);
  const nickname = session.userName || '面试官';
  const invitation = (to: string) =>
    sendRoomMessage(to, { type: 'yaoyue', promoterId: info.promoterId, roomId, nickname }, invitationText(nickname, roomId), roomLink(siteOrigin, roomId)).then(() =>
      rememberInvitation(roomId, to),
    );

  // The seeker invited when the room was opened learns it through chat once the promoter is in.
  useEffect(() => {
    if (!entered || !isPromoter) return;
    const sent = sentInvitations(roomId);
    for (const id of info.invited) {
      if (present.has(id) || sent.has(id)) continue;
      invitation(id).catch((err) => toast.warning(`邀请消息发送失败：${failureText(err)}`));
    }
  }, [entered, isPromoter]);

  // People who applied to the enterprise's jobs, by part of their name: the promoter invites them from here.
  const findApplicants = async () => {
    const name = findText.trim();
    try {
      const { page } = await api.call(applicationsApi.received, { query: { page: 1, limit: 20, ...(name ? { xm: name } : {}) } });
      const byPerson = new Map<string, { id: string; name: string; job: string }>();
      for (const a of page.list) if (!byPerson.has(a.qzbsid)) byPerson.set(a.qzbsid, { id: a.qzbsid, name: a.xm, job: a.gwmc });
      setFound([...byPerson.values()]);
      setNames((known) => new Map([...known, ...[...byPerson.values()].map((p) => [p.id, known.get(p.id) ?? { userid: p.id, username: p.name, dwid: '' }] as const)]));
    } catch (err) {
      toast.error(failureText(err));
    }
  };

  const invite = async (userId: string, seeker: boolean) => {
    setInviting(userId);
    try {
      if (seeker) {
        await api.call(rtcApi.inviteRoom, { query: { channelId, userId } });
        setInfo((i) => (i.invited.includes(userId) ? i : { ...i, invited: [...i.invited, userId] }));
      }
      await invitation(userId);
      toast.success(MSG.invited);
    } catch (err) {
      toast.error(failureText(err));
    } finally {
      setInviting(null);
    }
  };

  // ---------------------------------------------------------------- controls
  const toggleCamera = async () => {
    const trtc = trtcRef.current;
    if (!trtc) return;
    try {
      if (!media.current.videoStarted) {
        const { cameraId } = deviceRef.current;
        await trtc.startLocalVideo({ view: localView.current, option: { profile: '480p', ...(cameraId ? { cameraId } : {}) } });
        media.current.videoStarted = true;
        setCameraOn(true);
      } else {
        await trtc.updateLocalVideo({ mute: cameraOn });
        setCameraOn(!cameraOn);
      }
    } catch (err) {
      toast.error(deviceErrorText(err));
    }
  };

  // 设备设置: another camera, microphone or speaker without leaving; the others see and hear the new one.
  const lists = useDeviceLists();
  const pickDeviceFor = async (key: DeviceKey, deviceId: string) => {
    const trtc = trtcRef.current;
    if (!trtc || !deviceId) return;
    try {
      if (key === 'cameraId' && media.current.videoStarted) await trtc.updateLocalVideo({ option: { cameraId: deviceId } });
      if (key === 'microphoneId' && media.current.audioStarted) await trtc.updateLocalAudio({ option: { microphoneId: deviceId } });
      if (key === 'speakerId') await TRTC.setCurrentSpeaker(deviceId);
      const next = { ...deviceRef.current, [key]: deviceId };
      setDevices(next);
      saveDevicePrefs(next);
    } catch (err) {
      toast.error(deviceErrorText(err));
    } finally {
      lists.refresh();
    }
  };

  // Screen sharing needs a desktop browser (phones have no getDisplayMedia), and a window wider than a phone's.
  const canShare = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getDisplayMedia && !narrow;
  const toggleScreen = async () => {
    const trtc = trtcRef.current;
    if (!trtc) return;
    try {
      if (sharing) {
        await trtc.stopScreenShare();
        setSharing(false);
      } else {
        await trtc.startScreenShare({ option: { profile: '1080p' } });
        setSharing(true);
      }
    } catch (err) {
      toast.error(screenShareErrorText(err));
    }
  };
  // Our shared screen previews in its tile once that tile exists.
  useEffect(() => {
    if (sharing && screenView.current) void trtcRef.current?.updateScreenShare({ view: screenView.current }).catch(() => {});
  }, [sharing]);

  const toggleMic = async () => {
    const trtc = trtcRef.current;
    if (!trtc) return;
    try {
      if (!media.current.audioStarted) {
        const { microphoneId } = deviceRef.current;
        await trtc.startLocalAudio({ option: microphoneId ? { microphoneId } : {} });
        media.current.audioStarted = true;
        setMicOn(true);
      } else {
        await trtc.updateLocalAudio({ mute: micOn });
        setMicOn(!micOn);
      }
    } catch (err) {
      toast.error(deviceErrorText(err));
    }
  };

  // Everyone is asked, once per request, whether the interview may be recorded.
  useEffect(() => {
    const recording = trtcRef.current && recordingOf(trtcRef.current);
    if (!rec || !recording || !rec.pending.includes(me) || asked.current.has(rec.id)) return;
    asked.current.add(rec.id);
    void (async () => {
      const agree = await confirm({ title: '录制确认', message: MSG.recordQuestion, confirmText: '同意', cancelText: '不同意' });
      await recording.answer(agree).catch((err) => toast.error(failureText(err)));
    })();
  }, [rec, me]);

  const recordAction = async (what: 'ask' | 'stop' | 'withdraw') => {
    const recording = trtcRef.current && recordingOf(trtcRef.current);
    if (!recording) return;
    try {
      if (what === 'ask') await recording.ask();
      else if (what === 'stop') await recording.stop();
      else await recording.answer(false);
    } catch (err) {
      toast.error(failureText(err));
    }
  };

  const leave = async () => {
    if (!(await confirm({ title: '提示', message: MSG.leaveConfirm, confirmText: '离开', cancelText: '取消', danger: true }))) return;
    finish({ text: MSG.left, rejoin: true }, true);
  };

  // ---------------------------------------------------------------- layout
  // Our own screen's preview is large only when clicked.
  const focus = sharing && chosen === screenTileId(me) ? chosen : focusedId(chosen, state, me, info.promoterId);

  // Through the media server each camera comes in two sizes: the enlarged picture (or the only
  // other person) gets the large one, small tiles the small one (trtc-sdk-v5's option.small).
  const smallOf = (id: string) => focus !== id && state.remotes.length >= 2;
  useEffect(() => {
    const trtc = trtcRef.current;
    if (!trtc || !entered) return;
    for (const m of state.remotes) {
      if (!playing.current.has(m.userId) || sizes.current.get(m.userId) === smallOf(m.userId)) continue;
      sizes.current.set(m.userId, smallOf(m.userId));
      void trtc.updateRemoteVideo({ userId: m.userId, streamType: TRTC.TYPE.STREAM_TYPE_MAIN, option: { small: smallOf(m.userId) } }).catch(() => {});
    }
  });
  const tileIds = [me, ...state.remotes.map((m) => m.userId), ...sharers.map(screenTileId), ...(sharing ? [screenTileId(me)] : [])];
  const paging = smallTilePage(tileIds, focus, me, tilePage, narrow ? SMALL_TILES_PER_PAGE.narrow : SMALL_TILES_PER_PAGE.wide);
  const offPage = (id: string) => id !== focus && !paging.shown.has(id);
  const departed = state.departed.at(-1) ?? null;
  const tagOf = (id: string) => (id === info.promoterId ? '面试官' : names.get(id)?.dwid ? '同事' : names.has(id) ? '求职者' : undefined);
  const linkOf = (id: string) => {
    const person = names.get(id);
    return person ? memberLink(siteOrigin, session.roleId, person) : null;
  };
  const waiting = entered && state.remotes.length === 0;
  const seekers = [...new Set([...info.invited, ...state.remotes.map((m) => m.userId).filter((id) => names.has(id) && !names.get(id)!.dwid)])];

  const personRow = (id: string, action: ReactNode) => {
    const link = linkOf(id);
    return (
      <li key={id}>
        {link ? <a href={link} target="_blank" rel="noopener noreferrer">{nameOf(id)}</a> : <span>{nameOf(id)}</span>}
        {hands.has(id) || (id === me && handUp) ? <HandMark /> : null}
        <span className={present.has(id) ? 'state in' : 'state'}>{present.has(id) ? '在房间' : '未进入'}</span>
        {action}
      </li>
    );
  };

  const chatSection = (
    <section className={`room-chat${narrow && !chatOpen ? ' closed' : ''}`} aria-label="房间聊天">
      {narrow ? (
        <button type="button" className="chat-toggle" aria-expanded={chatOpen} onClick={() => {
          setChatOpen(!chatOpen);
          setUnread(0);
        }}>
          聊天{!chatOpen && unread ? <span className="unread">{unread}条新消息</span> : null}
        </button>
      ) : <h3>聊天</h3>}
      <div className="chat-log" role="log" aria-label="聊天记录" ref={chatLog}>
        {chat.length ? chat.map((l) => (
          <p key={l.key} className={l.userId === me ? 'line mine' : 'line'}>
            <span className="who">{l.userId === me ? '我' : nameOf(l.userId)}</span>
            <time dateTime={new Date(l.at).toISOString()}>{beijingDateTime(l.at).time}</time>
            <span className="text">{l.text}</span>
          </p>
        )) : <span className="empty">面试中可在此发送文字消息，记录随面试保存</span>}
      </div>
      <form className="chat-send" onSubmit={(e) => {
        e.preventDefault();
        sendChat();
      }}>
        <input type="text" aria-label="输入消息" placeholder="输入消息" maxLength={ROOM_CHAT_MAX_CHARS} value={draft}
          disabled={!entered || !chatReady} onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" disabled={!entered || !chatReady || !draft.trim()}>发送</button>
      </form>
    </section>
  );

  return (
    <section ref={roomRef} className={`room in-room${minimised ? ' minimised' : ''}`} aria-label="视频面试房间">
      <header>
        <h2>视频通话</h2>
        <span className="room-id">房间号 {roomId}</span>
        <span className="timer" role="timer" aria-label="通话时长">{formatClock(clock.elapsed)}</span>
        {clock.remaining !== null ? <span className={`remaining${clock.phase === 'warning' ? ' warn' : ''}`}>剩余 {formatRemaining(clock.remaining)}</span> : null}
        {clock.remaining === null && !info.paid && !info.ended ? <span className="remaining">{MSG.limitPending}</span> : null}
        {rec?.state === 'recording' ? <span className="rec" role="status">录制中</span> : null}
        {rec?.state === 'asking' ? <span className="rec asking" role="status">等待全员同意录制（{rec.pending.length} 人未确认）</span> : null}
        <span className="grow" />
        <button type="button" aria-label="最小化" title="最小化" onClick={() => setMinimised(true)}>最小化</button>
        <button type="button" className="danger" aria-label="离开" title="离开房间" onClick={() => void leave()}>离开</button>
      </header>
      {warningShown ? (
        <div className="alert" role="alert">
          <span>{fraudWarning(session.roleId)}</span>
          <button type="button" aria-label="关闭提示" onClick={() => setWarningShown(false)}>×</button>
        </div>
      ) : null}
      {clock.phase === 'warning' ? <div className="alert warn" role="alert">{MSG.timeWarning}</div> : null}
      {state.reconnecting ? <div className="alert warn" role="status">{MSG.reconnecting}</div> : null}
      <div className="body">
        <div className="stage" data-count={state.remotes.length + 1 + sharers.length + (sharing ? 1 : 0)}>
          <Tile
            id={me}
            name={`${nameOf(me)}（我）`}
            tag={isPromoter ? '面试官' : undefined}
            link={null}
            focused={focus === me}
            videoOn={cameraOn}
            audioOn={micOn}
            quality={state.localQuality}
            speaking={micOn && speaking.has(me)}
            hand={handUp}
            offPage={offPage(me)}
            notice={entered ? undefined : '正在进入房间…'}
            viewRef={(el) => {
              localView.current = el;
            }}
            onFocus={() => setChosen(me)}
          />
          {state.remotes.map((m) => (
            <Tile
              key={m.userId}
              id={m.userId}
              name={nameOf(m.userId)}
              tag={tagOf(m.userId)}
              link={linkOf(m.userId)}
              focused={focus === m.userId}
              videoOn={m.video}
              audioOn={m.audio}
              quality={m.quality}
              speaking={m.audio && speaking.has(m.userId)}
              hand={hands.has(m.userId)}
              offPage={offPage(m.userId)}
              notice={m.quality === 'down' ? MSG.peerReconnecting : undefined}
              maskText={m.screen ? MSG.sharingScreen : undefined}
              viewRef={(el) => {
                if (el) views.current.set(m.userId, el);
                else views.current.delete(m.userId);
              }}
              onFocus={() => setChosen(m.userId)}
            />
          ))}
          {state.remotes.filter((m) => m.screen).map((m) => (
            <Tile
              key={screenTileId(m.userId)}
              id={screenTileId(m.userId)}
              name={MSG.screenOf(nameOf(m.userId))}
              link={null}
              focused={focus === screenTileId(m.userId)}
              videoOn
              audioOn
              quality={null}
              screen
              offPage={offPage(screenTileId(m.userId))}
              viewRef={(el) => {
                if (el) views.current.set(screenTileId(m.userId), el);
                else views.current.delete(screenTileId(m.userId));
              }}
              onFocus={() => setChosen(screenTileId(m.userId))}
            />
          ))}
          {sharing ? (
            <Tile
              id={screenTileId(me)}
              name={MSG.myScreen}
              link={null}
              focused={focus === screenTileId(me)}
              videoOn
              audioOn
              quality={null}
              screen
              offPage={offPage(screenTileId(me))}
              viewRef={(el) => {
                screenView.current = el;
              }}
              onFocus={() => setChosen(screenTileId(me))}
            />
          ) : null}
          {paging.pages > 1 ? (
            <div className="pager" role="group" aria-label="更多画面">
              <button type="button" aria-label="上一页画面" disabled={paging.page === 0} onClick={() => setTilePage(paging.page - 1)}>‹</button>
              <span>{paging.page + 1}/{paging.pages}</span>
              <button type="button" aria-label="下一页画面" disabled={paging.page === paging.pages - 1} onClick={() => setTilePage(paging.page + 1)}>›</button>
            </div>
          ) : null}
          {departed ? (
            <div className="departed" role="status">
              <span>{MSG.peerLeft(nameOf(departed))}</span>
              {isHr ? (
                <button type="button" className="invite" disabled={inviting === departed}
                  onClick={() => void invite(departed, !names.get(departed)?.dwid)}>{MSG.reinvite}</button>
              ) : null}
            </div>
          ) : waiting ? <p className="waiting" role="status">{isPromoter && info.invited.length ? MSG.waiting : MSG.waitingSeeker}</p> : null}
        </div>
        <aside className="members" aria-label="成员">
          {/* On a phone the chat's toggle comes first, where it is seen without scrolling the list. */}
          {narrow ? chatSection : null}
          {isPromoter ? (
            <>
              <div className="tabs" role="tablist" aria-label="成员分类">
                <button type="button" role="tab" aria-selected={tab === 'seekers'} onClick={() => setTab('seekers')}>面试者</button>
                <button type="button" role="tab" aria-selected={tab === 'colleagues'} onClick={() => setTab('colleagues')}>我的同事</button>
              </div>
              {tab === 'seekers' ? (
                <div role="tabpanel" aria-label="面试者">
                  <ul>
                    {seekers.length ? seekers.map((id) => personRow(id, present.has(id) ? null : (
                      <button type="button" className="invite" aria-label={`邀请${nameOf(id)}`} disabled={inviting === id} onClick={() => void invite(id, true)}>邀请</button>
                    ))) : <li className="empty">暂无面试者</li>}
                  </ul>
                  {!onPlatform ? null : finding ? (
                    <div className="find" role="search" aria-label="添加面试者">
                      <form onSubmit={(e) => {
                        e.preventDefault();
                        void findApplicants();
                      }}>
                        <input type="search" aria-label="投递者姓名" placeholder="投递者姓名（可留空）" maxLength={30} value={findText} onChange={(e) => setFindText(e.target.value)} />
                        <button type="submit">查找</button>
                      </form>
                      {found === null ? <p className="hint">查找投递了本单位岗位的求职者，邀请其加入本次面试</p> : found.length ? (
                        <ul aria-label="查找结果">
                          {found.map((p) => (
                            <li key={p.id}>
                              <span>{p.name}{p.job ? <small>（{p.job}）</small> : null}</span>
                              {info.invited.includes(p.id) || present.has(p.id) ? <span className="state in">已邀请</span> : (
                                <button type="button" className="invite" aria-label={`邀请${p.name}`} disabled={inviting === p.id} onClick={() => void invite(p.id, true)}>邀请</button>
                              )}
                            </li>
                          ))}
                        </ul>
                      ) : <p className="hint">未找到投递者</p>}
                    </div>
                  ) : (
                    <button type="button" className="add-seeker" onClick={() => setFinding(true)}>＋ 添加面试者</button>
                  )}
                </div>
              ) : (
                <ul role="tabpanel" aria-label="我的同事">
                  {colleagues === null ? <li className="empty">加载中…</li> : colleagues.length ? colleagues.map((c) => (
                    <li key={c.hrid}>
                      <span>{c.xm}{c.zw ? <small>（{c.zw}）</small> : null}</span>
                      <span className={present.has(c.hrid) ? 'state in' : 'state'}>{present.has(c.hrid) ? '在房间' : '未进入'}</span>
                      {present.has(c.hrid) ? null : (
                        <button type="button" className="invite" aria-label={`邀请${c.xm}`} disabled={inviting === c.hrid} onClick={() => void invite(c.hrid, false)}>邀请</button>
                      )}
                    </li>
                  )) : <li className="empty">暂无同事</li>}
                </ul>
              )}
            </>
          ) : (
            <>
              <h3>房间成员</h3>
              <ul>
                {[me, ...state.remotes.map((m) => m.userId)].map((id) => personRow(id, id === info.promoterId ? <em>面试官</em> : null))}
              </ul>
            </>
          )}
          {isHr && !isPromoter ? <p className="hint">点击求职者姓名可查看其简历</p> : null}
          {narrow ? null : chatSection}
        </aside>
      </div>
      <footer className="controls">
        <IconButton label="摄像头" pressed={cameraOn} className={cameraOn ? '' : 'off'} onClick={() => void toggleCamera()}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M15 8v8H5V8h10m1-2H4a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-3.5l4 4v-11l-4 4V7a1 1 0 0 0-1-1z" /></svg>
          <span>摄像头</span>
        </IconButton>
        <IconButton label="麦克风" pressed={micOn} className={micOn ? '' : 'off'} onClick={() => void toggleMic()}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1A7 7 0 0 0 19 11h-2z" /></svg>
          <span>麦克风</span>
        </IconButton>
        {entered && !isPromoter ? (
          <IconButton label="举手" pressed={handUp} className={handUp ? 'active' : ''} onClick={toggleHand}>
            <HandIcon size={20} />
            <span>{handUp ? '放下' : '举手'}</span>
          </IconButton>
        ) : null}
        {(canShare || sharing) && entered ? (
          <IconButton label="共享屏幕" pressed={sharing} className={sharing ? 'active' : ''} onClick={() => void toggleScreen()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M20 3H4a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h6v2H8v2h8v-2h-2v-2h6a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm0 13H4V5h16v11zm-8-9-4 4h3v3h2v-3h3l-4-4z" /></svg>
            <span>{sharing ? '停止共享' : '共享屏幕'}</span>
          </IconButton>
        ) : null}
        {entered ? (
          <button type="button" className="ctl" aria-haspopup="dialog" onClick={() => setSettingsOpen(true)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.3 7.3 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.3 7.3 0 0 0-1.7 1l-2.5-1-2 3.5L6.5 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.3 7.3 0 0 0 1.7 1L11 21h4l.4-2.9a7.3 7.3 0 0 0 1.7-1l2.5 1 2-3.5L19.4 13zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z" /></svg>
            <span>设备</span>
          </button>
        ) : null}
        {isPromoter && entered && trtcRef.current && recordingOf(trtcRef.current) ? (
          rec ? (
            <button type="button" className="record on" onClick={() => void recordAction('stop')}>{rec.state === 'recording' ? '停止录制' : '取消录制申请'}</button>
          ) : (
            <button type="button" className="record" onClick={() => void recordAction('ask')}>录制</button>
          )
        ) : null}
        {!isPromoter && rec && rec.agreed.includes(me) ? (
          <button type="button" className="record on" onClick={() => void recordAction('withdraw')}>撤回录制同意</button>
        ) : null}
      </footer>
      <div ref={dialogLayer} />
      {dialogLayer.current ? (
        <Dialog open={settingsOpen} title="设备设置" onClose={() => setSettingsOpen(false)} width={400} container={dialogLayer.current}
          footer={<button type="button" className="zp-btn zp-btn--primary" onClick={() => setSettingsOpen(false)}>完成</button>}>
          <div className="settings">
            <DevicePick label="摄像头" id="vr-room-camera" list={lists.cameras} value={pickDevice(devices.cameraId, lists.cameras)} onPick={(id) => void pickDeviceFor('cameraId', id)} />
            <DevicePick label="麦克风" id="vr-room-mic" list={lists.microphones} value={pickDevice(devices.microphoneId, lists.microphones)} onPick={(id) => void pickDeviceFor('microphoneId', id)} />
            {lists.speakers.length ? (
              <DevicePick label="扬声器" id="vr-room-speaker" list={lists.speakers} value={pickDevice(devices.speakerId, lists.speakers)} onPick={(id) => void pickDeviceFor('speakerId', id)} />
            ) : null}
          </div>
        </Dialog>
      ) : null}
      <div className="mini-bar">
        <span className="timer">{formatClock(clock.elapsed)}</span>
        <button type="button" aria-label="还原" title="还原" onClick={() => setMinimised(false)}>还原</button>
      </div>
    </section>
  );
}
