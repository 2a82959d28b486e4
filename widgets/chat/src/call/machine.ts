// Over 300 lines: the whole call as one pure reducer, so that every transition reads (and is tested) in one place.
/**
 * The one-to-one call as a pure state machine (spec section 4): idle, dialling, isDialled
 * (incoming), calling. `reduce` takes the state, an event (a person's click, a signal received,
 * the room opened or failed, a timer) and the time, and returns the next state with the effects
 * the controller carries out (signals to send, the room to open, enter or leave, the one timer,
 * notices). One call at a time: a dial or request that finds this person engaged, here or on
 * another page of theirs, is answered line busy.
 */
import { RTC_MSG, formatClock } from '@zp/core/rtc-words';
import { ACTION, REQUEST, callSignal, type CallAction, type CallSignal } from './protocol.js';

/** Spec section 9: an unanswered call ends after 60 s. */
export const DIAL_TIMEOUT_MS = 60_000;
/** Spec section 9: a job seeker's request waits about 70 s; the HR's prompt goes after as long. */
export const REQUEST_WAIT_MS = 70_000;
/** The callee's prompt outlives the caller's timeout a little, in case that signal is lost. */
const RING_MS = DIAL_TIMEOUT_MS + 5_000;
/**
 * The other person left the room: their hangup, sent through chat at the same moment, usually
 * follows; if it does not come within this (their page closed), this side records the end.
 */
export const PEER_GONE_MS = 5_000;
/**
 * The callee entered the room before the dial's 60 s were up: their 'accepted' follows once
 * their devices and connection are ready, given this long rather than the rest of the minute.
 */
export const ANSWER_GRACE_MS = 30_000;

type Phase = 'idle' | 'dialling' | 'isDialled' | 'calling';

export interface Call {
  phase: Exclude<Phase, 'idle'>;
  callId: string;
  /** the other person's userID, and their name as far as known */
  peer: string;
  peerName: string;
  /** this side opened the room (the HR) or sent the request (the seeker) */
  outgoing: boolean;
  /** a job seeker's request (QZ_REQ): no room until the HR agrees */
  request: boolean;
  /** the HR agreed to a request: the room's signal is 'HR ok' rather than dialing */
  approve: boolean;
  roomId: string;
  /** entering the room (accepted, or the HR agreed to our request) */
  entering: boolean;
  /** the first signal (dialing, HR ok or QZ_REQ) went out */
  signalled: boolean;
  /** when both were in the room (ms), 0 before */
  acceptedAt: number;
  /** the other person left the room; their hangup is awaited a moment */
  peerGone?: boolean;
}

export interface CallState {
  call: Call | null;
  /** the call another page of the same person is engaged in, if any */
  elsewhere: string | null;
}

export const IDLE: CallState = { call: null, elsewhere: null };

export type CallEvent =
  /** the HR calls (after the start check) */
  | { type: 'dial'; peer: string; peerName: string; callId: string }
  /** the job seeker asks for an interview */
  | { type: 'ask'; peer: string; peerName: string; callId: string; me: string; myName: string }
  /** the HR's room is open and the HR is in it */
  | { type: 'opened'; callId: string; roomId: string }
  /** the callee is in the room */
  | { type: 'entered'; callId: string }
  /** opening or entering failed */
  | { type: 'failed'; callId: string; text: string }
  | { type: 'accept' }
  | { type: 'refuse' }
  | { type: 'cancel' }
  | { type: 'hangup' }
  | { type: 'timer'; callId: string }
  /** a signal received; `mine`: sent by another page of this person; `fresh`: recent enough to ring */
  | { type: 'signal'; signal: CallSignal; from: string; mine: boolean; fresh: boolean }
  /** the other person entered the room (answering, or back after a drop) */
  | { type: 'peerEntered'; callId: string }
  /** the other person left the room without hanging up (their page closed) */
  | { type: 'peerLeft'; callId: string }
  /** this page goes (logout, the chat closed): whatever the call, it ends properly */
  | { type: 'abort' }
  /** the room ended or removed us (the free HR's 20 minutes, the room closed) */
  | { type: 'ended'; callId: string; text: string }
  /** another page of this person is engaged in this call (or none) */
  | { type: 'elsewhere'; callId: string | null }
  /**
   * this page was reloaded (or left and came back) in a call: the room as the server has it now
   * decides whether it goes on. `peerIn` / `meIn`: the other person / this person still hold a
   * place in it (a page gone keeps its place for the reconnect grace); `since`: when both were
   * first in (the server's startedAt on this page's clock), null if unknown.
   */
  | {
      type: 'resume'; callId: string; peer: string; peerName: string; roomId: string; outgoing: boolean;
      ended: boolean; peerIn: boolean; meIn: boolean; since: number | null;
    };

export type Effect =
  /** `once`: among this person's pages only one sends it (an automatic answer) */
  | { type: 'send'; to: string; signal: CallSignal; once?: boolean }
  | { type: 'open'; callId: string; peer: string }
  | { type: 'enter'; callId: string; roomId: string }
  /** back into the room of a call under way (after a reload); owner: this side opened it */
  | { type: 'rejoin'; callId: string; roomId: string; owner: boolean }
  /** gives up this person's place in a room this page is not in (a kept call that cannot go on) */
  | { type: 'release'; roomId: string }
  | { type: 'leave' }
  | { type: 'timer'; callId: string; ms: number }
  | { type: 'clearTimer' }
  | { type: 'notice'; text: string; level: 'info' | 'warning' | 'error' };

export interface Step {
  state: CallState;
  effects: Effect[];
}

export const CALL_MSG = {
  busyHere: '当前正在视频通话中',
  busy: '对方忙线中',
  refused: RTC_MSG.refused,
  requestRefused: RTC_MSG.refused,
  cancelled: '对方已取消',
  noAnswer: '对方未接听',
  noReply: '对方暂未回应，请稍后再试',
  peerFailed: '对方设备异常，通话未接通',
  peerLeft: '对方已离开，通话结束',
  /** back after a reload: the other person hung up (or left) meanwhile */
  hungUpMeanwhile: '对方已挂断，通话已结束',
  /** back after a reload: the room ended meanwhile (time up, or away too long) */
  endedMeanwhile: '通话已结束',
  handledElsewhere: '已在其他页面处理该通话',
  timedOut: '呼叫已超时，通话未接通',
  ended: (seconds: number) => `通话已结束，通话时长 ${formatClock(seconds)}`,
} as const;

/** Engaged: calling, dialling, or entering after an answer. A call only ringing is not (another page may take it). */
export const engaged = (call: Call | null): boolean => !!call && (call.phase !== 'isDialled' || call.entering);

const durationOf = (call: Call, now: number) => (call.acceptedAt ? Math.max(0, Math.round((now - call.acceptedAt) / 1000)) : 0);

export function reduce(state: CallState, event: CallEvent, now: number): Step {
  const c = state.call;
  const stay: Step = { state, effects: [] };
  const send = (action: CallAction, extra: Partial<CallSignal> = {}, once = false): Effect => ({
    type: 'send', to: c!.peer, signal: callSignal(c!.callId, action, c!.peer, { roomId: c!.roomId, ...extra }), ...(once ? { once } : {}),
  });
  const idle = (...effects: Effect[]): Step => ({ state: { ...state, call: null }, effects: [{ type: 'clearTimer' }, ...effects] });
  const leave = (): Effect[] => (c && (c.roomId || c.entering || (c.outgoing && !c.request)) ? [{ type: 'leave' }] : []);
  const notice = (text: string, level: 'info' | 'warning' | 'error' = 'info'): Effect => ({ type: 'notice', text, level });
  const current = (callId: string) => !!c && c.callId === callId;
  /** Giving up a dial: cancel once signalled; an HR who agreed to a request but had no room yet tells the waiting seeker. */
  const withdraw = (call: Call): Effect[] => (call.signalled ? [send(ACTION.cancel)] : call.approve ? [send(ACTION.error)] : []);
  const fresh = (phase: Call['phase'], peer: string, peerName: string, callId: string, more: Partial<Call> = {}): Call => ({
    phase, callId, peer, peerName, outgoing: false, request: false, approve: false, roomId: '', entering: false, signalled: false, acceptedAt: 0, ...more,
  });

  switch (event.type) {
    case 'dial':
    case 'ask': {
      if (c || state.elsewhere) return { state, effects: [notice(CALL_MSG.busyHere, 'warning')] };
      if (event.type === 'dial') {
        return { state: { ...state, call: fresh('dialling', event.peer, event.peerName, event.callId, { outgoing: true }) }, effects: [{ type: 'open', callId: event.callId, peer: event.peer }] };
      }
      const call = fresh('dialling', event.peer, event.peerName, event.callId, { outgoing: true, request: true, signalled: true });
      return {
        state: { ...state, call },
        effects: [
          { type: 'send', to: event.peer, signal: callSignal(event.callId, REQUEST.ask, event.peer, { userID: event.me, nickname: event.myName }) },
          { type: 'timer', callId: event.callId, ms: REQUEST_WAIT_MS },
        ],
      };
    }

    case 'opened': {
      if (!current(event.callId) || c!.phase !== 'dialling') return { state, effects: [{ type: 'leave' }] };
      const call = { ...c!, roomId: event.roomId, signalled: true };
      return {
        state: { ...state, call },
        effects: [
          { type: 'send', to: call.peer, signal: callSignal(call.callId, call.approve ? REQUEST.ok : ACTION.dialing, call.peer, { roomId: event.roomId }) },
          { type: 'timer', callId: call.callId, ms: DIAL_TIMEOUT_MS },
        ],
      };
    }

    case 'entered': {
      if (!current(event.callId) || !c!.entering) return { state, effects: [{ type: 'leave' }] };
      return { state: { ...state, call: { ...c!, phase: 'calling', entering: false, acceptedAt: now } }, effects: [{ type: 'clearTimer' }, send(ACTION.accepted)] };
    }

    case 'failed': {
      if (!current(event.callId)) return stay;
      // The other side waits for us (it dialled, or asked and we agreed): tell it the call failed.
      const tell = !c!.outgoing || c!.approve ? [send(ACTION.error)] : [];
      return idle(...tell, ...leave(), notice(event.text, 'error'));
    }

    case 'accept': {
      if (c?.phase !== 'isDialled' || c.entering) return stay;
      if (c.request) {
        // The HR agrees to a seeker's request: the HR opens the room and becomes the caller.
        return { state: { ...state, call: { ...c, phase: 'dialling', outgoing: true, request: false, approve: true } }, effects: [{ type: 'clearTimer' }, { type: 'open', callId: c.callId, peer: c.peer }] };
      }
      return { state: { ...state, call: { ...c, entering: true } }, effects: [{ type: 'clearTimer' }, { type: 'enter', callId: c.callId, roomId: c.roomId }] };
    }

    case 'refuse': {
      if (c?.phase !== 'isDialled' || c.entering) return stay;
      return idle(send(c.request ? REQUEST.hrRefuse : ACTION.reject));
    }

    case 'cancel':
    case 'hangup': {
      if (!c) return stay;
      if (c.phase === 'calling') return idle(send(ACTION.hangup, { duration: durationOf(c, now) }), ...leave());
      if (c.phase === 'dialling') return idle(...withdraw(c), ...leave());
      return stay;
    }

    case 'timer': {
      if (!current(event.callId)) return stay;
      if (c!.phase === 'dialling' && c!.request) return idle(send(ACTION.cancel), notice(CALL_MSG.noReply, 'warning'));
      if (c!.phase === 'dialling' && c!.signalled) return idle(send(ACTION.timeout), ...leave(), notice(CALL_MSG.noAnswer, 'warning'));
      if (c!.phase === 'isDialled' && !c!.entering) return idle();
      if (c!.phase === 'calling' && c!.peerGone) return idle(send(ACTION.hangup, { duration: durationOf(c!, now) }), { type: 'leave' }, notice(CALL_MSG.peerLeft));
      return stay;
    }

    case 'signal': {
      const s = event.signal;
      if (event.mine) {
        // Another page of ours answered the call ringing here.
        if (c && c.callId === s.call_id && c.phase === 'isDialled' && !c.entering) return idle(notice(CALL_MSG.handledElsewhere));
        return stay;
      }
      if (s.action === ACTION.dialing || s.action === REQUEST.ask) {
        if (!event.fresh || (c && c.callId === s.call_id)) return stay;
        if (c) {
          return { state, effects: [{ type: 'send', to: event.from, signal: callSignal(s.call_id, ACTION.busy, event.from, { roomId: s.roomId }), once: true }] };
        }
        // Another page of ours is in a call: that page answers busy.
        if (state.elsewhere) return stay;
        const request = s.action === REQUEST.ask;
        if (!request && !s.roomId) return stay;
        const call = fresh('isDialled', event.from, s.nickname ?? '', s.call_id, { request, roomId: s.roomId });
        return { state: { ...state, call }, effects: [{ type: 'timer', callId: s.call_id, ms: request ? REQUEST_WAIT_MS : RING_MS }] };
      }
      if (!c || c.callId !== s.call_id || event.from !== c.peer) return stay;
      switch (s.action) {
        case ACTION.accepted:
        case REQUEST.seekerAgree:
          if (c.phase !== 'dialling' || !c.outgoing || c.request || !c.signalled) return stay;
          return { state: { ...state, call: { ...c, phase: 'calling', acceptedAt: now } }, effects: [{ type: 'clearTimer' }] };
        case REQUEST.ok:
        case REQUEST.hrAgree:
          // The HR agreed to our request: we enter the room at once.
          if (c.phase !== 'dialling' || !c.request || !s.roomId) return stay;
          return {
            state: { ...state, call: { ...c, phase: 'isDialled', outgoing: false, request: false, roomId: s.roomId, entering: true } },
            effects: [{ type: 'clearTimer' }, { type: 'enter', callId: c.callId, roomId: s.roomId }],
          };
        case ACTION.cancel:
          return idle(...leave(), ...(c.phase === 'isDialled' && !c.entering ? [] : [notice(CALL_MSG.cancelled)]));
        case ACTION.reject:
        case REQUEST.hrRefuse:
        case REQUEST.seekerRefuse:
          return idle(...leave(), notice(c.request ? CALL_MSG.requestRefused : CALL_MSG.refused, 'warning'));
        case ACTION.busy:
          return idle(...leave(), notice(CALL_MSG.busy, 'warning'));
        case ACTION.timeout:
          // Ringing: the prompt just goes. Answering already: say why it stopped.
          return idle(...leave(), ...(c.entering || c.phase === 'calling' ? [notice(CALL_MSG.timedOut, 'warning')] : []));
        case ACTION.hangup:
          return idle(...leave(), notice(CALL_MSG.ended(s.duration || durationOf(c, now))));
        case ACTION.error:
          return idle(...leave(), notice(CALL_MSG.peerFailed, 'warning'));
        default:
          return stay;
      }
    }

    case 'peerEntered': {
      if (!current(event.callId)) return stay;
      // The callee is in: the dial's minute gives way to a shorter wait for their 'accepted'.
      if (c!.phase === 'dialling' && c!.outgoing && c!.signalled) return { state, effects: [{ type: 'timer', callId: c!.callId, ms: ANSWER_GRACE_MS }] };
      // Back after a drop: the call goes on.
      if (c!.phase === 'calling' && c!.peerGone) return { state: { ...state, call: { ...c!, peerGone: false } }, effects: [{ type: 'clearTimer' }] };
      return stay;
    }

    case 'abort': {
      if (!c) return stay;
      if (c.phase === 'calling') return idle(send(ACTION.hangup, { duration: durationOf(c, now) }), ...leave());
      if (c.phase === 'dialling') return idle(...withdraw(c), ...leave());
      if (c.entering) return idle(send(ACTION.error), ...leave());
      return idle(send(c.request ? REQUEST.hrRefuse : ACTION.reject));
    }

    case 'peerLeft': {
      if (!current(event.callId) || c!.phase !== 'calling' || c!.peerGone) return stay;
      return { state: { ...state, call: { ...c!, peerGone: true } }, effects: [{ type: 'timer', callId: c!.callId, ms: PEER_GONE_MS }] };
    }

    case 'ended': {
      if (!current(event.callId)) return stay;
      // The free HR's 20 minutes: the room's opener records the end as a hangup; both are told why.
      const record = c!.outgoing ? (c!.phase === 'calling' ? [send(ACTION.hangup, { duration: durationOf(c!, now) })] : c!.signalled ? [send(ACTION.cancel)] : []) : [];
      return idle(...record, { type: 'leave' }, notice(event.text, 'warning'));
    }

    case 'resume': {
      if (c || state.elsewhere) return stay;
      if (event.ended) return { state, effects: [notice(CALL_MSG.endedMeanwhile, 'warning')] };
      // Their hangup ended the call while this page was away (its signal was not heard here): the
      // place this page still holds goes too, so the room ends rather than waiting for the grace.
      if (!event.peerIn) return { state, effects: [...(event.meIn ? [{ type: 'release', roomId: event.roomId } as const] : []), notice(CALL_MSG.hungUpMeanwhile, 'warning')] };
      // The duration (and the hangup's record) counts from when both were first in, not from the reload.
      const acceptedAt = event.since !== null && event.since <= now ? event.since : now;
      const call = fresh('calling', event.peer, event.peerName, event.callId, { outgoing: event.outgoing, roomId: event.roomId, signalled: true, acceptedAt });
      return { state: { ...state, call }, effects: [{ type: 'rejoin', callId: event.callId, roomId: event.roomId, owner: event.outgoing }] };
    }

    case 'elsewhere': {
      const next = { ...state, elsewhere: event.callId };
      if (c && event.callId === c.callId && c.phase === 'isDialled' && !c.entering) return { state: { ...next, call: null }, effects: [{ type: 'clearTimer' }] };
      return { state: next, effects: [] };
    }
  }
}
