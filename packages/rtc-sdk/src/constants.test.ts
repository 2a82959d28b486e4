// @vitest-environment happy-dom
// Tencent's SDK inspects the browser when imported, hence the DOM environment.
import { expect, test } from 'vitest';
import TencentTRTC, { type screenProfileMap } from 'trtc-sdk-v5';
import TRTC, { ERROR_CODE, EVENT, TYPE } from './index.js';
import { SCREEN_PROFILES } from './constants.js';

// Type level: our EVENT has every event of Tencent's published types, with the same value.
const typedEvents: typeof TencentTRTC.EVENT = EVENT;

test('TRTC.EVENT has the names and values of trtc-sdk-v5', () => {
  const real = TencentTRTC.EVENT as Record<string, string>;
  for (const [name, value] of Object.entries(EVENT)) expect([name, real[name]]).toEqual([name, value]);
  expect(Object.keys(typedEvents)).toEqual(Object.keys(EVENT));
  // The real object also carries two events its type declarations leave out; code typed against
  // Tencent's API cannot name them, so we do not either. A new event in an upgrade shows up here.
  expect(Object.keys(real).filter((name) => !(name in EVENT))).toEqual(['VIDEO_DECODE_DOWNGRADE_STATE_CHANGED', 'LAYER_DATA']);
});

test('TRTC.TYPE and TRTC.ERROR_CODE equal trtc-sdk-v5 exactly', () => {
  expect(TYPE).toEqual({ ...TencentTRTC.TYPE });
  expect(ERROR_CODE).toEqual({ ...TencentTRTC.ERROR_CODE });
});

test('the constants hang on the class as in trtc-sdk-v5', () => {
  expect(TRTC.EVENT).toBe(EVENT);
  expect(TRTC.TYPE).toBe(TYPE);
  expect(TRTC.ERROR_CODE).toBe(ERROR_CODE);
});

// Type level: the screen profiles are Tencent's, name for name and figure for figure.
const _screenProfiles: typeof screenProfileMap = SCREEN_PROFILES;
