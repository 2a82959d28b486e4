import type { WireMessage } from '@zp/core/contract';

/** Conversation IDs as Tencent's SDK writes them; apart from convert.ts for the light connection (light.ts). */
const SYSTEM = '@TIM#SYSTEM';

/**
 * A one-to-one custom message: how a call signal travels (widgets/chat/src/call). The light
 * connection loads the chat for one, and the SDK keeps these for a listener still mounting.
 */
export const mayBeCallSignal = (m: { conversationType: unknown; type: unknown }) => m.conversationType === 'C2C' && m.type === 'TIMCustomElem';

/** The conversation a message belongs to, seen from `me`. */
export function conversationIdOf(w: Pick<WireMessage, 'conversationType' | 'from' | 'to'>, me: string): string {
  if (w.conversationType === 'GROUP') return `GROUP${w.to}`;
  if (w.conversationType === 'C2C') return `C2C${w.from === me ? w.to : w.from}`;
  return SYSTEM;
}

