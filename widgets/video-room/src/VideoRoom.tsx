import type { WidgetProps } from '@zp/core/element';

/** The room shown before the server assigns a real one (spec: default room id 888888). */
export const DEFAULT_ROOM_ID = '888888';

export type VideoRoomProps = WidgetProps<'room-id'>;

/** The multi-party interview room. For now: its header and the room it is for. */
export function VideoRoom({ roomId }: VideoRoomProps) {
  return (
    <section className="room">
      <header>
        <h2>视频通话</h2>
      </header>
      <p className="room-id">房间号 {roomId || DEFAULT_ROOM_ID}</p>
    </section>
  );
}
