import { INVITATION_ANSWERS, INTERVIEW_RESULTS } from '@zp/core/routes';
import type { Tone } from './ui';

/** Job post states (zt) as the enterprise sees them. */
export const JOB_STATE_TEXT: Record<number, string> = { 0: '草稿', 1: '招聘中', 2: '已关闭', 3: '已下架' };
export const JOB_STATE_TONE: Record<number, Tone> = { 0: 'info', 1: 'success', 2: 'warning', 3: 'danger' };
/** The same states as HR's job replies carry them (gwzt, a string): '1' (under review) does not occur here. */
export const GWZT_TEXT: Record<string, string> = { '0': '草稿', '1': '审核中', '2': '招聘中', '3': '已下架', '4': '已关闭' };
export const GWZT_TONE: Record<string, Tone> = { '0': 'info', '1': 'warning', '2': 'success', '3': 'danger', '4': 'warning' };

export { applicationText } from '../common/ApplicationState';

export const answerText = (zt: number): string => (INVITATION_ANSWERS as Record<number, string>)[zt] ?? '';
export const ANSWER_TONE: Record<number, Tone> = { 0: 'warning', 1: 'success', 2: 'danger' };
export const resultText = (msjg: number): string => (INTERVIEW_RESULTS as Record<number, string>)[msjg] ?? '';

/** Enterprise approval (shzt): -1 none, 0 pending, 1 approved, 2 rejected. */
export const COMPANY_STATE_TEXT: Record<number, string> = { [-1]: '未登记', 0: '审核中', 1: '审核通过', 2: '审核未通过' };
export const COMPANY_STATE_TONE: Record<number, Tone> = { [-1]: 'info', 0: 'primary', 1: 'success', 2: 'danger' };

/** Fairs: ifks 1 not started, 2 running, 3 ended. */
export { FAIR_STATE_TEXT } from '@zp/core/rules/fairs';
export const FAIR_STATE_TONE: Record<number, Tone> = { 1: 'primary', 2: 'success', 3: 'info' };
export const fairKindText = (sfgy: number | undefined, zwf: number | undefined): string =>
  sfgy === 2 ? `收费场次 · 展位费 ${zwf ?? 0} 元/场` : '公益场次（免费）';
