/**
 * Recording an interview, only with consent: the room's promoter asks; everyone in the room (and
 * whoever comes later) is asked 是否同意录制本次面试？; recording starts once everyone present
 * agreed, and anyone's "no" (then or later) stops it at once. Every answer is kept. When it stops
 * (or the room ends) the streams Janus wrote become one MP4 in the background, stored through the
 * files module, which the enterprise's HR and the job seekers who were in the room may open and
 * nobody else; the HR may delete it, and it is deleted after the retention the operator sets.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FileKind, deleteFile, fileOf, readableUrl, receiveFile } from '../../files/public.js';
import { one, rows, sql } from '../../../db/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../../http/reply.js';
import type { Services } from '../../../services.js';
import { hrOfRoom, rtcTopic, type RoomEvent } from '../rooms.js';
import { compose, durationOf, streamsOf } from './compose.js';

/** Pause between the end of recording and reading its files (Janus closes them as handles go). */
const SETTLE_MS = 1500;
const MAX_BYTES = 4 * 1024 ** 3;

type RecordState = 'asking' | 'recording' | 'declined' | 'processing' | 'ready' | 'failed' | 'deleted';

export interface Live {
  id: number;
  state: 'asking' | 'recording';
  askedBy: string;
  /** present members who have agreed */
  agreed: string[];
  /** present members who have not answered yet */
  pending: string[];
}

export interface RecordingItem {
  id: number;
  roomId: number;
  state: RecordState;
  progress: number;
  seconds: number | null;
  askedAt: number;
  /** the caller may delete it (the enterprise's HR) */
  canDelete: boolean;
}

const ms = (v: string | number | null) => (v === null ? null : Number(v));

export class Recordings {
  readonly rawDir: string;
  private topic: string;

  constructor(private s: Services) {
    this.rawDir = path.join(s.config.dataDir, 'recordings');
    // Janus writes here; made once rather than at every publication.
    fs.mkdirSync(this.rawDir, { recursive: true });
    this.topic = rtcTopic(s, 'ev');
  }

  private get db() {
    return this.s.db;
  }

  /** The recording being asked for or running in a room, with who agreed and who has yet to answer. */
  async live(roomId: string): Promise<Live | null> {
    const r = await one<{ id: string; state: 'asking' | 'recording'; asked_by: string }>(
      this.db,
      sql`select id::text as id, state, asked_by::text as asked_by from rtc_recordings where room_id = ${roomId} and state in ('asking', 'recording')`,
    );
    if (!r) return null;
    const people = await rows<{ u: string; agreed: boolean | null }>(
      this.db,
      sql`select m.user_id::text as u, c.agreed from rtc_room_members m
          left join rtc_recording_consents c on c.recording_id = ${r.id} and c.user_id = m.user_id
          where m.room_id = ${roomId} and m.left_at is null and m.session <> '' order by m.joined_at, m.id`,
    );
    return {
      id: Number(r.id),
      state: r.state,
      askedBy: r.asked_by,
      agreed: people.filter((p) => p.agreed === true).map((p) => p.u),
      pending: people.filter((p) => p.agreed === null).map((p) => p.u),
    };
  }

  /** The promoter asks to record; their own consent is the asking. */
  async ask(roomId: string, userId: string, promoterId: string): Promise<void> {
    if (userId !== promoterId) throw forbidden('只有房间发起人可以申请录制');
    // One asked for or running per room: the unique index says so, no read first.
    const now = new Date().toISOString();
    const r = await one<{ id: string }>(
      this.db,
      sql`insert into rtc_recordings (room_id, asked_by, asked_at, state) values (${roomId}, ${userId}, ${now}::timestamptz, 'asking')
          on conflict do nothing returning id::text as id`,
    );
    if (!r) throw conflict('本房间正在申请录制或录制中');
    await this.db.execute(sql`insert into rtc_recording_consents (recording_id, user_id, agreed, answered_at) values (${r.id}, ${userId}, true, ${now}::timestamptz)`);
    await this.settle(roomId);
  }

  /** A person answers (or changes their mind): a "no" ends the asking, or stops the recording at once. */
  async answer(roomId: string, userId: string, agree: boolean): Promise<void> {
    const live = await this.live(roomId);
    if (!live) throw badRequest('当前没有录制申请');
    const now = new Date().toISOString();
    await this.db.execute(sql`insert into rtc_recording_consents (recording_id, user_id, agreed, answered_at) values (${live.id}, ${userId}, ${agree}, ${now}::timestamptz)
      on conflict (recording_id, user_id) do update set agreed = excluded.agreed, answered_at = excluded.answered_at`);
    if (agree) return this.settle(roomId);
    const name = await this.nameOf(userId);
    await this.stop(roomId, live.state === 'asking' ? 'declined' : 'withdrawn', `${name}不同意录制，${live.state === 'asking' ? '本次不录制' : '录制已停止'}`);
  }

  /** The promoter stops recording (or takes the request back). */
  async stopByPromoter(roomId: string, userId: string, promoterId: string): Promise<void> {
    if (userId !== promoterId) throw forbidden('只有房间发起人可以停止录制');
    if (!(await this.live(roomId))) throw badRequest('当前没有录制');
    await this.stop(roomId, 'stopped', '录制已停止');
  }

  /**
   * After any change of answers or of who is present: recording starts when nobody present is
   * left to answer; everyone hears the state.
   */
  async settle(roomId: string): Promise<void> {
    const live = await this.live(roomId);
    if (!live) return;
    if (live.state === 'asking' && !live.pending.length) {
      const started = await one(
        this.db,
        sql`update rtc_recordings set state = 'recording', started_at = now() where id = ${live.id} and state = 'asking' returning id`,
      );
      if (started) live.state = 'recording';
    }
    await this.tell({ k: 'record', r: roomId, id: live.id, state: live.state, by: live.askedBy, agreed: live.agreed, pending: live.pending, msg: '' });
  }

  /**
   * Ends the asking or the recording (withdrawn, stopped, the room ended, or declined while
   * asking). A recording that ran is composed in the background by whichever node ended it.
   */
  async stop(roomId: string, cause: 'declined' | 'withdrawn' | 'stopped' | 'ended', msg = ''): Promise<void> {
    const r = await one<{ id: string; was: string; by: string }>(
      this.db,
      sql`update rtc_recordings x set state = case when x.state = 'recording' then 'processing' else 'declined' end,
            stopped_at = now(), stop_cause = ${cause}
          from (select id, state as was from rtc_recordings where room_id = ${roomId} and state in ('asking', 'recording') for update) old
          where x.id = old.id returning x.id::text as id, old.was as was, x.asked_by::text as by`,
    );
    if (!r) return;
    await this.tell({ k: 'record', r: roomId, id: Number(r.id), state: 'off', by: r.by, agreed: [], pending: [], msg });
    if (r.was === 'recording') {
      const t = setTimeout(() => void this.process(Number(r.id)), SETTLE_MS);
      t.unref();
    }
  }

  /** The files Janus wrote become one MP4 in the files module; progress is kept for the list. */
  async process(id: number): Promise<void> {
    const work = path.join(this.rawDir, `work-${id}-${crypto.randomBytes(4).toString('hex')}`);
    try {
      const r = await one<{ room: string; promoter: string; secs: number }>(
        this.db,
        sql`select x.room_id::text as room, r.promoter_id::text as promoter,
                   greatest(1, extract(epoch from (x.stopped_at - x.started_at)))::int as secs
            from rtc_recordings x join rtc_rooms r on r.id = x.room_id where x.id = ${id}`,
      );
      if (!r) return;
      const streams = await streamsOf(this.rawDir, `rec${id}-`);
      let last = -1;
      const out = await compose(streams, work, r.secs, (p) => {
        if (p < last + 5) return;
        last = p;
        void this.db.execute(sql`update rtc_recordings set progress = ${p} where id = ${id}`).catch(() => {});
      });
      const seconds = await durationOf(out);
      const day = new Date().toISOString().slice(0, 10);
      const file = await receiveFile(this.s, {
        ownerId: r.promoter,
        kind: FileKind.recording,
        scope: 'recording',
        name: `视频面试录像-房间${r.room}-${day}.mp4`,
        body: fs.createReadStream(out),
        maxBytes: MAX_BYTES,
        tooBig: '录像文件过大',
        private: true,
        check: ({ detected }) => {
          if (detected?.ext !== 'mp4') throw new Error(`the composition is not an MP4 (${detected?.ext ?? 'unknown'})`);
          return { mime: 'video/mp4', ext: 'mp4' };
        },
      });
      const done = await one(
        this.db,
        sql`update rtc_recordings set state = 'ready', progress = 100, seconds = ${seconds}, file_id = ${file.id} where id = ${id} and state = 'processing' returning id`,
      );
      // Deleted by the HR while it was being composed: the file goes too.
      if (!done) await deleteFile(this.s, file);
    } catch (err) {
      this.s.log.error({ err, recording: id }, 'rtc: recording not composed');
      await this.db
        .execute(sql`update rtc_recordings set state = 'failed', error = ${String((err as Error).message).slice(0, 500)} where id = ${id} and state = 'processing'`)
        .catch(() => {});
    } finally {
      // The raw streams of everyone in it never outlive the attempt, whatever came of it.
      for (const s of await streamsOf(this.rawDir, `rec${id}-`)) await fs.promises.rm(s.file, { force: true });
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  /** Janus's file name (it adds the stream and the extension) for one person's part of a recording. */
  fileFor(id: number, userId: string): string {
    return path.join(this.rawDir, `rec${id}-u${userId}-${Date.now()}`);
  }

  // ---------------------------------------------------------------- who may see them

  /** The recordings of rooms the caller may see: an HR's enterprise's, a seeker's own interviews'. */
  async list(userId: string): Promise<RecordingItem[]> {
    const list = await rows<{ id: string; room: string; state: RecordState; progress: number; seconds: number | null; asked: string | number; hr: boolean }>(
      this.db,
      sql`select x.id::text as id, x.room_id::text as room, x.state, x.progress, x.seconds,
                 floor(extract(epoch from x.asked_at) * 1000)::bigint as asked,
                 ${hrOfRoom(userId)} as hr
          from rtc_recordings x join rtc_rooms r on r.id = x.room_id
          where x.state in ('processing', 'ready', 'failed') and ${this.mayOpen(userId)}
          order by x.asked_at desc limit 200`,
    );
    return list.map((x) => ({ id: Number(x.id), roomId: Number(x.room), state: x.state, progress: x.progress, seconds: x.seconds, askedAt: Number(ms(x.asked)), canDelete: x.hr }));
  }

  /** An SQL condition on `x` (the recording) and `r` (its room): the caller may open it. */
  private mayOpen(userId: string) {
    return sql`(${hrOfRoom(userId)}
               or exists (select 1 from rtc_room_members m join users u on u.id = m.user_id and u.role = 'qz'
                          where m.room_id = r.id and m.user_id = ${userId}))`;
  }

  /** A link that opens the file for a while: the enterprise's HR and the seekers who were in the room. */
  async open(userId: string, id: number): Promise<{ url: string; name: string }> {
    const x = await one<{ file: string | null; state: RecordState; may: boolean }>(
      this.db,
      sql`select x.file_id::text as file, x.state, ${this.mayOpen(userId)} as may from rtc_recordings x join rtc_rooms r on r.id = x.room_id where x.id = ${id}`,
    );
    if (!x || x.state === 'deleted' || x.state === 'declined') throw notFound('录像不存在或已删除');
    if (!x.may) throw forbidden('无权查看该录像');
    if (x.state !== 'ready' || !x.file) throw conflict(x.state === 'failed' ? '录像合成失败' : '录像正在处理中，请稍后再试');
    const file = await fileOf(this.db, x.file);
    if (!file) throw notFound('录像不存在或已删除');
    return { url: await readableUrl(this.s, file), name: file.name };
  }

  /** The enterprise's HR deletes a recording (its file goes from storage). */
  async remove(userId: string, id: number): Promise<void> {
    const x = await one<{ file: string | null; hr: boolean; may: boolean }>(
      this.db,
      sql`select x.file_id::text as file, ${this.mayOpen(userId)} as may,
                 ${hrOfRoom(userId)} as hr
          from rtc_recordings x join rtc_rooms r on r.id = x.room_id where x.id = ${id} and x.state in ('processing', 'ready', 'failed')`,
    );
    if (!x) throw notFound('录像不存在或已删除');
    if (!x.hr) throw forbidden(x.may ? '只有企业 HR 可以删除录像' : '无权查看该录像');
    await this.erase(id, x.file);
  }

  private async erase(id: number | string, fileId: string | null) {
    const file = fileId ? await fileOf(this.db, fileId) : null;
    if (file) await deleteFile(this.s, file);
    await this.db.execute(sql`update rtc_recordings set state = 'deleted', file_id = null where id = ${id}`);
  }

  /** Deletes recordings older than the retention the operator set (days). */
  async expire(days: number): Promise<number> {
    const old = await rows<{ id: string; file: string | null }>(
      this.db,
      sql`select id::text as id, file_id::text as file from rtc_recordings
          where state in ('ready', 'failed') and stopped_at < now() - make_interval(days => ${days})`,
    );
    for (const o of old) await this.erase(o.id, o.file);
    return old.length;
  }

  private async nameOf(userId: string): Promise<string> {
    const n = await one<{ name: string }>(
      this.db,
      sql`select coalesce(nullif(hp.name, ''), nullif(sp.name, ''), nullif(u.name, ''), '对方') as name
          from users u left join hr_profiles hp on hp.user_id = u.id left join seeker_profiles sp on sp.user_id = u.id where u.id = ${userId}`,
    );
    return n?.name ?? '对方';
  }

  private async tell(e: RoomEvent) {
    await this.s.bus.publish(this.topic, e);
  }
}
