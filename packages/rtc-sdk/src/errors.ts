import { RTC_MSG } from '@zp/core/rtc-words';
import { DEVICE_ERROR_EXTRA_CODE, ERROR_CODE } from './constants.js';

export interface RtcErrorParams {
  code: number;
  extraCode?: number;
  message: string;
  fnName?: string;
  originError?: Error | DOMException;
}

/** The error every method rejects with; same fields as trtc-sdk-v5's RtcError. */
export class RtcError extends Error {
  override name = 'RtcError';
  readonly code: number;
  readonly extraCode?: number;
  readonly functionName: string;
  readonly originError?: Error | DOMException;

  constructor({ code, extraCode, message, fnName = '', originError }: RtcErrorParams) {
    super(message, { cause: originError });
    this.code = code;
    this.extraCode = extraCode;
    this.functionName = fnName;
    this.originError = originError;
  }
}

/**
 * A getUserMedia (or getDisplayMedia) failure as trtc-sdk-v5 reports it: DEVICE_ERROR with the
 * DOMException's extraCode. A missing device or refused permission says `refused` (for camera and
 * microphone the product's wording, spec section 6); anything else says `other` and the browser's reason.
 */
export function deviceError(fnName: string, error: unknown, { refused = RTC_MSG.devices as string, other = '无法打开设备：' }: { refused?: string; other?: string } = {}): RtcError {
  const origin = error instanceof Error ? error : new Error(String(error));
  const extraCode = DEVICE_ERROR_EXTRA_CODE[origin.name] ?? ERROR_CODE.DEVICE_ERROR;
  return new RtcError({
    code: ERROR_CODE.DEVICE_ERROR,
    extraCode,
    fnName,
    originError: origin,
    message:
      extraCode === DEVICE_ERROR_EXTRA_CODE.NotFoundError || extraCode === DEVICE_ERROR_EXTRA_CODE.NotAllowedError
        ? refused
        : `${other}${origin.name}${origin.message ? ` ${origin.message}` : ''}`,
  });
}
