/**
 * How long interview recordings are kept: the operator sets it in the console (网站信息 → 视频面试
 * 录像); until then RTC_RECORDING_DAYS (30). Lowering it deletes what is now too old at once,
 * not at the next hourly sweep; every change is in the operator log with before and after.
 */
import { one, sql } from '../../../db/index.js';
import type { Services } from '../../../services.js';
import { logOperatorAction } from '../../admin/public.js';
import type { Recordings } from './recordings.js';

export async function recordingDays(s: Services): Promise<number> {
  const r = await one<{ days: number }>(s.db, sql`select recording_days as days from rtc_settings`);
  return r?.days ?? s.config.janus.recordingDays;
}

/** The recordings kept now (ready to play), for the console. */
export async function recordingsKept(s: Services): Promise<number> {
  const r = await one<{ n: number }>(s.db, sql`select count(*)::int as n from rtc_recordings where state = 'ready'`);
  return r?.n ?? 0;
}

export async function setRecordingDays(s: Services, recordings: Recordings, operatorId: string, days: number): Promise<{ recordingDays: number; deleted: number }> {
  const before = await recordingDays(s);
  await s.db.execute(
    sql`insert into rtc_settings (id, recording_days, updated_at) values (true, ${days}, now())
        on conflict (id) do update set recording_days = excluded.recording_days, updated_at = excluded.updated_at`,
  );
  await logOperatorAction(s.db, operatorId, 'rtc.recordingDays', '视频面试录像', { before, after: days });
  return { recordingDays: days, deleted: await recordings.expire(days) };
}
