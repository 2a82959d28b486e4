// <zp-video-room room-id="...">: the multi-party interview room as a custom element.
import { defineWidget } from '@zp/core/element';
import { VideoRoom } from './VideoRoom.js';
import { styles } from './styles.js';

export { VideoRoom, DEFAULT_ROOM_ID } from './VideoRoom.js';

export const ZpVideoRoom = defineWidget('zp-video-room', VideoRoom, { attributes: ['room-id'], styles });
