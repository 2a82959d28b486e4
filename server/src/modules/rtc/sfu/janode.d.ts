/**
 * Types of the parts of janode (Meetecho's Node client for Janus, plain JavaScript without its own
 * types) that the media-server code uses; the shapes follow its sources (src/janode.js,
 * src/session.js, src/handle.js, src/plugins/videoroom-plugin.js of 1.8).
 */
declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface Jsep {
    type: 'offer' | 'answer';
    sdp: string;
  }

  export class Handle extends EventEmitter {
    id: number;
    detach(): Promise<void>;
    trickle(candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null }): Promise<void>;
    trickleComplete(): Promise<void>;
  }

  export class Session extends EventEmitter {
    id: number;
    attach<H extends Handle>(plugin: { id: string; Handle: new (...args: never[]) => H }): Promise<H>;
    destroy(): Promise<void>;
  }

  export class Connection extends EventEmitter {
    create(ka_interval?: number): Promise<Session>;
    close(): Promise<void>;
  }

  const Janode: {
    connect(config: { address: { url: string }[]; retry_time_secs?: number; max_retries?: number; is_admin?: boolean }): Promise<Connection>;
    EVENT: {
      CONNECTION_CLOSED: string;
      CONNECTION_ERROR: string;
      SESSION_DESTROYED: string;
      HANDLE_DETACHED: string;
      HANDLE_HANGUP: string;
      HANDLE_WEBRTCUP: string;
    };
    Logger: { setLevel(level: 'none' | 'error' | 'warning' | 'info' | 'verbose' | 'debug'): void };
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { Handle, Jsep } from 'janode';

  export class VideoRoomHandle extends Handle {
    create(p: {
      room: number;
      description?: string;
      max_publishers?: number;
      bitrate?: number;
      /** seconds between the keyframes Janus asks of publishers (0: never) */
      fir_freq?: number;
      audiocodec?: string;
      videocodec?: string;
      talking_events?: boolean;
      talking_level_threshold?: number;
      talking_packets_threshold?: number;
      notify_joining?: boolean;
    }): Promise<{ room: number }>;
    destroy(p: { room: number }): Promise<unknown>;
    kick(p: { room: number; feed: number }): Promise<unknown>;
    exists(p: { room: number }): Promise<{ room: number; exists: boolean }>;
    list(): Promise<{ list: { room: number; num_participants: number }[] }>;
    joinConfigurePublisher(p: { room: number; feed: number; display?: string; audio?: boolean; video?: boolean; jsep: Jsep }): Promise<{ feed: number; jsep?: Jsep }>;
    configure(p: { jsep?: Jsep; streams?: { mid: string; substream?: number; temporal?: number }[]; keyframe?: boolean; record?: boolean; filename?: string }): Promise<{ jsep?: Jsep }>;
    /** multistream (Janus 1.x): one entry per feed subscribed to */
    joinSubscriber(p: { room: number; streams: { feed: number; mid?: string }[] }): Promise<{ jsep?: Jsep; streams?: { type: string; mid: string }[] }>;
    start(p: { jsep: Jsep }): Promise<unknown>;
    leave(): Promise<unknown>;
  }

  const VideoRoomPlugin: {
    id: string;
    Handle: typeof VideoRoomHandle;
    EVENT: {
      VIDEOROOM_TALKING: string;
      VIDEOROOM_UNPUBLISHED: string;
      VIDEOROOM_LEAVING: string;
      VIDEOROOM_DESTROYED: string;
      VIDEOROOM_KICKED: string;
    };
  };
  export default VideoRoomPlugin;
}
