import { describe, expect, it } from 'vitest';
import { ACTION, REQUEST, callListText, callSignal, callText, hallText, parseCallSignal, parseHallMessage } from './protocol.js';

describe('call signals', () => {
  it('round-trip with the fields of the previous clients', () => {
    const s = callSignal('abc-1', ACTION.hangup, '10', { roomId: '77', duration: 201 });
    expect(JSON.parse(JSON.stringify(s))).toEqual({ roomId: '77', call_id: 'abc-1', action: 5, version: 4, invited_list: ['10'], duration: 201 });
    expect(parseCallSignal(JSON.stringify(s))).toEqual(s);
  });

  it('read room_id and numeric rooms of older clients, and the request variant', () => {
    expect(parseCallSignal('{"room_id":12,"call_id":"x","action":0,"version":0,"invited_list":[]}')?.roomId).toBe('12');
    expect(parseCallSignal('{"roomId":"","call_id":"r","action":"QZ_REQ","userID":"10","nickname":"张三"}')).toMatchObject({ action: REQUEST.ask, userID: '10', nickname: '张三' });
  });

  it('refuse what is not a call: other JSON, unknown actions, bad ids, junk', () => {
    for (const data of [undefined, '', 'hello', '[]', 'null', '{"action":9,"call_id":"x"}', '{"action":"dance","call_id":"x"}', '{"action":0}', '{"action":0,"call_id":"a b"}', '{"type":"yaoyue","roomId":"1"}', `{"action":0,"call_id":"${'x'.repeat(5000)}"}`]) {
      expect(parseCallSignal(data)).toBeNull();
    }
  });

  it('read as the record lines of the conversation, never JSON', () => {
    const line = (action: Parameters<typeof callSignal>[1], mine: boolean, duration = 0) => callText(callSignal('c', action, '1', { duration }), mine);
    expect(line(ACTION.cancel, true)).toBe('已取消');
    // the spec's words for a refused call (section 8), for the caller and the one who refused
    expect(line(ACTION.reject, false)).toBe('对方已拒绝视频面试');
    expect(line(ACTION.reject, true)).toBe('已拒绝视频面试');
    expect(line(ACTION.timeout, false)).toBe('未接听');
    expect(line(ACTION.hangup, false, 201)).toBe('通话时长 00:03:21');
    expect(line(ACTION.busy, false)).toBe('对方忙线中');
    expect(line(REQUEST.hrRefuse, false)).toBe('对方已拒绝视频面试');
    expect(callListText(JSON.stringify(callSignal('c', ACTION.hangup, '1', { duration: 5 })), true)).toBe('[视频通话] 通话时长 00:00:05');
    expect(callListText('{"text":"hi"}', true)).toBeNull();
  });
});

describe('the older hall messages', () => {
  it('are understood and shown in words, an invitation with its room', () => {
    const inv = parseHallMessage('{"type":"yaoqing","roomId":123,"promoterId":"20","nickname":"王经理"}')!;
    expect(hallText(inv, false)).toEqual({ text: '王经理邀请您进入视频面试房间（房间号 123）', room: '123' });
    expect(hallText(parseHallMessage('{"type":"jujue","roomId":"1"}')!, false).text).toBe('对方已拒绝视频面试');
    expect(hallText(parseHallMessage('{"type":"shijian","roomId":"1"}')!, false).text).toBe('视频面试时间已到，房间已关闭');
    expect(hallText(parseHallMessage('{"type":"shenqing","nickname":"张三"}')!, false).text).toBe('张三申请视频面试');
    expect(hallText(parseHallMessage('{"type":"tongyi","roomId":"9"}')!, false)).toEqual({ text: '对方已同意视频面试', room: '9' });
    expect(parseHallMessage('{"type":"other"}')).toBeNull();
  });
});
