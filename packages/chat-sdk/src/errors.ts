import { TYPES } from './enums.js';

/**
 * Failures as @tencentcloud/chat reports them: `{code, message}` (an Error, so it also has a
 * stack). Codes from the server pass through unchanged; these are the SDK's own.
 */
export const ERR = {
  /** the SDK is not logged in (Tencent 6014) */
  notLoggedIn: 6014,
  /** kicked out while logging in (Tencent 6206); `data.type` says why, as KICKED_OUT would */
  kicked: 6206,
  /** the socket dropped before an answer came */
  network: 2800,
  /** no answer in time */
  timeout: 2801,
  /** a parameter the SDK refused before sending */
  badParameter: 2100,
  /** an upload failed */
  upload: 2250,
} as const;

export class ChatError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** Spec section 8: the reason, then '被踢出，请重新登录。' */
export function kickedOutText(type: string): string {
  const reason =
    type === TYPES.KICKED_OUT_MULT_ACCOUNT ? '由于多实例登录'
    : type === TYPES.KICKED_OUT_MULT_DEVICE ? '由于多设备登录'
    : type === TYPES.KICKED_OUT_USERSIG_EXPIRED ? '由于 userSig 过期'
    : '';
  return `${reason}被踢出，请重新登录。`;
}
