import { ChatSDK } from './chat.js';
import { EVENT, TSignaling, TYPES } from './enums.js';
import type { CreateOptions } from './types.js';

/**
 * The self-hosted counterpart of `TencentCloudChat` from @tencentcloud/chat:
 * `TencentCloudChat.create({SDKAppID, proxyServer?, WebSocket?})`, `.EVENT`, `.TYPES`.
 */
const TencentCloudChat = {
  create(options: CreateOptions): ChatSDK {
    return new ChatSDK(options);
  },
  EVENT,
  TYPES,
  TSignaling,
};

export default TencentCloudChat;
export { ChatSDK, EVENT, TYPES, TSignaling };
export { ChatError } from './errors.js';
export type * from './types.js';
