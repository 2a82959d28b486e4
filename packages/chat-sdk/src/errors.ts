/**
 * Failures as @tencentcloud/chat reports them: `{code, message}` (an Error, so it also has a
 * stack). Codes from the server pass through unchanged; these are the SDK's own.
 */
export const ERR = {
  /** the SDK is not logged in (Tencent 6014) */
  notLoggedIn: 6014,
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
