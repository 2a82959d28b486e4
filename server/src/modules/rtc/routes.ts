import { rtcApi, RTC_INVITED_MSG } from '@zp/core/contract';
import { beijingToday } from '@zp/core/dates';
import { handle } from '../../http/route.js';
import { notFound, replyAfter } from '../../http/reply.js';
import type { Module } from '../order.js';
import type { Services } from '../../services.js';
import { Rooms } from './rooms.js';
import { RtcHub } from './hub.js';
import { setVip } from './set-company-vip.js';
import { companyVip } from './vip.js';
import { Sfu } from './sfu/sfu.js';
import { startJanusChild } from './sfu/janus-process.js';
import { Recordings } from './recording/recordings.js';
import { recordingDays, recordingsKept, setRecordingDays } from './recording/retention.js';
import { runEvery } from '../../services.js';

/** The signalling hub of each running server (tests set its rooms' clock and look at sockets). */
export const rtcHubs = new WeakMap<Services, RtcHub>();
const modes = new WeakMap<Services, string>();

/** The start banner's line on video: which way rooms go, and why. */
export const videoMode = (s: Services) => modes.get(s) ?? '视频：点对点（未启用）';

/**
 * The media server: external Janus servers (JANUS_URL), else our own Janus when it is installed
 * (JANUS=off keeps rooms peer to peer). Null without one: rooms stay a mesh of at most six.
 */
async function mediaServer(app: Parameters<Module['register']>[0], s: Services): Promise<{ urls: string[]; mode: string; pid?: () => number | null; onDied?: (fn: (url: string) => void) => void } | null> {
  const j = s.config.janus;
  if (j.urls.length) return { urls: j.urls, mode: `视频：三人及以上经媒体服务器 Janus（${j.urls.length} 台，JANUS_URL），两人点对点` };
  if (!j.child) {
    modes.set(s, '视频：点对点，最多 6 人（JANUS=off，未启用媒体服务器）');
    return null;
  }
  let died = () => {};
  const child = await startJanusChild({ binary: j.binary, dataDir: s.config.dataDir, rtpPorts: j.rtpPorts, onExit: () => died() }, app.log);
  if (!child) {
    modes.set(s, '视频：点对点，最多 6 人（未安装 Janus：apt-get install janus janus-tools ffmpeg 后重启即启用媒体服务器）');
    return null;
  }
  s.onClose(() => child.stop());
  return {
    urls: [child.url],
    mode: `视频：三人及以上经本机启动的媒体服务器 Janus（RTP 端口 ${j.rtpPorts}/udp），两人点对点`,
    pid: child.pid,
    onDied: (fn) => {
      died = () => fn(child.url);
    },
  };
}

/**
 * Video interviews: rooms and their rules (rooms.ts), the HTTP calls of spec section 7 "Video",
 * and the self-hosted signalling socket (hub.ts)., and the operator's membership setting,
 * which decides who is a paying HR (vip.ts).
 */
const rtc: Module = {
  name: 'rtc',
  dependencies: ['companies', 'chat', 'files'],
  async register(app, s) {
    const media = await mediaServer(app, s);
    let hub: RtcHub | null = null;
    const sfu = media
      ? new Sfu(media.urls, app.log, {
          lost: (list) => void hub?.mediaLost(list),
          talking: (room, feed, on) => void rooms.talking(room, feed, on).catch(() => {}),
        }, s.config.janus.sfuMaxMembers)
      : null;
    const rooms = new Rooms(s, s.config.rtc.reconnectGraceMs, { on: () => !!sfu?.up, maxMembers: s.config.janus.sfuMaxMembers });
    const recordings = new Recordings(s);
    hub = new RtcHub(s, rooms, sfu, media?.pid, recordings);
    // Recordings older than the retention are deleted (the operator's setting; RTC_RECORDING_DAYS until set).
    runEvery(s, 3600_000, 'rtc: recording retention', async () => recordings.expire(await recordingDays(s)));
    rtcHubs.set(s, hub);
    if (sfu) {
      media!.onDied?.((url) => sfu.serverDied(url));
      await sfu.start();
      s.onClose(() => sfu.stop());
      modes.set(s, sfu.up ? media!.mode : `${media!.mode}——暂未连上，稍后自动重试`);
    }
    await hub.start();
    s.onClose(() => hub.stop());
    // Registered after the chat's listener (modules order), which refuses the old userSigs first:
    // a socket closed here cannot come straight back with one.
    s.sessions.onRevoked(({ userId }) => hub.revokeUser(userId));

    app.get('/api/rtc/ws', { websocket: true, schema: { hide: true } }, (socket, req) => hub.attach(socket, s.origins.partnerOf(req)));

    handle(app, s, rtcApi.startVedio, ({ user, params }) => rooms.startCheck(user.id, params.userId));

    handle(app, s, rtcApi.hrOpenRoom, async ({ user, query }) => {
      const r = await rooms.open(user.id, query.userId);
      return { data: r.roomId, endsAt: r.endsAt, limitSeconds: r.limitSeconds, ...(query.userId ? { msg: RTC_INVITED_MSG } : {}) };
    });

    handle(app, s, rtcApi.inviteRoom, ({ user, query }) => replyAfter(rooms.invite(user.id, query.channelId, query.userId), { msg: RTC_INVITED_MSG }));

    handle(app, s, rtcApi.joinRoom, async ({ user, query }) => {
      const a = await rooms.admit(user.id, query.channelId, null);
      return { data: await rooms.describe(a.room) };
    });

    handle(app, s, rtcApi.leaveRoom, ({ user, query }) => replyAfter(rooms.leave(user.id, query.channelId, null), {}));

    handle(app, s, rtcApi.endRoom, ({ user, query }) => replyAfter(rooms.endByPromoter(user.id, query.channelId), { msg: '视频面试已结束' }));

    handle(app, s, rtcApi.roomInfo, async ({ user, query }) => ({ data: await rooms.info(user.id, query.channelId) }));

    handle(app, s, rtcApi.roomMessages, async ({ user, query }) => ({ list: await hub.chat.list(user.id, query.channelId) }));

    handle(app, s, rtcApi.roomChats, async ({ user }) => ({ list: await hub.chat.rooms(user.id) }));

    handle(app, s, rtcApi.recordings, async ({ user }) => ({ list: await recordings.list(user.id) }));

    handle(app, s, rtcApi.recordingUrl, async ({ user, params }) => recordings.open(user.id, Number(params.id)));

    handle(app, s, rtcApi.deleteRecording, ({ user, params }) => replyAfter(recordings.remove(user.id, Number(params.id)), { msg: '录像已删除' }));

    handle(app, s, rtcApi.roomMembersInfo, async ({ user, body }) => ({ list: await rooms.membersInfo(user.id, body) }));

    // ---- how long recordings are kept (the operator's console)

    handle(app, s, rtcApi.adminRecordingSettings, async () => ({ data: { recordingDays: await recordingDays(s), kept: await recordingsKept(s) } }));

    handle(app, s, rtcApi.adminSetRecordingSettings, async ({ body, user }) => {
      const data = await setRecordingDays(s, recordings, user.id, body.recordingDays);
      return { data, msg: `已保存：录像保存 ${data.recordingDays} 天${data.deleted ? `，已删除 ${data.deleted} 个超期录像` : ''}` };
    });

    // ---- an enterprise's paying membership (its HR's video interviews have no limit through vipEnd)

    handle(app, s, rtcApi.adminVip, async ({ query }) => {
      const data = await companyVip(s.db, query.dwid, beijingToday());
      if (!data) throw notFound('单位不存在');
      return { data };
    });

    handle(app, s, rtcApi.adminSetVip, async ({ body, user }) => {
      const data = await setVip(s, user.id, body);
      return { data, msg: body.vip === 1 ? `已设为付费会员，到期日 ${data.vipEnd}` : '已取消付费会员' };
    });
  },
};
export default rtc;
