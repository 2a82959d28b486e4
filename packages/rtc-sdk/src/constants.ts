/**
 * Constants with the names and values of trtc-sdk-v5 (TRTC.EVENT, TRTC.TYPE, TRTC.ERROR_CODE),
 * so code written against Tencent's SDK runs unchanged on ours. constants.test.ts compares them
 * with the real package.
 */

export const EVENT = {
  ERROR: 'error',
  AUTOPLAY_FAILED: 'autoplay-failed',
  KICKED_OUT: 'kicked-out',
  REMOTE_USER_ENTER: 'remote-user-enter',
  REMOTE_USER_EXIT: 'remote-user-exit',
  REMOTE_AUDIO_AVAILABLE: 'remote-audio-available',
  REMOTE_AUDIO_UNAVAILABLE: 'remote-audio-unavailable',
  REMOTE_VIDEO_AVAILABLE: 'remote-video-available',
  REMOTE_VIDEO_UNAVAILABLE: 'remote-video-unavailable',
  AUDIO_VOLUME: 'audio-volume',
  AUDIO_FRAME: 'audio-frame',
  NETWORK_QUALITY: 'network-quality',
  CONNECTION_STATE_CHANGED: 'connection-state-changed',
  AUDIO_PLAY_STATE_CHANGED: 'audio-play-state-changed',
  VIDEO_PLAY_STATE_CHANGED: 'video-play-state-changed',
  SCREEN_SHARE_STOPPED: 'screen-share-stopped',
  DEVICE_CHANGED: 'device-changed',
  PUBLISH_STATE_CHANGED: 'publish-state-changed',
  TRACK: 'track',
  STATISTICS: 'statistics',
  SEI_MESSAGE: 'sei-message',
  CUSTOM_MESSAGE: 'custom-message',
  FIRST_VIDEO_FRAME: 'first-video-frame',
  PERMISSION_STATE_CHANGE: 'permission-state-change',
  VIDEO_SIZE_CHANGED: 'video-size-changed',
  REALTIME_TRANSCRIBER_MESSAGE: 'realtime-transcriber-message',
  REALTIME_TRANSCRIBER_STATE_CHANGED: 'realtime-transcriber-state-changed',
  PICTURE_IN_PICTURE_STATE_CHANGED: 'picture-in-picture-state-changed',
  FULL_SCREEN_STATE_CHANGED: 'full-screen-state-changed',
} as const;

export const TYPE = {
  SCENE_LIVE: 'live',
  SCENE_RTC: 'rtc',
  ROLE_ANCHOR: 'anchor',
  ROLE_AUDIENCE: 'audience',
  STREAM_TYPE_MAIN: 'main',
  STREAM_TYPE_SUB: 'sub',
  AUDIO_PROFILE_STANDARD: 'standard',
  AUDIO_PROFILE_STANDARD_STEREO: 'standard-stereo',
  AUDIO_PROFILE_HIGH: 'high',
  AUDIO_PROFILE_HIGH_STEREO: 'high-stereo',
  QOS_PREFERENCE_SMOOTH: 'smooth',
  QOS_PREFERENCE_CLEAR: 'clear',
  SPEAKER: 'Speakerphone',
  HEADSET: 'Headset earpiece',
} as const;

export const ERROR_CODE = {
  INVALID_PARAMETER: 5000,
  INVALID_OPERATION: 5100,
  ENV_NOT_SUPPORTED: 5200,
  DEVICE_ERROR: 5300,
  SERVER_ERROR: 5400,
  OPERATION_FAILED: 5500,
  OPERATION_ABORT: 5998,
  UNKNOWN_ERROR: 5999,
} as const;

/** error.extraCode of a DEVICE_ERROR, by the getUserMedia DOMException name (as trtc-sdk-v5 maps them). */
export const DEVICE_ERROR_EXTRA_CODE: Readonly<Record<string, number>> = {
  NotFoundError: 5301,
  NotAllowedError: 5302,
  NotReadableError: 5303,
  OverconstrainedError: 5304,
  InvalidStateError: 5305,
  SecurityError: 5306,
  AbortError: 5307,
};

export interface VideoProfile {
  width: number;
  height: number;
  frameRate: number;
  bitrate: number;
}

/** Camera profiles of trtc-sdk-v5's videoProfileMap (bitrate in kbps). */
export const VIDEO_PROFILES = {
  '120p': { width: 160, height: 120, frameRate: 15, bitrate: 200 },
  '180p': { width: 320, height: 180, frameRate: 15, bitrate: 350 },
  '240p': { width: 320, height: 240, frameRate: 15, bitrate: 400 },
  '360p': { width: 640, height: 360, frameRate: 15, bitrate: 800 },
  '480p': { width: 640, height: 480, frameRate: 15, bitrate: 900 },
  '720p': { width: 1280, height: 720, frameRate: 15, bitrate: 1500 },
  '1080p': { width: 1920, height: 1080, frameRate: 15, bitrate: 2000 },
  '1440p': { width: 2560, height: 1440, frameRate: 30, bitrate: 4860 },
  '4K': { width: 3840, height: 2160, frameRate: 30, bitrate: 9000 },
} as const satisfies Record<string, VideoProfile>;

/** Screen-sharing profiles of trtc-sdk-v5's screenProfileMap (the default is 1080p: sharp text, few frames). */
export const SCREEN_PROFILES = {
  '480p': { width: 640, height: 480, frameRate: 5, bitrate: 900 },
  '480p_2': { width: 640, height: 480, frameRate: 30, bitrate: 1000 },
  '720p': { width: 1280, height: 720, frameRate: 5, bitrate: 1200 },
  '720p_2': { width: 1280, height: 720, frameRate: 30, bitrate: 3000 },
  '1080p': { width: 1920, height: 1080, frameRate: 5, bitrate: 1600 },
  '1080p_2': { width: 1920, height: 1080, frameRate: 30, bitrate: 4000 },
} as const satisfies Record<string, VideoProfile>;

/** trtc-sdk-v5's default camera profile, which is also the product's interview resolution. */
export const DEFAULT_VIDEO_PROFILE = '480p';

/** How one encoding of our picture is sent: at most `kbps`, shrunk by `scaleDown` on each side, at most `frameRate`. */
export interface SendLayer {
  kbps: number;
  scaleDown: number;
  frameRate: number;
}

/** The media server's small layer (small tiles): half the size on each side. */
const SMALL_LAYER: SendLayer = { kbps: 150, scaleDown: 2, frameRate: 15 };

/**
 * How our picture is sent in a room of `people` (us included). As a room grows each stream gives
 * up bitrate, then frame rate and size, so that a larger room degrades instead of failing: in a
 * mesh each person encodes once per other person (a 6-person mesh at full size fell to 1.5 fps
 * per picture on a 2-core machine), so it gives up early; through the media server we encode once,
 * a large layer for the enlarged picture and a small one for tiles, and give up only beyond eight,
 * where every picture is a tile but one. A shared screen keeps its size and frame rate (text must
 * stay readable) and gives up bitrate only.
 */
export function sendLayers(profile: { bitrate: number; frameRate: number }, people: number, path: 'mesh' | 'sfu', screen = false): SendLayer[] {
  const full = { kbps: profile.bitrate, scaleDown: 1, frameRate: profile.frameRate };
  const shrink = (share: number, scaleDown: number, frameRate: number): SendLayer =>
    screen ? { ...full, kbps: Math.round(full.kbps * share) } : { kbps: Math.round(full.kbps * share), scaleDown, frameRate: Math.min(full.frameRate, frameRate) };
  if (path === 'sfu') {
    if (people <= 8) return [full, SMALL_LAYER];
    return [shrink(0.6, 1, 12), { ...SMALL_LAYER, kbps: 100, frameRate: 10 }];
  }
  if (people <= 2) return [full];
  if (people === 3) return [shrink(0.6, 1, 15)];
  if (people === 4) return [shrink(0.4, 1.5, 12)];
  return [shrink(0.25, 2, 10)];
}

/** The RTCRtpEncodingParameters of a layer. */
export const encodingOf = (layer: SendLayer): RTCRtpEncodingParameters => ({
  maxBitrate: layer.kbps * 1000,
  scaleResolutionDownBy: layer.scaleDown,
  maxFramerate: layer.frameRate,
});
