// <zp-video-room room-id="..." api-base="...">: the multi-party interview room as a custom element.
//
// On the platform's site: /zppc/video?roomId=… (site/src/pages/video.astro). On any page:
//   <script type="module" src=".../widgets/video-room.js"></script>
//   <zp-video-room room-id="123456"></zp-video-room>   (api-base: only when the API is on another origin)
// The element dispatches 'zp-video-room-ended' (detail {roomId, text}) when the person has left
// or was taken out of the room.
import { unsafeCSS } from 'lit';
import { uiCss } from '@zp/ui';
import { defineWidget } from '@zp/core/element';
import { VideoRoom } from './VideoRoom.js';
import { styles } from './styles.js';

export { VideoRoom, DEFAULT_ROOM_ID } from './VideoRoom.js';
export * from './logic.js';

export const ZpVideoRoom = defineWidget('zp-video-room', VideoRoom, { attributes: ['room-id'], styles: [unsafeCSS(uiCss), styles] });
