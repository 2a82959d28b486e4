/**
 * The SDK takes and emits exactly trtc-sdk-v5's types (imported as types only, so nothing of
 * Tencent's code is bundled): code written against Tencent's SDK type-checks against ours, and
 * trtc.test.ts has the type checker prove an instance of ours is assignable to Tencent's TRTC for
 * every method implemented here. Options the self-hosted SDK does not implement are ignored.
 */
export type {
  CustomMessageData,
  EnterRoomConfig,
  LocalAudioConfig,
  LocalVideoConfig,
  RemoteVideoConfig,
  ScreenShareConfig,
  StopRemoteVideoConfig,
  TRTCEventTypes,
  TRTCOptions,
  UpdateLocalAudioConfig,
  UpdateScreenShareConfig,
} from 'trtc-sdk-v5';

import type { TRTCEventTypes } from 'trtc-sdk-v5';

export type TRTCEventName = keyof TRTCEventTypes;

/** An element or its id; several elements show the same video. null or absent: no playback. */
export type View = string | HTMLElement | HTMLElement[] | null | undefined;
