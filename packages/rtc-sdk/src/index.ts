// @zp/rtc-sdk: the self-hosted WebRTC client with trtc-sdk-v5's API (`import TRTC from '@zp/rtc-sdk'`).
import { TRTC } from './trtc.js';

export { TRTC };
export default TRTC;
export { EVENT, TYPE, ERROR_CODE, VIDEO_PROFILES, DEFAULT_VIDEO_PROFILE, DEVICE_ERROR_EXTRA_CODE } from './constants.js';
export { RtcError } from './errors.js';
export type * from './types.js';
export type * from './signalling.js';
