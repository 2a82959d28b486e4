import { useEffect, useState } from 'react';
import type { Chat as ChatSDK } from '@zp/chat-sdk/provider';
import type { UserSession } from '@zp/core/session';
import { CallController } from './call/controller.js';

/** One-to-one calls (spec section 4) for as long as this person's chat is up, panel open or not. */
export function useCallController(chat: ChatSDK | null, session: UserSession | null): CallController | null {
  const [call, setCall] = useState<CallController | null>(null);
  useEffect(() => {
    if (!chat || !session) return;
    const controller = new CallController(chat, { id: session.userId, role: session.roleId });
    controller.start();
    setCall(controller);
    return () => {
      controller.stop();
      setCall(null);
    };
  }, [chat, session?.userId]);
  return call;
}
