/**
 * The room's messages through chat (spec section 7: a custom C2C message carries the invitation,
 * type yaoyue; the older flow's 'jujue' is a refusal), by the helpers of @zp/rtc-sdk/provider,
 * which load the chat provider only when a message is sent or awaited.
 */
import { onRoomMessages } from '@zp/rtc-sdk/provider';

export { sendRoomMessage } from '@zp/rtc-sdk/provider';

export function invitationText(nickname: string, roomId: string): string {
  return `${nickname || '面试官'}邀请您进入视频面试房间（房间号 ${roomId}）`;
}

/** Calls `onRefused` for each refusal of this room that arrives; returns the function that stops listening. */
export function watchRefusals(roomId: string, onRefused: (userID: string, nickname: string) => void): () => void {
  return onRoomMessages(({ message }) => {
    if (message.type === 'jujue' && message.roomId === roomId) onRefused(message.userID, message.nickname);
  });
}
