import { describe, expect, it } from 'vitest';
import { ACTION, REQUEST, callSignal, type CallAction } from './protocol.js';
import { ANSWER_GRACE_MS, CALL_MSG, DIAL_TIMEOUT_MS, IDLE, PEER_GONE_MS, REQUEST_WAIT_MS, engaged, reduce, type CallEvent, type CallState, type Effect } from './machine.js';

const HR = '20';
const SEEKER = '10';
const OTHER = '30';

/** Runs events from a state; returns the last state and every effect on the way. */
function run(events: CallEvent[], from: CallState = IDLE, start = 1_000_000) {
  let state = from;
  const effects: Effect[] = [];
  let now = start;
  for (const e of events) {
    const step = reduce(state, e, now);
    state = step.state;
    effects.push(...step.effects);
    now += 1000;
  }
  return { state, effects };
}

const sent = (effects: Effect[]) => effects.flatMap((e) => (e.type === 'send' ? [{ to: e.to, action: e.signal.action, roomId: e.signal.roomId, duration: e.signal.duration }] : []));
const notices = (effects: Effect[]) => effects.flatMap((e) => (e.type === 'notice' ? [e.text] : []));
const has = (effects: Effect[], type: Effect['type']) => effects.some((e) => e.type === type);
const signal = (action: CallAction, from: string, extra: { roomId?: string; callId?: string; duration?: number; mine?: boolean; fresh?: boolean } = {}): CallEvent => ({
  type: 'signal', signal: callSignal(extra.callId ?? 'c1', action, '', { roomId: extra.roomId ?? '', duration: extra.duration ?? 0 }), from, mine: extra.mine ?? false, fresh: extra.fresh ?? true,
});

// The HR's side of a call, up to the dial being out.
const hrDialled = [{ type: 'dial', peer: SEEKER, peerName: '张三', callId: 'c1' }, { type: 'opened', callId: 'c1', roomId: '77' }] as CallEvent[];
// The seeker's side, ringing.
const seekerRinging = [signal(ACTION.dialing, HR, { roomId: '77' })];

describe('the HR calls', () => {
  it('opens the room first, then sends dialing with the room and waits 60 s', () => {
    const first = run(hrDialled.slice(0, 1));
    expect(first.state.call?.phase).toBe('dialling');
    expect(first.effects).toEqual([{ type: 'open', callId: 'c1', peer: SEEKER }]);
    expect(sent(first.effects)).toEqual([]);
    const { state, effects } = run(hrDialled);
    expect(sent(effects)).toEqual([{ to: SEEKER, action: ACTION.dialing, roomId: '77', duration: 0 }]);
    expect(effects).toContainEqual({ type: 'timer', callId: 'c1', ms: DIAL_TIMEOUT_MS });
    expect(engaged(state.call)).toBe(true);
  });

  it('accepted: calling, with the timer cleared; hangup sends the duration in seconds and leaves the room', () => {
    const { state } = run([...hrDialled, signal(ACTION.accepted, SEEKER, { roomId: '77' })]);
    expect(state.call?.phase).toBe('calling');
    const at = state.call!.acceptedAt;
    const end = reduce(state, { type: 'hangup' }, at + 201_400);
    expect(end.state.call).toBeNull();
    expect(sent(end.effects)).toEqual([{ to: SEEKER, action: ACTION.hangup, roomId: '77', duration: 201 }]);
    expect(has(end.effects, 'leave')).toBe(true);
  });

  it('cancel while dialling sends cancel; before the room opened it sends nothing', () => {
    const { state, effects } = run([...hrDialled, { type: 'cancel' }]);
    expect(state.call).toBeNull();
    expect(sent(effects).at(-1)?.action).toBe(ACTION.cancel);
    expect(has(effects, 'leave')).toBe(true);
    const early = run([hrDialled[0]!, { type: 'cancel' }]);
    expect(sent(early.effects)).toEqual([]);
    expect(has(early.effects, 'leave')).toBe(true);
    // The room that opened after all is left at once.
    const late = reduce(early.state, { type: 'opened', callId: 'c1', roomId: '77' }, 0);
    expect(late.effects).toEqual([{ type: 'leave' }]);
  });

  it('60 s without an answer: timeout is sent, the room left, the HR told', () => {
    const { state, effects } = run([...hrDialled, { type: 'timer', callId: 'c1' }]);
    expect(state.call).toBeNull();
    expect(sent(effects).at(-1)?.action).toBe(ACTION.timeout);
    expect(notices(effects)).toContain(CALL_MSG.noAnswer);
  });

  it("refused, busy or the callee's device failing: idle, the room left, each with its words", () => {
    for (const [action, words] of [[ACTION.reject, CALL_MSG.refused], [ACTION.busy, CALL_MSG.busy], [ACTION.error, CALL_MSG.peerFailed]] as const) {
      const { state, effects } = run([...hrDialled, signal(action, SEEKER)]);
      expect(state.call).toBeNull();
      expect(has(effects, 'leave')).toBe(true);
      expect(notices(effects)).toEqual([words]);
    }
  });

  it('a signal of another call or from someone else changes nothing', () => {
    const { state } = run([...hrDialled, signal(ACTION.reject, SEEKER, { callId: 'other' }), signal(ACTION.reject, OTHER)]);
    expect(state.call?.phase).toBe('dialling');
  });

  it('opening the room fails: idle with the reason, nothing sent', () => {
    const { state, effects } = run([hrDialled[0]!, { type: 'failed', callId: 'c1', text: '单位信息未审核' }]);
    expect(state.call).toBeNull();
    expect(sent(effects)).toEqual([]);
    expect(notices(effects)).toEqual(['单位信息未审核']);
  });

  it('a second call while one is on is refused here', () => {
    const { state, effects } = run([...hrDialled, { type: 'dial', peer: OTHER, peerName: '', callId: 'c2' }]);
    expect(state.call?.callId).toBe('c1');
    expect(notices(effects)).toEqual([CALL_MSG.busyHere]);
  });
});

describe('the seeker is called', () => {
  it("dialing rings (isDialled) until answered, with a safety timer beyond the caller's 60 s", () => {
    const { state, effects } = run(seekerRinging);
    expect(state.call).toMatchObject({ phase: 'isDialled', peer: HR, roomId: '77', outgoing: false });
    expect(engaged(state.call)).toBe(false);
    const timer = effects.find((e) => e.type === 'timer');
    expect(timer && timer.type === 'timer' && timer.ms).toBeGreaterThan(DIAL_TIMEOUT_MS);
  });

  it('accept enters the room; once in, accepted goes out and the call runs', () => {
    const accepting = run([...seekerRinging, { type: 'accept' }]);
    expect(accepting.effects).toContainEqual({ type: 'enter', callId: 'c1', roomId: '77' });
    expect(engaged(accepting.state.call)).toBe(true);
    expect(sent(accepting.effects)).toEqual([]);
    const { state, effects } = run([{ type: 'entered', callId: 'c1' }], accepting.state);
    expect(state.call?.phase).toBe('calling');
    expect(sent(effects)).toEqual([{ to: HR, action: ACTION.accepted, roomId: '77', duration: 0 }]);
  });

  it('refuse sends reject', () => {
    const { state, effects } = run([...seekerRinging, { type: 'refuse' }]);
    expect(state.call).toBeNull();
    expect(sent(effects)).toEqual([{ to: HR, action: ACTION.reject, roomId: '77', duration: 0 }]);
  });

  it('the devices fail on accept: idle, the error action to the caller, the device message here', () => {
    const words = '请确认已连接摄像头和麦克风并授予其访问权限！';
    const { state, effects } = run([...seekerRinging, { type: 'accept' }, { type: 'failed', callId: 'c1', text: words }]);
    expect(state.call).toBeNull();
    expect(sent(effects)).toEqual([{ to: HR, action: ACTION.error, roomId: '77', duration: 0 }]);
    expect(has(effects, 'leave')).toBe(true);
    expect(notices(effects)).toEqual([words]);
  });

  it('the caller cancels or times out: the prompt goes', () => {
    for (const action of [ACTION.cancel, ACTION.timeout]) {
      const { state, effects } = run([...seekerRinging, signal(action, HR, { roomId: '77' })]);
      expect(state.call).toBeNull();
      expect(sent(effects)).toEqual([]);
    }
  });

  it('cancel racing accept: the callee already entering leaves the room and is told', () => {
    const { state, effects } = run([...seekerRinging, { type: 'accept' }, signal(ACTION.cancel, HR, { roomId: '77' })]);
    expect(state.call).toBeNull();
    expect(has(effects, 'leave')).toBe(true);
    expect(notices(effects)).toContain(CALL_MSG.cancelled);
    // And the caller, idle by then, ignores the late accepted.
    const caller = run([...hrDialled, { type: 'cancel' }, signal(ACTION.accepted, SEEKER, { roomId: '77' })]);
    expect(caller.state.call).toBeNull();
    // The room the callee then reports entered is left at once.
    expect(reduce(state, { type: 'entered', callId: 'c1' }, 0).effects).toEqual([{ type: 'leave' }]);
  });

  it("timeout racing the answer: a callee already entering (or in) the room stops, leaves it and is told why", () => {
    const entering = run([...seekerRinging, { type: 'accept' }, signal(ACTION.timeout, HR, { roomId: '77' })]);
    expect(entering.state.call).toBeNull();
    expect(has(entering.effects, 'leave')).toBe(true);
    expect(notices(entering.effects)).toEqual([CALL_MSG.timedOut]);
    const inCall = run([...seekerRinging, { type: 'accept' }, { type: 'entered', callId: 'c1' }, signal(ACTION.timeout, HR, { roomId: '77' })]);
    expect(inCall.state.call).toBeNull();
    expect(has(inCall.effects, 'leave')).toBe(true);
  });

  it("hangup racing timeout: the caller's minute is up while the callee hangs up at once; the caller, idle, ignores the late signals", () => {
    const hr = run([...hrDialled, { type: 'timer', callId: 'c1' }]);
    expect(hr.state.call).toBeNull();
    const late = run([signal(ACTION.accepted, SEEKER), signal(ACTION.hangup, SEEKER, { duration: 1 })], hr.state);
    expect(late.state.call).toBeNull();
    expect(late.effects).toEqual([]);
  });

  it("the callee entering the room gives them a shorter, fresh wait for 'accepted' instead of the rest of the minute", () => {
    const { state, effects } = run([...hrDialled, { type: 'peerEntered', callId: 'c1' }]);
    expect(state.call?.phase).toBe('dialling');
    expect(effects.at(-1)).toEqual({ type: 'timer', callId: 'c1', ms: ANSWER_GRACE_MS });
  });

  it('the caller hangs up: idle, with the duration in the notice', () => {
    const { state, effects } = run([...seekerRinging, { type: 'accept' }, { type: 'entered', callId: 'c1' }, signal(ACTION.hangup, HR, { duration: 201 })]);
    expect(state.call).toBeNull();
    expect(notices(effects)).toEqual([CALL_MSG.ended(201)]);
  });

  it('a dial that is history (not fresh) does not ring', () => {
    expect(run([signal(ACTION.dialing, HR, { roomId: '77', fresh: false })]).state.call).toBeNull();
  });

  it('unanswered past the safety timer: the prompt goes by itself', () => {
    expect(run([...seekerRinging, { type: 'timer', callId: 'c1' }]).state.call).toBeNull();
  });
});

describe('line busy', () => {
  it('a dial reaching someone in a call is answered line busy once, and the call goes on', () => {
    const inCall = run([...hrDialled, signal(ACTION.accepted, SEEKER)]).state;
    const { state, effects } = run([signal(REQUEST.ask, OTHER, { callId: 'c9' })], inCall);
    expect(state.call?.callId).toBe('c1');
    expect(effects).toEqual([{ type: 'send', to: OTHER, signal: expect.objectContaining({ action: ACTION.busy, call_id: 'c9' }), once: true }]);
  });

  it('a dial while ringing is busy too', () => {
    const { effects } = run([...seekerRinging, signal(ACTION.dialing, OTHER, { callId: 'c9', roomId: '88' })]);
    expect(sent(effects)).toEqual([{ to: OTHER, action: ACTION.busy, roomId: '88', duration: 0 }]);
  });

  it('another page of the same person in a call: this page neither rings nor answers (that page does)', () => {
    const elsewhere = run([{ type: 'elsewhere', callId: 'c1' }]).state;
    const { state, effects } = run([signal(ACTION.dialing, OTHER, { callId: 'c9', roomId: '88' })], elsewhere);
    expect(state.call).toBeNull();
    expect(effects).toEqual([]);
  });

  it('another page answered the call ringing here: the prompt goes', () => {
    const ringing = run(seekerRinging).state;
    expect(run([{ type: 'elsewhere', callId: 'c1' }], ringing).state.call).toBeNull();
    // Or, from another device, our own accepted arrives through chat.
    const mine = run([signal(ACTION.accepted, HR, { mine: true })], ringing);
    expect(mine.state.call).toBeNull();
    expect(notices(mine.effects)).toEqual([CALL_MSG.handledElsewhere]);
  });
});

describe('the job seeker asks for an interview', () => {
  const asked: CallEvent[] = [{ type: 'ask', peer: HR, peerName: '王经理', callId: 'r1', me: SEEKER, myName: '张三' }];

  it('sends QZ_REQ with who asks, and waits about 70 s', () => {
    const { state, effects } = run(asked);
    expect(state.call).toMatchObject({ phase: 'dialling', request: true, outgoing: true });
    const request = effects.find((e) => e.type === 'send');
    expect(request?.type === 'send' && request.signal).toMatchObject({ action: REQUEST.ask, userID: SEEKER, nickname: '张三', call_id: 'r1' });
    expect(effects).toContainEqual({ type: 'timer', callId: 'r1', ms: REQUEST_WAIT_MS });
  });

  it('no answer in time: the request is cancelled and the seeker told', () => {
    const { state, effects } = run([...asked, { type: 'timer', callId: 'r1' }]);
    expect(state.call).toBeNull();
    expect(sent(effects).at(-1)?.action).toBe(ACTION.cancel);
    expect(notices(effects)).toEqual([CALL_MSG.noReply]);
  });

  it('the HR agrees (HR ok with the room): the seeker enters by itself and sends accepted', () => {
    const { state, effects } = run([...asked, signal(REQUEST.ok, HR, { callId: 'r1', roomId: '55' })]);
    expect(effects).toContainEqual({ type: 'enter', callId: 'r1', roomId: '55' });
    const inCall = run([{ type: 'entered', callId: 'r1' }], state);
    expect(inCall.state.call?.phase).toBe('calling');
    expect(sent(inCall.effects)).toEqual([{ to: HR, action: ACTION.accepted, roomId: '55', duration: 0 }]);
  });

  it('the HR refuses: 对方已拒绝视频面试', () => {
    const { state, effects } = run([...asked, signal(REQUEST.hrRefuse, HR, { callId: 'r1' })]);
    expect(state.call).toBeNull();
    expect(notices(effects)).toEqual(['对方已拒绝视频面试']);
  });

  it('the HR is busy: line busy ends the wait', () => {
    const { state, effects } = run([...asked, signal(ACTION.busy, HR, { callId: 'r1' })]);
    expect(state.call).toBeNull();
    expect(notices(effects)).toEqual([CALL_MSG.busy]);
  });
});

describe('the HR answers a request', () => {
  const prompt = [signal(REQUEST.ask, SEEKER, { callId: 'r1' })];

  it("同意 opens a room for the seeker and sends HR ok with it; the seeker's accepted starts the call", () => {
    const agreeing = run([...prompt, { type: 'accept' }]);
    expect(agreeing.effects).toContainEqual({ type: 'open', callId: 'r1', peer: SEEKER });
    const opened = run([{ type: 'opened', callId: 'r1', roomId: '55' }], agreeing.state);
    expect(sent(opened.effects)).toEqual([{ to: SEEKER, action: REQUEST.ok, roomId: '55', duration: 0 }]);
    const inCall = run([signal(ACTION.accepted, SEEKER, { callId: 'r1', roomId: '55' })], opened.state);
    expect(inCall.state.call?.phase).toBe('calling');
  });

  it('拒绝 sends hr_jujue', () => {
    const { state, effects } = run([...prompt, { type: 'refuse' }]);
    expect(state.call).toBeNull();
    expect(sent(effects).map((s) => s.action)).toEqual([REQUEST.hrRefuse]);
  });

  it('the seeker gives up first: the prompt goes', () => {
    expect(run([...prompt, signal(ACTION.cancel, SEEKER, { callId: 'r1' })]).state.call).toBeNull();
  });

  it('the prompt goes by itself after about 70 s', () => {
    const { effects } = run(prompt);
    expect(effects).toContainEqual({ type: 'timer', callId: 'r1', ms: REQUEST_WAIT_MS });
    expect(run([...prompt, { type: 'timer', callId: 'r1' }]).state.call).toBeNull();
  });

  it('the room cannot open after agreeing: the seeker hears the error action', () => {
    const { effects } = run([...prompt, { type: 'accept' }, { type: 'failed', callId: 'r1', text: '非付费会员…' }]);
    expect(sent(effects).map((s) => s.action)).toEqual([ACTION.error]);
  });
});

describe('the room ends under the call', () => {
  it("the free HR's 20 minutes: the HR records a hangup with the duration, both are told why, both idle", () => {
    const hr = run([...hrDialled, signal(ACTION.accepted, SEEKER), { type: 'ended', callId: 'c1', text: '面试时间已到，房间已关闭' }]);
    expect(hr.state.call).toBeNull();
    expect(sent(hr.effects).at(-1)?.action).toBe(ACTION.hangup);
    expect(notices(hr.effects)).toEqual(['面试时间已到，房间已关闭']);
    const seeker = run([...seekerRinging, { type: 'accept' }, { type: 'entered', callId: 'c1' }, { type: 'ended', callId: 'c1', text: '面试时间已到，房间已关闭' }]);
    expect(seeker.state.call).toBeNull();
    expect(sent(seeker.effects).map((s) => s.action)).toEqual([ACTION.accepted]);
    expect(notices(seeker.effects)).toEqual(['面试时间已到，房间已关闭']);
  });

  it("the other person left the room: their hangup is awaited a moment; if none comes (page closed), this side records it", () => {
    const gone = run([...hrDialled, signal(ACTION.accepted, SEEKER), { type: 'peerLeft', callId: 'c1' }]);
    expect(gone.state.call?.phase).toBe('calling');
    expect(gone.effects).toContainEqual({ type: 'timer', callId: 'c1', ms: PEER_GONE_MS });
    // Their hangup arrives: ended by it, nothing sent from here.
    const hungUp = run([signal(ACTION.hangup, SEEKER, { duration: 3 })], gone.state);
    expect(hungUp.state.call).toBeNull();
    expect(sent(hungUp.effects)).toEqual([]);
    // They come back within the moment: the call goes on.
    const back = run([{ type: 'peerEntered', callId: 'c1' }, { type: 'timer', callId: 'c1' }], gone.state);
    expect(back.state.call?.phase).toBe('calling');
    expect(sent(back.effects)).toEqual([]);
    // It does not: this side sends the hangup.
    const { state, effects } = run([{ type: 'timer', callId: 'c1' }], gone.state);
    expect(state.call).toBeNull();
    expect(sent(effects).at(-1)?.action).toBe(ACTION.hangup);
    expect(notices(effects)).toEqual([CALL_MSG.peerLeft]);
  });
});

describe('the page goes (logout, chat closed): abort ends any call properly', () => {
  it('calling: hangup with the duration; dialling: cancel; ringing: reject; answering: error; each leaves the room', () => {
    const calling = run([...hrDialled, signal(ACTION.accepted, SEEKER), { type: 'abort' }]);
    expect(calling.state.call).toBeNull();
    expect(sent(calling.effects).at(-1)?.action).toBe(ACTION.hangup);
    expect(sent(run([...hrDialled, { type: 'abort' }]).effects).at(-1)?.action).toBe(ACTION.cancel);
    expect(sent(run([...seekerRinging, { type: 'abort' }]).effects)).toEqual([{ to: HR, action: ACTION.reject, roomId: '77', duration: 0 }]);
    const answering = run([...seekerRinging, { type: 'accept' }, { type: 'abort' }]);
    expect(sent(answering.effects).at(-1)?.action).toBe(ACTION.error);
    expect(has(answering.effects, 'leave')).toBe(true);
    expect(run([{ type: 'abort' }]).effects).toEqual([]);
  });

  it('an HR who agreed to a request and gives up before the room is open tells the waiting seeker', () => {
    const agreeing = [signal(REQUEST.ask, SEEKER, { callId: 'r1' }), { type: 'accept' }] as CallEvent[];
    expect(sent(run([...agreeing, { type: 'cancel' }]).effects).map((x) => x.action)).toEqual([ACTION.error]);
    expect(sent(run([...agreeing, { type: 'abort' }]).effects).map((x) => x.action)).toEqual([ACTION.error]);
  });
});

describe('the refusal and a reload', () => {
  it('a refused call reads the spec words 对方已拒绝视频面试', () => {
    const { state, effects } = run([...hrDialled, signal(ACTION.reject, SEEKER, { roomId: '77' })]);
    expect(state.call).toBeNull();
    expect(notices(effects)).toEqual(['对方已拒绝视频面试']);
    expect(CALL_MSG.refused).toBe('对方已拒绝视频面试');
  });

  const back = (more: Partial<Extract<CallEvent, { type: 'resume' }>> = {}): CallEvent => ({
    type: 'resume', callId: 'c1', peer: SEEKER, peerName: '张三', roomId: '77', outgoing: true, ended: false, peerIn: true, meIn: true, since: null, ...more,
  });

  it('a page reloaded in a call comes back into it: calling again, back into the room, no signal sent', () => {
    const { state, effects } = run([back()]);
    expect(state.call).toMatchObject({ phase: 'calling', callId: 'c1', peer: SEEKER, roomId: '77', outgoing: true });
    expect(effects).toContainEqual({ type: 'rejoin', callId: 'c1', roomId: '77', owner: true });
    expect(sent(effects)).toEqual([]);
    expect(notices(effects)).toEqual([]);
    // the hangup afterwards is the usual one
    expect(sent(reduce(state, { type: 'hangup' }, 2_000_000).effects)[0]).toMatchObject({ to: SEEKER, action: ACTION.hangup, roomId: '77' });
    // not over a call already under way
    const busy = run([...hrDialled, { ...back(), callId: 'c9', peer: OTHER, roomId: '78', outgoing: false } as CallEvent]);
    expect(busy.state.call?.callId).toBe('c1');
  });

  it("after a reload the hangup's duration counts from when both were first in, not from the reload", () => {
    // Both in since 100 s before the reload (on this page's clock).
    const { state } = run([back({ since: 900_000 })], IDLE, 1_000_000);
    expect(sent(reduce(state, { type: 'hangup' }, 1_030_000).effects)[0]).toMatchObject({ action: ACTION.hangup, duration: 130 });
    // unknown, or in the future (clocks apart): from now
    const unknown = run([back({ since: null })], IDLE, 1_000_000).state;
    expect(sent(reduce(unknown, { type: 'hangup' }, 1_030_000).effects)[0]).toMatchObject({ duration: 30 });
    const ahead = run([back({ since: 1_005_000 })], IDLE, 1_000_000).state;
    expect(sent(reduce(ahead, { type: 'hangup' }, 1_030_000).effects)[0]).toMatchObject({ duration: 30 });
  });

  it('the other person hung up while this page was away: no call, said so, and the place still held here is given up', () => {
    const { state, effects } = run([back({ peerIn: false })]);
    expect(state.call).toBeNull();
    expect(has(effects, 'rejoin')).toBe(false);
    expect(sent(effects)).toEqual([]);
    expect(notices(effects)).toEqual([CALL_MSG.hungUpMeanwhile]);
    expect(effects).toContainEqual({ type: 'release', roomId: '77' });
    // this page's place had gone already (away past the grace): nothing to give up
    expect(has(run([back({ peerIn: false, meIn: false })]).effects, 'release')).toBe(false);
  });

  it('the room ended while this page was away: no call, said so', () => {
    const { state, effects } = run([back({ ended: true, peerIn: false, meIn: false })]);
    expect(state.call).toBeNull();
    expect(has(effects, 'rejoin')).toBe(false);
    expect(has(effects, 'release')).toBe(false);
    expect(notices(effects)).toEqual([CALL_MSG.endedMeanwhile]);
  });
});
