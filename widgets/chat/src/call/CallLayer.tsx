/**
 * The call layer of <zp-chat> (spec section 2 "Chat launcher and panel"): the incoming prompt
 * with its ring, the seeker's wait for an answer, the calling window (the other person large,
 * oneself small, swapped with a click), the duration, camera, microphone, hang up, and
 * minimising to a floating button. It sits beside the panel, so a call goes on while the panel
 * is closed and opened again. All state is the controller's.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { RTC_MSG, formatClock } from '@zp/core/rtc-words';
import { interviewSecondsLeft } from '@zp/core/rules/interview';
import type { CallClock, CallController } from './controller.js';
import type { Call } from './machine.js';
import { useNames } from '../names.js';
import { message as toast } from '@zp/ui';

/** What the prompt and the window say about the call, with the other person's name. */
function callStatus(call: Call, name: string, seconds: number): string {
  if (call.phase === 'calling') return formatClock(seconds);
  if (call.entering) return '正在接通…';
  if (call.phase === 'dialling') return call.approve ? `已同意，等待${name}进入…` : `正在呼叫${name}，等待对方接听…`;
  return '';
}

/**
 * The call's duration and, for a free HR, the time left (seconds) at `now`: from the room's clock
 * (the server's start, which outlives a reload), else from our own answer time.
 */
export function callTimes(call: Call | null, clock: CallClock | null, now: number): { seconds: number; remaining: number | null } {
  const seconds = clock?.startedAt ? Math.max(0, (now + clock.offset - clock.startedAt) / 1000) : call?.acceptedAt ? (Math.max(now, call.acceptedAt) - call.acceptedAt) / 1000 : 0;
  if (call?.phase !== 'calling' || !clock?.endsAt) return { seconds, remaining: null };
  return { seconds, remaining: interviewSecondsLeft(clock.endsAt, now + clock.offset, clock.startedAt || null) };
}

/** Remaining time as MM:SS. */
const mmss = (seconds: number) => {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};
/** The room's warning comes this long before a free HR's interview ends (RTC_WARNING_SECONDS). */
const WARNING_SECONDS = 60;

/** A phone's ring from the page's audio, while a call rings; silent where the browser refuses sound before a click. */
function useRing(on: boolean) {
  useEffect(() => {
    if (!on || typeof AudioContext === 'undefined') return;
    let ctx: AudioContext | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    try {
      ctx = new AudioContext();
      const beep = () => {
        if (ctx?.state !== 'running') return void ctx?.resume().catch(() => {});
        for (const [start, freq] of [[0, 440], [0, 480], [0.5, 440], [0.5, 480]] as const) {
          const osc = ctx.createOscillator();
          const gain = ctx.createGain();
          gain.gain.value = 0.05;
          osc.frequency.value = freq;
          osc.connect(gain).connect(ctx.destination);
          osc.start(ctx.currentTime + start);
          osc.stop(ctx.currentTime + start + 0.4);
        }
      };
      beep();
      timer = setInterval(beep, 3000);
    } catch {
      // no sound: the prompt shows anyway
    }
    return () => {
      if (timer) clearInterval(timer);
      void ctx?.close().catch(() => {});
    };
  }, [on]);
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path fill="currentColor" d={d} />
    </svg>
  );
}
const CAMERA = 'M4 6h11a2 2 0 0 1 2 2v2.5l4-3v9l-4-3V16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z';
const MIC = 'M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1A7 7 0 0 0 19 11h-2z';
const HANGUP = 'M12 9c-3.3 0-6.4.9-9 2.5-.6.4-.8 1.1-.5 1.8l1.3 2.5c.3.6 1 .9 1.7.7l3-1a1 1 0 0 0 .7-1V12c1-.3 1.9-.4 2.8-.4s1.9.1 2.8.4v2.5a1 1 0 0 0 .7 1l3 1c.7.2 1.4-.1 1.7-.7l1.3-2.5c.3-.7.1-1.4-.5-1.8C18.4 9.9 15.3 9 12 9z';
export const VIDEO_ICON = CAMERA;

export function CallLayer({ controller }: { controller: CallController }) {
  const { call } = useStore(controller.$call);
  const clock = useStore(controller.$clock);
  const invitation = useStore(controller.$invitation);
  const nameOf = useNames(controller.chat, call ? [call.peer] : []);
  const media = useStore(controller.$media);
  const [minimised, setMinimised] = useState(false);
  const [swapped, setSwapped] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const localSlot = useRef<HTMLDivElement>(null);
  const remoteSlot = useRef<HTMLDivElement>(null);

  // The SDK's pictures live in the controller's elements; they are placed here once and stay.
  useEffect(() => {
    if (!controller.views) return;
    localSlot.current?.appendChild(controller.views.local);
    remoteSlot.current?.appendChild(controller.views.remote);
  }, [controller]);

  const calling = call?.phase === 'calling';
  useEffect(() => {
    if (!calling) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [calling]);

  useEffect(() => {
    if (!call) {
      setMinimised(false);
      setSwapped(false);
    }
  }, [!call]);

  const ringing = call?.phase === 'isDialled' && !call.entering;
  useRing(!!ringing || (!call && !!invitation));
  // An incoming call takes the focus (a screen reader announces the prompt; Enter answers).
  const answer = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (ringing || invitation) answer.current?.focus();
  }, [ringing, call?.callId, invitation?.roomId]);

  const name = call ? call.peerName || nameOf(call.peer) : '';
  const windowShown = !!call && !ringing && !(call.phase === 'dialling' && call.request);
  const { seconds, remaining } = callTimes(call, clock, now);
  const status = call ? callStatus(call, name, seconds) : '';
  const warning = remaining !== null && remaining <= WARNING_SECONDS;
  const warned = useRef<string | null>(null);
  useEffect(() => {
    if (!warning || !call || warned.current === call.callId) return;
    warned.current = call.callId;
    toast.warning(RTC_MSG.timeWarning);
  }, [warning, call?.callId]);

  return (
    <div className="call-layer">
      {ringing && (
        <div className="call-prompt" role="alertdialog" aria-label={call.request ? '视频面试请求' : '视频通话邀请'}>
          <div className="call-avatar" aria-hidden="true"><Icon d={CAMERA} /></div>
          <div className="call-prompt-text">
            <strong>{name}</strong>
            <span>{call.request ? '请求面试, 是否同意?' : '邀请你进行视频通话'}</span>
          </div>
          <div className="call-prompt-actions">
            <button type="button" className="call-btn refuse" onClick={controller.refuse}>拒绝</button>
            <button type="button" className="call-btn accept" ref={answer} onClick={controller.accept}>{call.request ? '同意' : '接听'}</button>
          </div>
        </div>
      )}
      {!call && invitation && (
        <div className="call-prompt" role="alertdialog" aria-label="视频面试邀请">
          <div className="call-avatar" aria-hidden="true"><Icon d={CAMERA} /></div>
          <div className="call-prompt-text">
            <strong>{invitation.name}</strong>
            <span>邀请您进入视频面试（房间号 {invitation.roomId}）</span>
          </div>
          <div className="call-prompt-actions">
            <button type="button" className="call-btn refuse" onClick={() => void controller.declineInvitation()}>拒绝</button>
            <button type="button" className="call-btn accept" ref={answer} onClick={controller.enterInvitation}>进入面试</button>
          </div>
        </div>
      )}
      {call?.phase === 'dialling' && call.request && (
        <div className="call-mask">
          <div className="call-wait" role="alertdialog" aria-label="等待对方同意" aria-busy="true">
            <span className="spinner" aria-hidden="true" />
            <p>已向{name}发送视频面试请求，等待对方同意…</p>
            <button type="button" className="call-btn" onClick={controller.cancel}>取消</button>
          </div>
        </div>
      )}
      <section className={`call-window${swapped ? ' swapped' : ''}`} role="dialog" aria-label="视频通话" hidden={!windowShown || minimised}>
        <header>
          <span className="call-name">{name}</span>
          <span className="call-status" role={calling ? 'timer' : 'status'} aria-live={calling ? 'off' : 'polite'} data-testid="call-status">{status}</span>
          {remaining !== null && <span className={`call-remaining${warning ? ' warn' : ''}`} data-testid="call-remaining">剩余 {mmss(remaining)}</span>}
          <button type="button" className="call-min" aria-label="最小化" onClick={() => setMinimised(true)}>–</button>
        </header>
        {warning && <div className="call-warning" role="alert">{RTC_MSG.timeWarning}</div>}
        <div className="call-stage">
          {/* A browser that refuses the other person's sound until a click (autoplay policy): one click brings it. */}
          {media.soundBlocked && <button type="button" className="call-sound" onClick={() => void controller.resumeSound()}>点击恢复声音</button>}
          <div className="call-remote" ref={remoteSlot} data-video={media.remoteVideo ? 'on' : 'off'}>
            {!calling && <div className="call-waiting">{status}</div>}
            {calling && !media.remoteVideo && <div className="call-waiting">对方未开启摄像头</div>}
          </div>
          <div className="call-local" ref={localSlot} data-video={media.camera ? 'on' : 'off'}>
            {!media.camera && <div className="call-waiting">摄像头已关闭</div>}
          </div>
          <button type="button" className="call-swap" aria-label="切换画面" onClick={() => setSwapped((s) => !s)} />
        </div>
        <div className="call-controls">
          <button type="button" className="call-ctl" aria-label="摄像头" aria-pressed={media.camera} title={media.camera ? '关闭摄像头' : '开启摄像头'} onClick={() => void controller.toggleCamera()}>
            <Icon d={CAMERA} />
          </button>
          <button type="button" className="call-ctl" aria-label="麦克风" aria-pressed={media.microphone} title={media.microphone ? '关闭麦克风' : '开启麦克风'} onClick={() => void controller.toggleMicrophone()}>
            <Icon d={MIC} />
          </button>
          {calling ? (
            <button type="button" className="call-ctl hangup" aria-label="挂断" onClick={controller.hangup}><Icon d={HANGUP} /></button>
          ) : (
            <button type="button" className="call-ctl hangup" aria-label="取消" onClick={controller.cancel} disabled={call?.phase !== 'dialling'}><Icon d={HANGUP} /></button>
          )}
        </div>
      </section>
      {windowShown && minimised && (
        <button type="button" className="call-float" aria-label="还原" title="还原视频通话" onClick={() => setMinimised(false)}>
          <Icon d={CAMERA} />
          <span>{calling ? (remaining !== null ? `剩余 ${mmss(remaining)}` : formatClock(seconds)) : '呼叫中'}</span>
        </button>
      )}
    </div>
  );
}
