/**
 * Rooms of video interviews, as rows: who may open, enter and see them, the free-HR rules, and
 * how rooms end. The HTTP routes and the signalling hub both go through here; every change of
 * membership is told to every node on the bus topic `rtc:ev` (see RoomEvent), where each hub
 * pushes it to the sockets it holds.
 */
import crypto from 'node:crypto';
import {
  RTC_COUNTS_AFTER_SECONDS, RTC_FREE_LIMIT_SECONDS, RTC_FREE_NOTICE, RTC_MAX_MEMBERS, RTC_NO_ROOM_MSG, RTC_ROOM_MAX_HOURS, RTC_SFU_OFF_FULL_MSG, rtcDailyUsedMsg, rtcRoomFullMsg,
  type RtcMember, type RtcRoomInfo,
} from '@zp/core/contract';
import { beijingToday } from '@zp/core/dates';
import { RTC_MSG } from '@zp/core/rtc-words';
import { inList, one, rows, sql, type Db } from '../../db/index.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { companyOfHr } from '../companies/public.js';
import { candidateAccess } from '../applications/public.js';
import { maskName, related } from '../chat/public.js';
import { isUserOnline, notify } from '../notify/public.js';
import { SITE_PATHS } from '@zp/core/fairs';
import { isPayingHr } from './vip.js';
import { COMPANY_NOT_APPROVED } from '@zp/core/rules/companies';

export type EndCause = 'promoter_ended' | 'time_up' | 'empty' | 'expired' | 'company_unapproved';
type LeaveCause = 'left' | 'dropped';

/**
 * What every node hears about a room (bus topic eventsTopic). row and s (the member row and its
 * attach counter) order the admissions of one person: a later one takes the place over.
 */
export type RoomEvent =
  /** c: the socket that now holds the user's place (their other sockets in the room are kicked) */
  | { k: 'joined'; r: string; m: RtcMember; c: string; resumed: boolean; row: number; s: number }
  /** c: the socket that asked to leave (not told it was removed), null for HTTP and drops */
  | { k: 'left'; r: string; u: string; cause: LeaveCause; c: string | null; row: number }
  | { k: 'media'; r: string; m: RtcMember }
  /** a custom message (trtc-sdk-v5's sendCustomMessage) from u to the others; data base64 */
  | { k: 'custom'; r: string; u: string; cmd: number; seq: number; data: string }
  /** the room goes through the media server from now on */
  | { k: 'mode'; r: string }
  /** SFU: the member's media reach the media server (a new publication) */
  | { k: 'published'; r: string; m: RtcMember }
  /** SFU: the member started or stopped speaking */
  | { k: 'talking'; r: string; u: string; t: boolean }
  /** recording: asked (who agreed, who has yet to answer), running, or off (msg: why) */
  | { k: 'record'; r: string; id: number; state: 'asking' | 'recording' | 'off'; by: string; agreed: string[]; pending: string[]; msg: string }
  | { k: 'ended'; r: string; cause: EndCause }
  /** an HR and a seeker are in together for the first time: a free HR's room now ends at endsAt */
  | { k: 'timer'; r: string; endsAt: number | null };

/**
 * Bus topics carry a tag of the database (its server-wide secret's hash), so that deployments or
 * test servers sharing one Redis never hear each other's rooms (ids repeat across databases).
 */
export function rtcTopic(s: Services, name: 'ev' | 'relay' | 'revoke') {
  return `rtc:${name}:${crypto.createHash('sha256').update(s.secret).digest('hex').slice(0, 12)}`;
}
export const roomEnded = (msg = '房间已结束') => new AppError(410, msg);
/** What entering a room that ended for `cause` answers. */
const endedText = (cause: EndCause | null) =>
  cause === 'time_up' ? '面试时间已到，房间已结束' : cause === 'company_unapproved' ? RTC_MSG.companyUnapproved : '房间已结束';
/** A room the caller has nothing to do with, or none at all: one answer for both. */
const noRoom = () => notFound(RTC_NO_ROOM_MSG);
/** The interview invitation's refusal (applications), for the same rule. */
const NOT_REACHABLE = '该求职者不存在或已隐藏简历';

export interface Person {
  id: string;
  role: 'qz' | 'hr' | 'xs';
  /** the enterprise an HR has joined */
  companyId: string | null;
  /** that enterprise is approved (shzt 1) */
  approved: boolean;
}

interface RoomRow {
  id: string;
  promoter_id: string;
  company_id: string;
  paid: boolean;
  created: string | number;
  /** an HR and a seeker first in it together (null before) */
  started: string | number | null;
  ends: string | number | null;
  ended: boolean;
  /** why it ended (null while open) */
  cause: EndCause | null;
  /** the promoter's enterprise is approved now: a room of one rejected (or back in review) ends */
  approved: boolean;
  /** through the media server (it has had three people at once, with the media server on) */
  sfu: boolean;
}

/** What the rooms know of the media server: whether one is up, and how large a paying HR's room may be through it. */
export interface MediaServer {
  on(): boolean;
  maxMembers: number;
}

export interface SocketSeat {
  session: string;
  audio: boolean;
  video: boolean;
  node: string;
  conn: string;
}

export interface Admission {
  room: RoomRow;
  /** the member row and the socket's attach counter on it: a later drop only clears this attach */
  row: number;
  attachSeq: number;
  resumed: boolean;
  /** everyone else in the room with a socket */
  others: RtcMember[];
}

type Relation = 'promoter' | 'colleague' | 'invitee';

const ms = (v: string | number | null) => (v === null ? null : Number(v));
const ROOM_COLUMNS = sql.raw(`id::text as id, promoter_id::text as promoter_id, company_id::text as company_id, paid,
  floor(extract(epoch from created_at) * 1000)::bigint as created,
  floor(extract(epoch from started_at) * 1000)::bigint as started, floor(extract(epoch from ends_at) * 1000)::bigint as ends,
  (ended_at is not null) as ended, end_cause as cause, sfu,
  coalesce((select c.status = 1 from companies c where c.id = rtc_rooms.company_id), false) as approved`);
/** An SQL condition on `r` (the room): the caller is an HR of the room's enterprise. */
export const hrOfRoom = (userId: string) =>
  sql`exists (select 1 from hr_profiles h where h.user_id = ${userId} and h.company_id = r.company_id and h.join_state = 2)`;

/** A member as the room's sockets see them. */
const MEMBER_COLUMNS = sql.raw(`user_id::text as "userId", session, audio, video, screen, published`);
const MAX_INVITES = 20;
/** A person's name as the video calls show it (HR's name, the résumé's, the account's, else the masked phone). */
const NAME = sql.raw(`coalesce(nullif(hp.name, ''), nullif(sp.name, ''), nullif(u.name, ''), overlay(u.phone placing '****' from 4 for 4))`);
const at = (t: number) => new Date(t).toISOString();

export class Rooms {
  /** The clock of every rule here; tests replace it. */
  now: () => number = Date.now;

  private topic: string;

  constructor(
    private s: Services,
    /** how long a member whose socket dropped keeps the place (tests change it) */
    public graceMs: number,
    private server: MediaServer = { on: () => false, maxMembers: RTC_MAX_MEMBERS },
  ) {
    this.topic = rtcTopic(s, 'ev');
  }

  private get db() {
    return this.s.db;
  }

  today() {
    return beijingToday(this.now());
  }

  async person(userId: string): Promise<Person | null> {
    const u = await one<{ role: Person['role'] }>(this.db, sql`select role from users where id = ${userId}`);
    if (!u) return null;
    if (u.role !== 'hr') return { id: userId, role: u.role, companyId: null, approved: false };
    const c = await companyOfHr(this.db, userId);
    return { id: userId, role: 'hr', companyId: c?.id ?? null, approved: c?.status === 1 };
  }

  private async mustPerson(userId: string): Promise<Person> {
    const p = await this.person(userId);
    if (!p) throw notFound('用户不存在');
    return p;
  }

  private async row(roomId: string | number): Promise<RoomRow | undefined> {
    return one<RoomRow>(this.db, sql`select ${ROOM_COLUMNS} from rtc_rooms where id = ${String(roomId)}`);
  }

  /** The room if it is still open; one whose time is up is ended here (and its members told). */
  private async openRoom(r: RoomRow): Promise<RoomRow> {
    if (r.ended) throw roomEnded(endedText(r.cause));
    const cause = this.dueCause(r);
    if (cause) {
      await this.finish(r.id, cause);
      throw roomEnded(endedText(cause));
    }
    return r;
  }

  private dueCause(r: RoomRow): EndCause | null {
    if (!r.approved) return 'company_unapproved';
    const now = this.now();
    if (r.ends !== null && Number(r.ends) <= now) return 'time_up';
    if (Number(r.created) + RTC_ROOM_MAX_HOURS * 3600_000 <= now) return 'expired';
    return null;
  }

  private async invited(roomId: string, userId: string): Promise<boolean> {
    return !!(await one(this.db, sql`select 1 as x from rtc_room_invites where room_id = ${roomId} and user_id = ${userId}`));
  }

  /**
   * Refusals that depend on the person alone, given before any room is looked at (so they say
   * nothing about the room): operators, and HR whose enterprise is not approved — the promoter
   * too, once the enterprise is rejected.
   */
  private gate(p: Person) {
    if (p.role === 'xs') throw forbidden('运营账号不能进入视频面试房间');
    if (p.role === 'hr' && !p.approved) throw forbidden(COMPANY_NOT_APPROVED);
  }

  /** How a person stands to a room; a stranger hears what a missing room answers. */
  private async relation(p: Person, r: RoomRow): Promise<Relation> {
    this.gate(p);
    if (p.id === r.promoter_id) return 'promoter';
    if (p.role === 'hr') {
      if (p.companyId !== r.company_id) throw noRoom();
      return 'colleague';
    }
    if (!(await this.invited(r.id, p.id))) throw noRoom();
    return 'invitee';
  }

  /** The room and how the person stands to it (missing and not theirs answer alike), then whether it is still open. */
  private async entry(p: Person, roomId: string | number): Promise<{ room: RoomRow; rel: Relation }> {
    this.gate(p);
    const found = await this.row(roomId);
    if (!found) throw noRoom();
    const rel = await this.relation(p, found);
    return { room: await this.openRoom(found), rel };
  }

  /** The free HR's interview with this seeker on `day`, if there was one: its room and when it began (Beijing hh:mm). */
  private async dailyInterview(db: Db, hrId: string, seekerId: string, day: string): Promise<{ room: string; time: string } | null> {
    const r = await one<{ room: string; time: string | null }>(
      db,
      sql`select room_id::text as room, to_char(started_at at time zone 'Asia/Shanghai', 'HH24:MI') as time
          from rtc_daily_interviews where hr_id = ${hrId} and seeker_id = ${seekerId} and day = ${day}::date`,
    );
    return r ? { room: r.room, time: r.time ?? '' } : null;
  }

  /** The refusal of a second interview the same day, naming the other person (`viewer` is the one refused). */
  private async dailyUsed(db: Db, used: { time: string }, other: string): Promise<AppError> {
    if (!used.time) return forbidden(RTC_FREE_NOTICE);
    const n = await one<{ name: string }>(
      db,
      sql`select ${NAME} as name from users u left join hr_profiles hp on hp.user_id = u.id left join seeker_profiles sp on sp.user_id = u.id
          where u.id = ${other}`,
    );
    return forbidden(rtcDailyUsedMsg(n?.name ?? '对方', used.time));
  }

  /**
   * Records the day's interview of every seeker who has been in a free HR's open room together
   * with an HR for a minute (of `roomId`, or of every room): the sweep runs it each second, and a
   * leave or an end runs it first, so a minute is never missed between two sweeps.
   */
  private async countInterviews(roomId: string | null): Promise<void> {
    const before = at(this.now() - RTC_COUNTS_AFTER_SECONDS * 1000);
    await this.db.execute(sql`insert into rtc_daily_interviews (hr_id, seeker_id, day, room_id, started_at)
      select r.promoter_id, s.user_id, (greatest(s.joined_at, t.hr_since) at time zone 'Asia/Shanghai')::date, r.id, greatest(s.joined_at, t.hr_since)
      from rtc_rooms r
      join rtc_room_members s on s.room_id = r.id and s.left_at is null
      join users su on su.id = s.user_id and su.role = 'qz'
      cross join lateral (select min(h.joined_at) as hr_since from rtc_room_members h join users hu on hu.id = h.user_id
                          where h.room_id = r.id and h.left_at is null and hu.role = 'hr') t
      where r.ended_at is null and not r.paid and t.hr_since is not null
        and greatest(s.joined_at, t.hr_since) <= ${before}::timestamptz ${roomId === null ? sql`` : sql`and r.id = ${roomId}`}
      on conflict do nothing`);
  }

  // ---------------------------------------------------------------- before a call

  /**
   * startVedio: may `caller` start an interview with `targetId` (an HR with a seeker, or a seeker
   * asking an HR)? data 1 yes; type 1 paying HR (no limit), 0 free HR (20 minutes, once a day).
   */
  async startCheck(callerId: string, targetId: string): Promise<{ data: number; type: number; limitSeconds: number; msg: string }> {
    const caller = await this.mustPerson(callerId);
    if (caller.role === 'xs') throw forbidden('运营账号不能发起视频面试');
    if (caller.role === 'hr' && !caller.approved) throw forbidden(COMPANY_NOT_APPROVED);
    if (targetId === callerId) throw badRequest('不能与自己进行视频面试');
    const target = await this.person(targetId);
    if (!target) throw notFound('用户不存在');
    let hrId: string;
    let seekerId: string | null = null;
    if (caller.role === 'hr') {
      hrId = caller.id;
      if (target.role === 'qz') {
        seekerId = target.id;
        await this.mustReach(caller.companyId!, seekerId);
      } else if (!(target.role === 'hr' && target.companyId === caller.companyId)) throw forbidden('只能与求职者或本单位同事进行视频通话');
    } else {
      if (target.role !== 'hr' || !target.approved) throw forbidden('只能向单位已审核的企业 HR 申请视频面试');
      hrId = target.id;
      seekerId = caller.id;
      // The HR could not invite them back: better said before asking than after the HR agrees.
      if (!(await candidateAccess(this.db, target.companyId!, seekerId))) {
        throw forbidden('您已隐藏简历或屏蔽了该单位，对方无法向您发起视频面试；请先投递该单位的岗位或公开简历');
      }
    }
    if (await isPayingHr(this.db, hrId, this.today())) return { data: 1, type: 1, limitSeconds: 0, msg: 'success' };
    // A call is a new room: once the seeker has entered one of this HR's rooms today, no more.
    const used = seekerId ? await this.dailyInterview(this.db, hrId, seekerId, this.today()) : null;
    const msg = used ? (await this.dailyUsed(this.db, used, caller.id === hrId ? seekerId! : hrId)).message : RTC_FREE_NOTICE;
    return { data: used ? 0 : 1, type: 0, limitSeconds: RTC_FREE_LIMIT_SECONDS, msg };
  }

  // ---------------------------------------------------------------- opening and inviting

  /** hrOpenRoom: a new room of an approved enterprise's HR, with a seeker invited at once if given. */
  async open(hrId: string, inviteeId?: string): Promise<{ roomId: number; endsAt: number | null; limitSeconds: number }> {
    const hr = await this.mustPerson(hrId);
    if (hr.role !== 'hr' || !hr.approved || !hr.companyId) throw forbidden(COMPANY_NOT_APPROVED);
    const paid = await isPayingHr(this.db, hrId, this.today());
    // A colleague called from the chat enters as a colleague, without an invitation.
    if (inviteeId) {
      const p = await this.person(inviteeId);
      if (p?.role === 'hr' && p.companyId === hr.companyId) inviteeId = undefined;
    }
    if (inviteeId) await this.checkInvitee(hr.companyId, hrId, paid, null, inviteeId);
    // A free HR's 20 minutes start once an HR and a seeker are both in (admit), not now.
    const room = await one<{ id: string }>(
      this.db,
      sql`insert into rtc_rooms (promoter_id, company_id, paid, created_at)
          values (${hrId}, ${hr.companyId}, ${paid}, ${at(this.now())}::timestamptz) returning id::text as id`,
    );
    if (inviteeId) await this.recordInvite(room!.id, inviteeId, hrId);
    return { roomId: Number(room!.id), endsAt: null, limitSeconds: paid ? 0 : RTC_FREE_LIMIT_SECONDS };
  }

  /** inviteRoom: the promoter or a colleague invites a job seeker into an open room. */
  async invite(inviterId: string, roomId: number, inviteeId: string): Promise<void> {
    const inviter = await this.mustPerson(inviterId);
    const { room: r, rel } = await this.entry(inviter, roomId);
    if (rel === 'invitee') throw forbidden('只有房间发起人或其同事可以邀请');
    await this.checkInvitee(r.company_id, r.promoter_id, r.paid, r.id, inviteeId);
    const n = await one<{ n: number }>(this.db, sql`select count(*)::int as n from rtc_room_invites where room_id = ${r.id}`);
    if ((n?.n ?? 0) >= MAX_INVITES && !(await this.invited(r.id, inviteeId))) throw conflict(`一个房间最多邀请 ${MAX_INVITES} 位求职者`);
    await this.recordInvite(r.id, inviteeId, inviterId);
  }

  /** The interview invitation's rule (applications): a seeker who hid the résumé or shields the enterprise, and did not apply to it, cannot be reached. */
  private async mustReach(companyId: string, seekerId: string) {
    if (!(await candidateAccess(this.db, companyId, seekerId))) throw notFound(NOT_REACHABLE);
  }

  private async checkInvitee(companyId: string, promoterId: string, paid: boolean, roomId: string | null, inviteeId: string) {
    const p = await this.person(inviteeId);
    if (!p) throw notFound('被邀请的用户不存在');
    if (p.role !== 'qz') throw badRequest('只能邀请求职者；本单位同事无需邀请即可进入房间');
    await this.mustReach(companyId, inviteeId);
    if (paid) return;
    const used = await this.dailyInterview(this.db, promoterId, inviteeId, this.today());
    if (used && used.room !== roomId) throw await this.dailyUsed(this.db, used, inviteeId);
  }

  private async recordInvite(roomId: string, userId: string, by: string) {
    const added = await one(
      this.db,
      sql`insert into rtc_room_invites (room_id, user_id, invited_by, invited_at)
          values (${roomId}, ${userId}, ${by}, ${at(this.now())}::timestamptz) on conflict do nothing returning room_id`,
    );
    // Invited again into the same room: the chat's message rings again, nothing more.
    if (!added) return;
    try {
      await this.tellInvitee(roomId, userId, by);
    } catch (err) {
      // The invitation stands; the chat's message and the room's list still reach the seeker.
      this.s.log.warn({ err }, 'rtc: invitation reminder not sent');
    }
  }

  /**
   * Beyond the chat (whose message rings the seeker's open pages): a 消息提醒 entry each time, and
   * with RTC_INVITE_SMS a text to a seeker with no page open, the first invitation of the day into
   * this HR's rooms only.
   */
  private async tellInvitee(roomId: string, userId: string, by: string) {
    const r = await one<{ company: string; hr: string; phone: string; promoter: string }>(
      this.db,
      sql`select c.name as company, r.promoter_id::text as promoter, (select ${NAME} from users u left join hr_profiles hp on hp.user_id = u.id
                 left join seeker_profiles sp on sp.user_id = u.id where u.id = ${by}) as hr, (select phone from users where id = ${userId}) as phone
          from rtc_rooms r join companies c on c.id = r.company_id where r.id = ${roomId}`,
    );
    if (!r) return;
    await notify(this.s, userId, 'wjxx', '视频面试邀请', `${r.company}的${r.hr}邀请您进行视频面试（房间号 ${roomId}），点击进入房间。`, SITE_PATHS.videoRoom(roomId), 'xx_003');
    if (!this.s.config.rtc.inviteSms || !r.phone || (await isUserOnline(this.s, userId))) return;
    const today = await one<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from rtc_room_invites i join rtc_rooms x on x.id = i.room_id
          where i.user_id = ${userId} and x.promoter_id = ${r.promoter} and i.invited_at >= ${`${this.today()}T00:00:00+08:00`}::timestamptz`,
    );
    if ((today?.n ?? 0) > 1) return;
    await this.s.sms.notice(r.phone, `${r.company}邀请您参加视频面试，请登录招聘平台，在「消息提醒」或「面试邀请」中进入视频面试房间。`);
  }

  // ---------------------------------------------------------------- entering and leaving

  /**
   * Puts a person in a room: HTTP joinRoom (no seat) or a signalling join (seat). One stay per
   * person at a time; the capacity and the free HR's daily rule are checked under the room's
   * row lock, so two nodes cannot both admit the seventh person.
   */
  async admit(userId: string, roomId: string | number, seat: SocketSeat | null): Promise<Admission> {
    const p = await this.mustPerson(userId);
    const { room, rel } = await this.entry(p, roomId);
    const now = at(this.now());
    const day = this.today();
    const result = await this.db.transaction(async (txn) => {
      // Inside the transaction only tx may be used: PGlite has a single connection.
      const tx = txn as unknown as Db;
      const locked = await one<{ ended: boolean }>(tx, sql`select (ended_at is not null) as ended from rtc_rooms where id = ${room.id} for update`);
      if (!locked || locked.ended) throw roomEnded();
      const current = await one<{ session: string }>(
        tx,
        sql`select session from rtc_room_members where room_id = ${room.id} and user_id = ${userId} and left_at is null`,
      );
      if (!current) {
        const n = await one<{ n: number }>(tx, sql`select count(*)::int as n from rtc_room_members where room_id = ${room.id} and left_at is null`);
        const max = this.capacity(room);
        if ((n?.n ?? 0) >= max) throw conflict(room.paid && !this.server.on() ? RTC_SFU_OFF_FULL_MSG : rtcRoomFullMsg(max));
      }
      if (rel === 'invitee' && !room.paid) {
        // Today's interview with this HR took place in another room (countInterviews).
        const used = await this.dailyInterview(tx, room.promoter_id, userId, day);
        if (used && used.room !== room.id) throw await this.dailyUsed(tx, used, room.promoter_id);
      }
      if (!seat) {
        if (!current) {
          await tx.execute(sql`insert into rtc_room_members (room_id, user_id, joined_at) values (${room.id}, ${userId}, ${now}::timestamptz)`);
        }
        return { row: 0, attachSeq: 0, resumed: false, timer: await this.startClock(tx, room, now) };
      }
      const resumed = !!current && current.session === seat.session;
      const r = current
        ? await one<{ row: string; seq: number; screen: boolean }>(
            tx,
            sql`update rtc_room_members set published = published and session = ${seat.session}, screen = screen and session = ${seat.session},
                  session = ${seat.session}, audio = ${seat.audio}, video = ${seat.video}, connected = true,
                  attach_seq = attach_seq + 1, disconnected_at = null, node = ${seat.node}
                where room_id = ${room.id} and user_id = ${userId} and left_at is null returning id::text as row, attach_seq as seq, screen`,
          )
        : await one<{ row: string; seq: number; screen: boolean }>(
            tx,
            sql`insert into rtc_room_members (room_id, user_id, joined_at, session, audio, video, connected, attach_seq, node)
                values (${room.id}, ${userId}, ${now}::timestamptz, ${seat.session}, ${seat.audio}, ${seat.video}, true, 1, ${seat.node})
                returning id::text as row, attach_seq as seq, screen`,
          );
      return { row: Number(r!.row), attachSeq: Number(r!.seq), resumed, screen: !!r!.screen, timer: await this.startClock(tx, room, now) };
    });
    const { timer, ...admitted } = result;
    if (timer) {
      room.started = timer.started;
      room.ends = timer.ends;
      await this.publish({ k: 'timer', r: room.id, endsAt: timer.ends });
    }
    if (seat && !room.sfu && this.server.on()) room.sfu = await this.toSfu(room.id);
    const others = seat ? await this.seated(room.id, userId) : [];
    if (seat) {
      // A socket back within the grace period keeps sharing its screen: the others are not told otherwise.
      const m: RtcMember = { userId, session: seat.session, audio: seat.audio, video: seat.video, screen: 'screen' in result ? result.screen : false };
      await this.publish({ k: 'joined', r: room.id, m, c: seat.conn, resumed: result.resumed, row: result.row, s: result.attachSeq });
    }
    return { room, ...admitted, others };
  }

  /** People at once: a paying HR's room through the media server may be larger than a mesh. */
  capacity(room: RoomRow): number {
    return room.paid && this.server.on() ? this.server.maxMembers : RTC_MAX_MEMBERS;
  }

  /**
   * A room that has three people with a seat at once goes through the media server for good
   * (a pair stays peer to peer), as does one asked to record (force); those already in are told
   * to move. True when it now does.
   */
  async toSfu(roomId: string, force = false): Promise<boolean> {
    const moved = await one(
      this.db,
      sql`update rtc_rooms set sfu = true where id = ${roomId} and not sfu
            and (${force} or (select count(*) from rtc_room_members where room_id = ${roomId} and left_at is null and session <> '') >= 3) returning id`,
    );
    if (moved) await this.publish({ k: 'mode', r: roomId });
    return !!moved;
  }

  /** The member's media reach the media server: their feed is their stay's row. */
  async published(roomId: string, userId: string, session: string): Promise<void> {
    const r = await one<RtcMember>(
      this.db,
      sql`update rtc_room_members set published = true where room_id = ${roomId} and user_id = ${userId} and left_at is null and session = ${session}
          returning ${MEMBER_COLUMNS}`,
    );
    if (!r) throw roomEnded('您已不在该房间中');
    await this.publish({ k: 'published', r: roomId, m: r });
  }

  /** The media server lost these rooms: nobody's media reach it until they publish again. */
  async unpublishRooms(roomIds: string[]): Promise<void> {
    if (!roomIds.length) return;
    await this.db.execute(sql`update rtc_room_members set published = false where room_id in (${inList(roomIds)}) and left_at is null`);
  }

  /** A publishing member's current feed (their stay's row), or null when they publish nothing through the media server. */
  async feedOf(roomId: string, userId: string): Promise<number | null> {
    const r = await one<{ id: string }>(
      this.db,
      sql`select id::text as id from rtc_room_members where room_id = ${roomId} and user_id = ${userId} and left_at is null and published`,
    );
    return r ? Number(r.id) : null;
  }

  async talking(roomId: string, feed: number, talking: boolean): Promise<void> {
    const r = await one<{ u: string }>(this.db, sql`select user_id::text as u from rtc_room_members where id = ${feed} and room_id = ${roomId} and left_at is null`);
    if (r) await this.publish({ k: 'talking', r: roomId, u: r.u, t: talking });
  }

  /**
   * The interview starts when an HR and a job seeker are first in the room together: a free HR's
   * 20 minutes run from then. Null when it had started already or still waits for someone.
   */
  private async startClock(tx: Db, room: RoomRow, now: string): Promise<{ started: number; ends: number | null } | null> {
    if (room.started !== null) return null;
    const startedAt = Date.parse(now);
    const ends = room.paid ? null : startedAt + RTC_FREE_LIMIT_SECONDS * 1000;
    const present = (role: string) => sql`exists (select 1 from rtc_room_members m join users u on u.id = m.user_id
      where m.room_id = ${room.id} and m.left_at is null and u.role = ${role})`;
    const r = await one(
      tx,
      sql`update rtc_rooms set started_at = ${now}::timestamptz, ends_at = ${ends === null ? null : at(ends)}::timestamptz
          where id = ${room.id} and started_at is null and ${present('hr')} and ${present('qz')} returning id`,
    );
    return r ? { started: startedAt, ends } : null;
  }

  /** Members of a room who hold a signalling seat, but `except`. */
  async seated(roomId: string, except: string | null): Promise<RtcMember[]> {
    const list = await rows<RtcMember>(
      this.db,
      sql`select ${MEMBER_COLUMNS} from rtc_room_members
          where room_id = ${roomId} and left_at is null and session <> '' order by joined_at, id`,
    );
    return list.filter((m) => m.userId !== except);
  }

  async isSeated(roomId: string, userId: string): Promise<boolean> {
    return !!(await one(
      this.db,
      sql`select 1 as x from rtc_room_members where room_id = ${roomId} and user_id = ${userId} and left_at is null and session <> ''`,
    ));
  }

  /**
   * Takes a person out (leaveRoom, or the socket's leave when conn is given). Leaving a room
   * one is no longer in is not an error; leaving one never had anything to do with is.
   */
  async leave(userId: string, roomId: string | number, conn: string | null): Promise<void> {
    const r = await this.row(roomId);
    if (!r) throw noRoom();
    await this.countInterviews(r.id);
    const gone = await one<{ id: string }>(
      this.db,
      sql`update rtc_room_members set left_at = ${at(this.now())}::timestamptz, leave_cause = 'left', connected = false
          where room_id = ${r.id} and user_id = ${userId} and left_at is null returning id::text as id`,
    );
    if (!gone) {
      const ever = await one(this.db, sql`select 1 as x from rtc_room_members where room_id = ${r.id} and user_id = ${userId} limit 1`);
      if (!ever && userId !== r.promoter_id) throw noRoom();
      return;
    }
    await this.publish({ k: 'left', r: r.id, u: userId, cause: 'left', c: conn, row: Number(gone.id) });
    await this.endIfEmpty(r.id);
  }

  /** The socket holding a seat closed: the member stays for the grace period (see sweep). */
  async detach(userId: string, roomId: string, attachSeq: number): Promise<void> {
    // The database's clock: every node measures the grace period on the same one.
    await this.db.execute(sql`update rtc_room_members set connected = false, disconnected_at = now()
      where room_id = ${roomId} and user_id = ${userId} and left_at is null and attach_seq = ${attachSeq}`);
  }

  async media(userId: string, roomId: string, session: string, media: { audio: boolean; video: boolean; screen?: boolean }): Promise<void> {
    const screen = !!media.screen;
    const r = await one<RtcMember>(
      this.db,
      sql`update rtc_room_members set audio = ${media.audio}, video = ${media.video}, screen = ${screen}
          where room_id = ${roomId} and user_id = ${userId} and left_at is null and session = ${session} returning ${MEMBER_COLUMNS}`,
    );
    if (!r) throw roomEnded('您已不在该房间中');
    await this.publish({ k: 'media', r: roomId, m: r });
  }

  // ---------------------------------------------------------------- ending

  /** endRoom: only the promoter ends a room by hand. */
  async endByPromoter(userId: string, roomId: number): Promise<void> {
    const r = await this.row(roomId);
    if (!r) throw noRoom();
    if (r.promoter_id !== userId) {
      await this.relation(await this.mustPerson(userId), r);
      throw forbidden('只有房间发起人可以结束房间');
    }
    if (!r.ended) await this.finish(r.id, 'promoter_ended');
  }

  /** Ends a room once (whichever node gets there first) and tells everyone. */
  async finish(roomId: string, cause: EndCause): Promise<boolean> {
    // A minute together before the end is an interview, whether or not a sweep saw it.
    await this.countInterviews(roomId);
    const now = at(this.now());
    const done = await one(
      this.db,
      sql`update rtc_rooms set ended_at = ${now}::timestamptz, end_cause = ${cause} where id = ${roomId} and ended_at is null returning id`,
    );
    if (!done) return false;
    await this.db.execute(sql`update rtc_room_members set left_at = ${now}::timestamptz, leave_cause = 'ended', connected = false
      where room_id = ${roomId} and left_at is null`);
    await this.publish({ k: 'ended', r: roomId, cause });
    return true;
  }

  /** Ends the open rooms of an enterprise that is no longer approved (rejected, or back in review). */
  async endUnapproved(companyId: string): Promise<void> {
    const open = await rows<{ id: string }>(
      this.db,
      sql`select r.id::text as id from rtc_rooms r join companies c on c.id = r.company_id
          where r.company_id = ${companyId} and r.ended_at is null and c.status <> 1`,
    );
    for (const r of open) await this.finish(r.id, 'company_unapproved');
  }

  /** A room whose last member went ends (called after a leave; a room nobody entered yet stays open). */
  private async endIfEmpty(roomId: string) {
    const empty = await one(
      this.db,
      sql`select 1 as x where not exists (select 1 from rtc_room_members where room_id = ${roomId} and left_at is null)`,
    );
    if (empty) await this.finish(roomId, 'empty');
  }

  /** Marks `node` alive now; liveness and the grace period run on the database's clock, the same for every node. */
  async alive(node: string): Promise<void> {
    await this.db.execute(sql`insert into rtc_nodes (id, seen_at) values (${node}, now())
      on conflict (id) do update set seen_at = excluded.seen_at`);
  }

  /**
   * What every node runs every second: mark itself alive, end rooms whose time is up, and remove
   * members whose socket has been gone longer than the grace period (or whose node went silent).
   */
  async sweep(node: string): Promise<void> {
    const now = this.now();
    await this.alive(node);
    await this.countInterviews(null);
    // An enterprise's rejection ends its rooms at once (endUnapproved); this catches a lost bus message.
    const due = await rows<{ id: string; cause: EndCause }>(
      this.db,
      sql`select r.id::text as id,
                 case when c.status <> 1 then 'company_unapproved' when r.ends_at <= ${at(now)}::timestamptz then 'time_up' else 'expired' end as cause
          from rtc_rooms r join companies c on c.id = r.company_id
          where r.ended_at is null and (c.status <> 1 or r.ends_at <= ${at(now)}::timestamptz
                                        or r.created_at <= ${at(now - RTC_ROOM_MAX_HOURS * 3600_000)}::timestamptz)`,
    );
    for (const r of due) await this.finish(r.id, r.cause);
    const grace = this.graceMs / 1000;
    // A node is taken for gone when it has not swept for the grace period and a few seconds more.
    const silent = grace + 5;
    const dropped = await rows<{ row: string; room: string; user: string }>(
      this.db,
      sql`update rtc_room_members m set left_at = ${at(now)}::timestamptz, leave_cause = 'dropped', connected = false
          where m.left_at is null and m.session <> '' and (
            (not m.connected and m.disconnected_at <= now() - make_interval(secs => ${grace}))
            or (m.connected and m.node <> ${node}
                and not exists (select 1 from rtc_nodes n where n.id = m.node and n.seen_at > now() - make_interval(secs => ${silent}))))
          returning m.id::text as row, m.room_id::text as room, m.user_id::text as user`,
    );
    for (const d of dropped) {
      await this.publish({ k: 'left', r: d.room, u: d.user, cause: 'dropped', c: null, row: Number(d.row) });
      await this.endIfEmpty(d.room);
    }
  }

  // ---------------------------------------------------------------- reading

  /** roomInfo: for the people who may enter the room, and anyone who was in it. */
  async info(userId: string, roomId: number): Promise<RtcRoomInfo> {
    const p = await this.mustPerson(userId);
    this.gate(p);
    const r = await this.row(roomId);
    if (!r) throw noRoom();
    try {
      await this.relation(p, r);
    } catch (err) {
      const was = await one(this.db, sql`select 1 as x from rtc_room_members where room_id = ${r.id} and user_id = ${userId} limit 1`);
      if (!was) throw err;
    }
    return this.describe(r);
  }

  async describe(r: RoomRow): Promise<RtcRoomInfo> {
    const members = await rows<{ userId: string; audio: boolean; video: boolean; joined: string | number }>(
      this.db,
      sql`select user_id::text as "userId", audio, video, floor(extract(epoch from joined_at) * 1000)::bigint as joined
          from rtc_room_members where room_id = ${r.id} and left_at is null order by joined_at, id`,
    );
    const invited = await rows<{ id: string }>(this.db, sql`select user_id::text as id from rtc_room_invites where room_id = ${r.id} order by invited_at, user_id`);
    return {
      roomId: Number(r.id),
      promoterId: r.promoter_id,
      dwid: r.company_id,
      paid: r.paid,
      createdAt: Number(r.created),
      startedAt: ms(r.started),
      endsAt: ms(r.ends),
      ended: r.ended,
      serverTime: this.now(),
      members: members.map((m) => ({ userId: m.userId, audio: m.audio, video: m.video, joinedAt: Number(m.joined) })),
      invited: invited.map((i) => i.id),
      capacity: this.capacity(r),
    };
  }

  /**
   * roomMembersInfo: name and enterprise of each id that exists, in the order asked. Names in
   * full for the people the viewer shares a room with or may see anyway (the chat's rule), else
   * masked as the chat masks them; an HR's enterprise only to job seekers, colleagues and people
   * sharing a room with them, so that a run of ids names nobody to a stranger.
   */
  async membersInfo(viewerId: string, ids: string[]): Promise<{ userid: string; username: string; dwid: string }[]> {
    const unique = [...new Set(ids)];
    const found = await rows<{ userid: string; username: string; dwid: string }>(
      this.db,
      sql`select u.id::text as userid,
                 coalesce(nullif(hp.name, ''), nullif(sp.name, ''), nullif(u.name, ''), overlay(u.phone placing '****' from 4 for 4)) as username,
                 case when hp.join_state = 2 and hp.company_id is not null then hp.company_id::text else '' end as dwid
          from users u left join hr_profiles hp on hp.user_id = u.id left join seeker_profiles sp on sp.user_id = u.id
          where u.id in (${inList(unique)})`,
    );
    if (!found.length) return [];
    const viewer = await this.mustPerson(viewerId);
    const targets = found.map((f) => f.userid);
    const operator = viewer.role === 'xs';
    const together = operator ? new Set<string>() : await this.sharingRoom(viewerId, targets);
    const known = operator ? new Set<string>() : await related(this.db, viewerId, targets);
    const byId = new Map(found.map((f) => [f.userid, f]));
    return unique
      .filter((id) => byId.has(id))
      .map((id) => {
        const f = byId.get(id)!;
        const near = operator || id === viewerId || together.has(id) || (!!viewer.companyId && f.dwid === viewer.companyId);
        const named = near || known.has(id);
        return { userid: id, username: named ? f.username : maskName(f.username), dwid: near || (named && viewer.role === 'qz') ? f.dwid : '' };
      });
  }

  /**
   * The ids among `ids` that share a room with `viewer`: its promoter, the seekers it invited, whoever
   * was in it, and the HR of its enterprise (who may all enter it).
   */
  private async sharingRoom(viewer: string, ids: string[]): Promise<Set<string>> {
    const list = sql.join(ids.map((id) => sql`${id}::bigint`), sql`, `);
    const r = await rows<{ id: string }>(
      this.db,
      sql`with mine as (
            select r.id from rtc_rooms r where r.promoter_id = ${viewer}
            union select i.room_id from rtc_room_invites i where i.user_id = ${viewer}
            union select m.room_id from rtc_room_members m where m.user_id = ${viewer}
            union select r.id from rtc_rooms r join hr_profiles h on h.company_id = r.company_id and h.join_state = 2 where h.user_id = ${viewer})
          select u.id::text as id from users u
          where u.id in (${list}) and (
            exists (select 1 from mine join rtc_rooms r on r.id = mine.id where r.promoter_id = u.id)
            or exists (select 1 from mine join rtc_room_invites i on i.room_id = mine.id where i.user_id = u.id)
            or exists (select 1 from mine join rtc_room_members m on m.room_id = mine.id where m.user_id = u.id)
            or exists (select 1 from mine join rtc_rooms r on r.id = mine.id join hr_profiles h on h.company_id = r.company_id and h.join_state = 2
                       where h.user_id = u.id))`,
    );
    return new Set(r.map((x) => x.id));
  }

  private async publish(e: RoomEvent) {
    await this.s.bus.publish(this.topic, e);
  }
}
