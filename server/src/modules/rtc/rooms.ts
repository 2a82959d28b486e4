/**
 * Rooms of video interviews, as rows: who may open, enter and see them, the free-HR rules, and
 * how rooms end. The HTTP routes and the signalling hub both go through here; every change of
 * membership is told to every node on the bus topic `rtc:ev` (see RoomEvent), where each hub
 * pushes it to the sockets it holds.
 */
import crypto from 'node:crypto';
import {
  RTC_FREE_LIMIT_SECONDS, RTC_FREE_NOTICE, RTC_MAX_MEMBERS, RTC_ROOM_FULL_MSG, RTC_ROOM_MAX_HOURS,
  type RtcMember, type RtcRoomInfo,
} from '@zp/core/contract';
import { beijingToday } from '@zp/core/dates';
import { one, rows, sql, type Db } from '../../db/index.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { companyOfHr } from '../companies/api.js';
import { isPayingHr } from './vip.js';

export type EndCause = 'promoter_ended' | 'time_up' | 'empty' | 'expired';
export type LeaveCause = 'left' | 'dropped';

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
  | { k: 'ended'; r: string; cause: EndCause };

/**
 * Bus topics carry a tag of the database (its server-wide secret's hash), so that deployments or
 * test servers sharing one Redis never hear each other's rooms (ids repeat across databases).
 */
export function rtcTopic(s: Services, name: 'ev' | 'relay') {
  return `rtc:${name}:${crypto.createHash('sha256').update(s.secret).digest('hex').slice(0, 12)}`;
}
export const roomEnded = (msg = '房间已结束') => new AppError(410, msg);

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
  ends: string | number | null;
  ended: boolean;
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
  floor(extract(epoch from created_at) * 1000)::bigint as created, floor(extract(epoch from ends_at) * 1000)::bigint as ends,
  (ended_at is not null) as ended`);
const MAX_INVITES = 20;
const at = (t: number) => new Date(t).toISOString();

export class Rooms {
  /** The clock of every rule here; tests replace it. */
  now: () => number = Date.now;

  private topic: string;

  constructor(
    private s: Services,
    /** how long a member whose socket dropped keeps the place (tests change it) */
    public graceMs: number,
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
  private async openRoom(roomId: string | number): Promise<RoomRow> {
    const r = await this.row(roomId);
    if (!r) throw notFound('房间不存在');
    if (r.ended) throw roomEnded();
    const cause = this.dueCause(r);
    if (cause) {
      await this.finish(r.id, cause);
      throw roomEnded(cause === 'time_up' ? '面试时间已到，房间已结束' : '房间已结束');
    }
    return r;
  }

  private dueCause(r: RoomRow): EndCause | null {
    const now = this.now();
    if (r.ends !== null && Number(r.ends) <= now) return 'time_up';
    if (Number(r.created) + RTC_ROOM_MAX_HOURS * 3600_000 <= now) return 'expired';
    return null;
  }

  private async invited(roomId: string, userId: string): Promise<boolean> {
    return !!(await one(this.db, sql`select 1 as x from rtc_room_invites where room_id = ${roomId} and user_id = ${userId}`));
  }

  /** How a person stands to a room, or the refusal they get. */
  private async relation(p: Person, r: RoomRow): Promise<Relation> {
    if (p.id === r.promoter_id) return 'promoter';
    if (p.role === 'xs') throw forbidden('运营账号不能进入视频面试房间');
    if (p.role === 'hr') {
      if (!p.approved) throw forbidden('单位信息未审核或审核不通过,请修改单位信息!');
      if (p.companyId !== r.company_id) throw forbidden('只能进入本单位同事发起的视频面试房间');
      return 'colleague';
    }
    if (!(await this.invited(r.id, p.id))) throw forbidden('您没有收到该房间的视频面试邀请');
    return 'invitee';
  }

  /** The room of the free HR's interview with this seeker on `day`, if there was one. */
  private async dailyRoom(db: Db, hrId: string, seekerId: string, day: string): Promise<string | null> {
    const r = await one<{ room_id: string }>(
      db,
      sql`select room_id::text as room_id from rtc_daily_interviews where hr_id = ${hrId} and seeker_id = ${seekerId} and day = ${day}::date`,
    );
    return r?.room_id ?? null;
  }

  // ---------------------------------------------------------------- before a call

  /**
   * startVedio: may `caller` start an interview with `targetId` (an HR with a seeker, or a seeker
   * asking an HR)? data 1 yes; type 1 paying HR (no limit), 0 free HR (20 minutes, once a day).
   */
  async startCheck(callerId: string, targetId: string): Promise<{ data: number; type: number; limitSeconds: number; msg: string }> {
    const caller = await this.mustPerson(callerId);
    if (caller.role === 'xs') throw forbidden('运营账号不能发起视频面试');
    if (caller.role === 'hr' && !caller.approved) throw forbidden('单位信息未审核或审核不通过,请修改单位信息!');
    if (targetId === callerId) throw badRequest('不能与自己进行视频面试');
    const target = await this.person(targetId);
    if (!target) throw notFound('用户不存在');
    let hrId: string;
    let seekerId: string | null = null;
    if (caller.role === 'hr') {
      hrId = caller.id;
      if (target.role === 'qz') seekerId = target.id;
      else if (!(target.role === 'hr' && target.companyId === caller.companyId)) throw forbidden('只能与求职者或本单位同事进行视频通话');
    } else {
      if (target.role !== 'hr' || !target.approved) throw forbidden('只能向单位已审核的企业 HR 申请视频面试');
      hrId = target.id;
      seekerId = caller.id;
    }
    if (await isPayingHr(this.db, hrId, this.today())) return { data: 1, type: 1, limitSeconds: 0, msg: 'success' };
    // A call is a new room: once the seeker has entered one of this HR's rooms today, no more.
    const used = seekerId ? await this.dailyRoom(this.db, hrId, seekerId, this.today()) : null;
    return { data: used ? 0 : 1, type: 0, limitSeconds: RTC_FREE_LIMIT_SECONDS, msg: RTC_FREE_NOTICE };
  }

  // ---------------------------------------------------------------- opening and inviting

  /** hrOpenRoom: a new room of an approved enterprise's HR, with a seeker invited at once if given. */
  async open(hrId: string, inviteeId?: string): Promise<{ roomId: number; endsAt: number | null; limitSeconds: number }> {
    const hr = await this.mustPerson(hrId);
    if (hr.role !== 'hr' || !hr.approved || !hr.companyId) throw forbidden('单位信息未审核或审核不通过,请修改单位信息!');
    const paid = await isPayingHr(this.db, hrId, this.today());
    // A colleague called from the chat enters as a colleague, without an invitation.
    if (inviteeId) {
      const p = await this.person(inviteeId);
      if (p?.role === 'hr' && p.companyId === hr.companyId) inviteeId = undefined;
    }
    if (inviteeId) await this.checkInvitee(hrId, paid, null, inviteeId);
    const now = this.now();
    const endsAt = paid ? null : now + RTC_FREE_LIMIT_SECONDS * 1000;
    const room = await one<{ id: string }>(
      this.db,
      sql`insert into rtc_rooms (promoter_id, company_id, paid, created_at, ends_at)
          values (${hrId}, ${hr.companyId}, ${paid}, ${at(now)}::timestamptz, ${endsAt === null ? null : at(endsAt)}::timestamptz)
          returning id::text as id`,
    );
    if (inviteeId) await this.recordInvite(room!.id, inviteeId, hrId);
    return { roomId: Number(room!.id), endsAt, limitSeconds: paid ? 0 : RTC_FREE_LIMIT_SECONDS };
  }

  /** inviteRoom: the promoter or a colleague invites a job seeker into an open room. */
  async invite(inviterId: string, roomId: number, inviteeId: string): Promise<void> {
    const inviter = await this.mustPerson(inviterId);
    const r = await this.openRoom(roomId);
    const rel = await this.relation(inviter, r);
    if (rel === 'invitee') throw forbidden('只有房间发起人或其同事可以邀请');
    await this.checkInvitee(r.promoter_id, r.paid, r.id, inviteeId);
    const n = await one<{ n: number }>(this.db, sql`select count(*)::int as n from rtc_room_invites where room_id = ${r.id}`);
    if ((n?.n ?? 0) >= MAX_INVITES && !(await this.invited(r.id, inviteeId))) throw conflict(`一个房间最多邀请 ${MAX_INVITES} 位求职者`);
    await this.recordInvite(r.id, inviteeId, inviterId);
  }

  private async checkInvitee(promoterId: string, paid: boolean, roomId: string | null, inviteeId: string) {
    const p = await this.person(inviteeId);
    if (!p) throw notFound('被邀请的用户不存在');
    if (p.role !== 'qz') throw badRequest('只能邀请求职者；本单位同事无需邀请即可进入房间');
    if (paid) return;
    const used = await this.dailyRoom(this.db, promoterId, inviteeId, this.today());
    if (used && used !== roomId) throw forbidden(RTC_FREE_NOTICE);
  }

  private async recordInvite(roomId: string, userId: string, by: string) {
    await this.db.execute(sql`insert into rtc_room_invites (room_id, user_id, invited_by, invited_at)
      values (${roomId}, ${userId}, ${by}, ${at(this.now())}::timestamptz) on conflict do nothing`);
  }

  // ---------------------------------------------------------------- entering and leaving

  /**
   * Puts a person in a room: HTTP joinRoom (no seat) or a signalling join (seat). One stay per
   * person at a time; the capacity and the free HR's daily rule are checked under the room's
   * row lock, so two nodes cannot both admit the seventh person.
   */
  async admit(userId: string, roomId: string | number, seat: SocketSeat | null): Promise<Admission> {
    const p = await this.mustPerson(userId);
    const room = await this.openRoom(roomId);
    const rel = await this.relation(p, room);
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
        if ((n?.n ?? 0) >= RTC_MAX_MEMBERS) throw conflict(RTC_ROOM_FULL_MSG);
      }
      if (rel === 'invitee' && !room.paid) {
        // The first room of this HR the seeker enters today is the day's interview.
        await tx.execute(sql`insert into rtc_daily_interviews (hr_id, seeker_id, day, room_id)
          values (${room.promoter_id}, ${userId}, ${day}::date, ${room.id}) on conflict do nothing`);
        if ((await this.dailyRoom(tx, room.promoter_id, userId, day)) !== room.id) throw forbidden(RTC_FREE_NOTICE);
      }
      if (!seat) {
        if (!current) {
          await tx.execute(sql`insert into rtc_room_members (room_id, user_id, joined_at) values (${room.id}, ${userId}, ${now}::timestamptz)`);
        }
        return { row: 0, attachSeq: 0, resumed: false };
      }
      const resumed = !!current && current.session === seat.session;
      const r = current
        ? await one<{ row: string; seq: number }>(
            tx,
            sql`update rtc_room_members set session = ${seat.session}, audio = ${seat.audio}, video = ${seat.video}, connected = true,
                  attach_seq = attach_seq + 1, disconnected_at = null, node = ${seat.node}
                where room_id = ${room.id} and user_id = ${userId} and left_at is null returning id::text as row, attach_seq as seq`,
          )
        : await one<{ row: string; seq: number }>(
            tx,
            sql`insert into rtc_room_members (room_id, user_id, joined_at, session, audio, video, connected, attach_seq, node)
                values (${room.id}, ${userId}, ${now}::timestamptz, ${seat.session}, ${seat.audio}, ${seat.video}, true, 1, ${seat.node})
                returning id::text as row, attach_seq as seq`,
          );
      return { row: Number(r!.row), attachSeq: Number(r!.seq), resumed };
    });
    const others = seat ? await this.seated(room.id, userId) : [];
    if (seat) {
      const m: RtcMember = { userId, session: seat.session, audio: seat.audio, video: seat.video };
      await this.publish({ k: 'joined', r: room.id, m, c: seat.conn, resumed: result.resumed, row: result.row, s: result.attachSeq });
    }
    return { room, ...result, others };
  }

  /** Members of a room who hold a signalling seat, but `except`. */
  async seated(roomId: string, except: string | null): Promise<RtcMember[]> {
    const list = await rows<{ userId: string; session: string; audio: boolean; video: boolean }>(
      this.db,
      sql`select user_id::text as "userId", session, audio, video from rtc_room_members
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
    if (!r) throw notFound('房间不存在');
    const gone = await one<{ id: string }>(
      this.db,
      sql`update rtc_room_members set left_at = ${at(this.now())}::timestamptz, leave_cause = 'left', connected = false
          where room_id = ${r.id} and user_id = ${userId} and left_at is null returning id::text as id`,
    );
    if (!gone) {
      const ever = await one(this.db, sql`select 1 as x from rtc_room_members where room_id = ${r.id} and user_id = ${userId} limit 1`);
      if (!ever && userId !== r.promoter_id) throw forbidden('您不在该房间中');
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

  async media(userId: string, roomId: string, session: string, audio: boolean, video: boolean): Promise<void> {
    const r = await one(
      this.db,
      sql`update rtc_room_members set audio = ${audio}, video = ${video}
          where room_id = ${roomId} and user_id = ${userId} and left_at is null and session = ${session} returning id`,
    );
    if (!r) throw roomEnded('您已不在该房间中');
    await this.publish({ k: 'media', r: roomId, m: { userId, session, audio, video } });
  }

  // ---------------------------------------------------------------- ending

  /** endRoom: only the promoter ends a room by hand. */
  async endByPromoter(userId: string, roomId: number): Promise<void> {
    const r = await this.row(roomId);
    if (!r) throw notFound('房间不存在');
    if (r.promoter_id !== userId) throw forbidden('只有房间发起人可以结束房间');
    if (!r.ended) await this.finish(r.id, 'promoter_ended');
  }

  /** Ends a room once (whichever node gets there first) and tells everyone. */
  async finish(roomId: string, cause: EndCause): Promise<boolean> {
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
    const due = await rows<{ id: string; cause: EndCause }>(
      this.db,
      sql`select id::text as id, case when ends_at <= ${at(now)}::timestamptz then 'time_up' else 'expired' end as cause from rtc_rooms
          where ended_at is null and (ends_at <= ${at(now)}::timestamptz or created_at <= ${at(now - RTC_ROOM_MAX_HOURS * 3600_000)}::timestamptz)`,
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
    const r = await this.row(roomId);
    if (!r) throw notFound('房间不存在');
    const p = await this.mustPerson(userId);
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
      endsAt: ms(r.ends),
      ended: r.ended,
      serverTime: this.now(),
      members: members.map((m) => ({ userId: m.userId, audio: m.audio, video: m.video, joinedAt: Number(m.joined) })),
      invited: invited.map((i) => i.id),
    };
  }

  /** roomMembersInfo: name and enterprise of each id that exists, in the order asked. */
  async membersInfo(ids: string[]): Promise<{ userid: string; username: string; dwid: string }[]> {
    const unique = [...new Set(ids)];
    const found = await rows<{ userid: string; username: string; dwid: string }>(
      this.db,
      sql`select u.id::text as userid,
                 coalesce(nullif(hp.name, ''), nullif(sp.name, ''), nullif(u.name, ''), overlay(u.phone placing '****' from 4 for 4)) as username,
                 case when hp.join_state = 2 and hp.company_id is not null then hp.company_id::text else '' end as dwid
          from users u left join hr_profiles hp on hp.user_id = u.id left join seeker_profiles sp on sp.user_id = u.id
          where u.id in (${sql.join(unique.map((id) => sql`${id}`), sql`, `)})`,
    );
    const byId = new Map(found.map((f) => [f.userid, f]));
    return unique.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
  }

  private async publish(e: RoomEvent) {
    await this.s.bus.publish(this.topic, e);
  }
}
