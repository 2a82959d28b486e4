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

/** A getUserMedia failure as trtc-sdk-v5 reports it: DEVICE_ERROR with the DOMException's extraCode. */
export function deviceError(fnName: string, error: unknown): RtcError {
  const origin = error instanceof Error ? error : new Error(String(error));
  const extraCode = DEVICE_ERROR_EXTRA_CODE[origin.name] ?? ERROR_CODE.DEVICE_ERROR;
  return new RtcError({
    code: ERROR_CODE.DEVICE_ERROR,
    extraCode,
    fnName,
    originError: origin,
    message:
      // Missing device or refused permission: the product's wording for both (spec section 6).
      extraCode === DEVICE_ERROR_EXTRA_CODE.NotFoundError || extraCode === DEVICE_ERROR_EXTRA_CODE.NotAllowedError
        ? '请确认已连接摄像头和麦克风并授予其访问权限！'
        : `无法打开设备：${origin.name}${origin.message ? ` ${origin.message}` : ''}`,
  });
}
