/**
 * The media server (Janus's VideoRoom, an SFU) as the signalling hub uses it: one janode
 * connection and session per Janus server, a room of ours is a Janus room of the same number on
 * one of them, and each person in it holds one publisher handle (their uplink) and one subscriber
 * handle per person they watch. Browsers never speak Janus's API: the hub passes SDP and ICE
 * candidates between them and these handles (contract rtc.ts, "SFU").
 *
 * A server whose connection drops takes its rooms with it: they are placed again on a server that
 * is up (the same one once it is back), and `onLost` tells the hub, which has the people in them
 * publish and subscribe anew.
 */
import Janode, { type Connection, type Jsep, type Session } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import type { FastifyBaseLogger } from 'fastify';

const RECONNECT_MS = 1000;
/** Janus's error when the room exists already (another node created it first). */
const ROOM_EXISTS = 427;
/** Janus's error when a publisher of that id is still in the room (a session of ours it has not timed out yet). */
const ID_EXISTS = 436;

interface JanusServer {
  url: string;
  connection: Connection | null;
  session: Session | null;
  /** a handle for room management (create, destroy) */
  control: VideoRoomHandle | null;
  connecting: Promise<void> | null;
}

/** One person's handles in one room. */
interface Member {
  server: JanusServer;
  uplink: VideoRoomHandle | null;
  /** the feed (our member row) the uplink publishes as */
  feed: number;
  downlinks: Map<string, VideoRoomHandle>;
}

/** The video stream's mid of each subscription (the simulcast layer is chosen per stream). */
const videoMids = new WeakMap<VideoRoomHandle, string>();

export interface SfuEvents {
  /** A server went away: the rooms listed were on it and must be published to anew. */
  lost(rooms: string[]): void;
  /** Janus says a feed started or stopped speaking (audio level). */
  talking(room: string, feed: number, talking: boolean): void;
}

/** Seconds between the keyframes Janus asks of publishers (fir_freq). */
const FIR_SECONDS = 5;
const key = (room: string, user: string) => `${room}:${user}`;

export class Sfu {
  private servers: JanusServer[];
  /** which server each room is on */
  private placed = new Map<string, JanusServer>();
  /** rooms whose handles went with a lost connection: Janus may still hold them, so they are made anew */
  private stale = new Set<string>();
  private members = new Map<string, Member>();
  private stopped = false;

  constructor(
    urls: string[],
    private log: FastifyBaseLogger,
    private events: SfuEvents,
    /** publishers a Janus room accepts (the largest room we allow) */
    private maxPublishers: number,
  ) {
    this.servers = urls.map((url) => ({ url, connection: null, session: null, control: null, connecting: null }));
    Janode.Logger.setLevel('none');
  }

  /** Connects to every server; one that is down is retried in the background. */
  async start(): Promise<void> {
    await Promise.all(this.servers.map((s) => this.connect(s).catch(() => this.retry(s))));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const s of this.servers) await s.connection?.close().catch(() => {});
  }

  /** How many servers answer now (the start banner and health). */
  get up(): number {
    return this.servers.filter((s) => s.session).length;
  }

  /** Handles held now: for the leak check (rooms × people). */
  get handles(): number {
    let n = 0;
    for (const m of this.members.values()) n += (m.uplink ? 1 : 0) + m.downlinks.size;
    return n;
  }

  get rooms(): number {
    return this.placed.size;
  }

  /** Rooms the media servers hold now, by their own count (what `rooms` should agree with). */
  async serverRooms(): Promise<number> {
    let n = 0;
    for (const s of this.servers) if (s.control) n += (await s.control.list()).list.length;
    return n;
  }

  private connect(s: JanusServer): Promise<void> {
    s.connecting ??= (async () => {
      try {
        const connection = await Janode.connect({ address: [{ url: s.url }], retry_time_secs: 1, max_retries: 1 });
        // Keepalives every 10 s, answered within 5 s: a loaded machine (a room of nine browsers
        // beside Janus) must not be taken for a dead server. Our own Janus dying is known at once.
        const session = await connection.create(10);
        const control = await session.attach(VideoRoomPlugin);
        s.connection = connection;
        s.session = session;
        s.control = control;
        connection.once(Janode.EVENT.CONNECTION_CLOSED, () => this.lost(s));
        connection.once(Janode.EVENT.CONNECTION_ERROR, () => this.lost(s));
        session.once(Janode.EVENT.SESSION_DESTROYED, () => this.lost(s));
        this.log.info({ janus: s.url }, 'janus: connected');
      } finally {
        s.connecting = null;
      }
    })();
    return s.connecting;
  }

  private retry(s: JanusServer) {
    if (this.stopped) return;
    const t = setTimeout(() => this.connect(s).catch(() => this.retry(s)), RECONNECT_MS);
    t.unref();
  }

  /** We know the server at `url` died (our own Janus exited): its rooms move now, not at the next keepalive. */
  serverDied(url: string) {
    const s = this.servers.find((x) => x.url === url);
    if (s) this.lost(s);
  }

  private lost(s: JanusServer) {
    if (!s.session && !s.connection) return;
    s.connection?.close().catch(() => {});
    s.connection = s.session = s.control = null;
    const rooms = [...this.placed].filter(([, on]) => on === s).map(([room]) => room);
    for (const room of rooms) {
      this.placed.delete(room);
      this.stale.add(room);
    }
    for (const [k, m] of this.members) if (m.server === s) this.members.delete(k);
    if (!this.stopped) this.log.error({ janus: s.url, rooms: rooms.length }, 'janus: connection lost; its rooms move');
    if (rooms.length) this.events.lost(rooms);
    this.retry(s);
  }

  /** The server the room is on, placing (and creating) it on one that is up if it is nowhere yet. */
  private async roomServer(room: string): Promise<JanusServer> {
    const known = this.placed.get(room);
    if (known?.session) return known;
    const up = this.servers.filter((s) => s.session);
    if (!up.length) throw new Error('no media server is up');
    // Spread by room number; the same room lands on the same server from every node while the set of live servers is the same.
    const s = up[Number(room) % up.length]!;
    if (this.stale.delete(room)) await s.control!.destroy({ room: Number(room) }).catch(() => {});
    try {
      await s.control!.create({
        room: Number(room),
        max_publishers: this.maxPublishers,
        audiocodec: 'opus',
        videocodec: 'vp8',
        // A keyframe asked of every publisher this often: a recording started later, or a
        // subscriber whose first keyframe was lost, has a picture within that time (WebRTC's
        // encoders send keyframes only when asked).
        fir_freq: FIR_SECONDS,
        talking_events: true,
        talking_level_threshold: 40,
        talking_packets_threshold: 50,
      });
    } catch (err) {
      if ((err as { _code?: number })._code !== ROOM_EXISTS && !/already exists/i.test(String((err as Error).message))) throw err;
    }
    this.placed.set(room, s);
    return s;
  }

  private member(room: string, user: string): Member | undefined {
    return this.members.get(key(room, user));
  }

  /**
   * Publishes a person's media into the room (their offer; returns Janus's answer, and `up`, which
   * resolves once their media reach Janus: it takes subscriptions to a publisher only from then).
   * A second publication of the same person (a new page, a restart) replaces the first.
   */
  async publish(room: string, user: string, feed: number, sdp: string): Promise<{ answer: string; up: Promise<void> }> {
    const server = await this.roomServer(room);
    let m = this.member(room, user);
    if (m && m.server !== server) {
      await this.release(room, user);
      m = undefined;
    }
    if (!m) {
      m = { server, uplink: null, feed, downlinks: new Map() };
      this.members.set(key(room, user), m);
    }
    const old = m.uplink;
    m.uplink = null;
    await old?.detach().catch(() => {});
    const handle = await server.session!.attach(VideoRoomPlugin);
    m.uplink = handle;
    m.feed = feed;
    const up = new Promise<void>((resolve, reject) => {
      handle.once(Janode.EVENT.HANDLE_WEBRTCUP, () => resolve());
      handle.once(Janode.EVENT.HANDLE_DETACHED, () => reject(new Error('the publication went before its media came')));
    });
    up.catch(() => {}); // nobody may be waiting any more
    handle.on(VideoRoomPlugin.EVENT.VIDEOROOM_TALKING, (e: { feed?: number; talking?: boolean }) => {
      // Every publisher in the room hears it; the speaker's own handle tells it once.
      if (e?.feed === feed && m.uplink === handle) this.events.talking(room, feed, !!e.talking);
    });
    const join = () => handle.joinConfigurePublisher({ room: Number(room), feed, display: user, audio: true, video: true, jsep: { type: 'offer', sdp } });
    const r = await join().catch(async (err: { _code?: number }) => {
      // The same stay published before on a session Janus still keeps: that one goes.
      if (err?._code !== ID_EXISTS && !/^436 /.test(String((err as Error).message))) throw err;
      await server.control!.kick({ room: Number(room), feed }).catch(() => {});
      return join();
    });
    if (r.jsep?.type !== 'answer') throw new Error('janus gave no answer to the publication');
    return { answer: r.jsep.sdp, up };
  }

  /** Subscribes `user` to `target`'s feed; returns Janus's offer (answered with `answer`). */
  async subscribe(room: string, user: string, target: string, feed: number, layer: 0 | 1): Promise<string> {
    const server = await this.roomServer(room);
    let m = this.member(room, user);
    if (!m) {
      m = { server, uplink: null, feed: 0, downlinks: new Map() };
      this.members.set(key(room, user), m);
    }
    const old = m.downlinks.get(target);
    m.downlinks.delete(target);
    await old?.detach().catch(() => {});
    const handle = await server.session!.attach(VideoRoomPlugin);
    m.downlinks.set(target, handle);
    const r = await handle.joinSubscriber({ room: Number(room), streams: [{ feed }] });
    if (r.jsep?.type !== 'offer') throw new Error('janus gave no offer for the subscription');
    const video = r.streams?.find((x) => x.type === 'video');
    if (video) {
      videoMids.set(handle, video.mid);
      await handle.configure({ streams: [{ mid: video.mid, substream: layer }] });
    }
    return r.jsep.sdp;
  }

  async answer(room: string, user: string, target: string, sdp: string): Promise<void> {
    const handle = this.member(room, user)?.downlinks.get(target);
    if (!handle) throw new Error('no such subscription');
    const jsep: Jsep = { type: 'answer', sdp };
    await handle.start({ jsep });
  }

  /** Our ICE candidate for the uplink (target null) or a subscription; null candidate: gathering done. */
  async trickle(room: string, user: string, target: string | null, candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } | null) {
    const m = this.member(room, user);
    const handle = target === null ? m?.uplink : m?.downlinks.get(target);
    if (!handle) return;
    if (candidate === null || candidate.candidate === '') await handle.trickleComplete();
    else await handle.trickle(candidate);
  }

  /** The simulcast layer `user` receives of `target` (0 the small one, 1 the large). */
  async layer(room: string, user: string, target: string, layer: 0 | 1): Promise<void> {
    const handle = this.member(room, user)?.downlinks.get(target);
    const mid = handle && videoMids.get(handle);
    if (mid) await handle.configure({ streams: [{ mid, substream: layer }] });
  }

  /** People of the room whose media this node publishes to the media server. */
  publishers(room: string): string[] {
    return [...this.members].filter(([k, m]) => k.startsWith(`${room}:`) && m.uplink).map(([k]) => k.slice(room.length + 1));
  }

  /** Janus records (file: its base name, it adds the stream and extension) or stops recording a person's uplink. */
  async record(room: string, user: string, file: string | null): Promise<void> {
    const uplink = this.member(room, user)?.uplink;
    if (!uplink) return;
    await uplink.configure(file ? { record: true, filename: file } : { record: false });
  }

  /**
   * The person left the room (or their page did for good): every handle of theirs goes, and
   * everyone's subscription to them.
   */
  async release(room: string, user: string): Promise<void> {
    const handles: (VideoRoomHandle | null | undefined)[] = [];
    const m = this.member(room, user);
    if (m) {
      this.members.delete(key(room, user));
      handles.push(m.uplink, ...m.downlinks.values());
    }
    for (const [k, other] of this.members) {
      if (!k.startsWith(`${room}:`)) continue;
      handles.push(other.downlinks.get(user));
      other.downlinks.delete(user);
    }
    await Promise.all(handles.map((h) => h?.detach().catch(() => {})));
  }

  /** The room ended: the handles this node holds in it go, and the Janus room with them. */
  async endRoom(room: string): Promise<void> {
    const users = [...this.members.keys()].filter((k) => k.startsWith(`${room}:`)).map((k) => k.slice(room.length + 1));
    await Promise.all(users.map((u) => this.release(room, u)));
    const s = this.placed.get(room);
    this.placed.delete(room);
    // Every node tries; the first one destroys it, the others hear it does not exist.
    await s?.control?.destroy({ room: Number(room) }).catch(() => {});
  }
}
