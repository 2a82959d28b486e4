/**
 * 发起视频面试 (spec sections 6 and 7): HR start an interview with a job seeker from their centre.
 * The start-video check first (a free HR sees the 20-minute rule, and is refused a second
 * interview of the same seeker that day), then the room is opened with the seeker invited, and
 * the HR enters it; the room tells the seeker through chat (the yaoyue message).
 */
import { confirm, message } from '@zp/ui';
import { rtcApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { act } from '../console/lib';
import { to } from '../../lib/paths';

/** The room's page: /zppc/video?roomId=… */
export const videoRoomPath = (roomId: string | number) => to(`video?roomId=${encodeURIComponent(String(roomId))}`);

export async function startVideoInterview(seekerId: string): Promise<void> {
  const check = await act(api.call(rtcApi.startVedio, { params: { userId: seekerId } }));
  if (!check) return;
  if (check.data !== 1) {
    message.warning(check.msg);
    return;
  }
  if (check.type === 0 && !(await confirm({ title: '视频面试', message: check.msg, confirmText: '发起面试', cancelText: '取消' }))) return;
  const room = await act(api.call(rtcApi.hrOpenRoom, { query: { userId: seekerId } }));
  if (room) window.location.assign(videoRoomPath(room.data));
}
