import { describe, expect, it } from 'vitest';
import { badgeText } from './badge.js';
import { isPhone, phoneError, PHONE_FORMAT_MSG } from './phone.js';
import { MIN_COMPLETENESS, RESUME_INCOMPLETE_MSG, resumeComplete } from './resume.js';
import { fairState } from './fairs.js';
import { RTC_FREE_LIMIT_SECONDS, RTC_FREE_NOTICE, interviewSecondsLeft } from './interview.js';

describe('the rules every page, widget and the server share', () => {
  it('a badge shows nothing at zero and stops at 99+', () => {
    expect([0, -1, 1, 99, 100, 12345].map(badgeText)).toEqual(['', '', '1', '99', '99+', '99+']);
  });

  it('a mobile number is 11 digits from 13x to 19x; the field says what is wrong', () => {
    expect(['13800000001', '19912345678'].every(isPhone)).toBe(true);
    expect(['12800000001', '1380000000', '138000000011', ' 13800000001', '1380000000a'].some(isPhone)).toBe(false);
    expect(phoneError('')).toBe('请输入手机号');
    expect(phoneError('', '请输入新手机号')).toBe('请输入新手机号');
    expect(phoneError('123')).toBe(PHONE_FORMAT_MSG);
    expect(phoneError('13800000001')).toBeUndefined();
  });

  it('a résumé counts as complete from 60 %, and the refusal names the number', () => {
    expect(MIN_COMPLETENESS).toBe(60);
    expect([59, 60, 100].map(resumeComplete)).toEqual([false, true, true]);
    expect(RESUME_INCOMPLETE_MSG).toBe('简历完成度不足60%,请先完善简历');
  });

  it("a fair's state by its Beijing times: before, during (ends included), after", () => {
    const fair = { hykssj: '2026-11-28 09:00:00', hyjssj: '2026-11-28 17:00:00' };
    const at = (t: string) => Date.parse(`${t}+08:00`);
    expect(fairState(fair, at('2026-11-28T08:59:59'))).toBe(1);
    expect(fairState(fair, at('2026-11-28T17:00:00'))).toBe(2);
    expect(fairState(fair, at('2026-11-28T17:00:01'))).toBe(3);
    expect(fairState({ hykssj: 'x', hyjssj: 'y', ifks: 3 })).toBe(3);
  });

  it("a free HR's interview is 20 minutes, and the notice says so", () => {
    expect(RTC_FREE_LIMIT_SECONDS).toBe(1200);
    expect(RTC_FREE_NOTICE).toBe('非付费会员每次视频面试仅限20分钟，且同一HR每天只能与同一求职者进行一次视频面试（20分钟）');
  });

  it('the time left of an interview never reads more than the whole interview, and runs out at its end', () => {
    const startedAt = 1_000_000;
    const endsAt = startedAt + RTC_FREE_LIMIT_SECONDS * 1000;
    // The server's clock as read here two seconds short: still 20:00, not 20:02.
    expect(interviewSecondsLeft(endsAt, startedAt - 2000, startedAt)).toBe(1200);
    expect(interviewSecondsLeft(endsAt, startedAt + 60_000, startedAt)).toBe(1140);
    expect(interviewSecondsLeft(endsAt, endsAt + 1000, startedAt)).toBe(-1);
    // Not begun on the server's record: what the end says.
    expect(interviewSecondsLeft(endsAt, startedAt - 2000, null)).toBe(1202);
  });
});
