/**
 * 进入房间 of a video interview invitation in a conversation: while the room is open a link to
 * it, once it has ended the words 房间已结束 instead (an old invitation must not look live and
 * lead to a closed room). Each room is asked about once per page (roomInfo).
 */
import { useEffect, useState } from 'react';
import { rtcApi } from '@zp/core/routes';
import { api } from '@zp/core/session';

type RoomState = 'open' | 'ended';
const known = new Map<string, Promise<RoomState>>();

function roomState(roomId: string): Promise<RoomState> {
  let p = known.get(roomId);
  if (!p) {
    // A room the person may no longer see (or that is gone) is no invitation any more either.
    p = api.call(rtcApi.roomInfo, { query: { channelId: Number(roomId) } }).then((r) => (r.data.ended ? 'ended' : 'open'), () => 'ended' as const);
    known.set(roomId, p);
  }
  return p;
}

export function RoomLink({ roomId, href }: { roomId: string; href: string }) {
  const [state, setState] = useState<RoomState | null>(null);
  useEffect(() => {
    let live = true;
    void roomState(roomId).then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, [roomId]);
  if (state === 'ended') return <span className="room-ended">（房间已结束）</span>;
  return <a href={href} target="_blank" rel="noreferrer">进入房间</a>;
}
