import { customText } from './logic.js';
import { VIDEO_ICON } from './call/CallLayer.js';
import { RoomLink } from './call/RoomLink.js';
import { callText, hallText, parseHallMessage, type CallSignal } from './call/protocol.js';

/** A custom message: a call's record or an older hall message in words (never their JSON), else its text. */
export function CustomBody({ p, signal, mine, siteOrigin }: { p: { data?: string; description?: string; extension?: string }; signal: CallSignal | null; mine: boolean; siteOrigin: string }) {
  if (signal) {
    return (
      <span className="text call-record" data-call-action={String(signal.action)}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d={VIDEO_ICON} /></svg>
        {callText(signal, mine)}
      </span>
    );
  }
  const hall = parseHallMessage(p.data);
  if (hall) {
    const { text, room } = hallText(hall, mine);
    return (
      <span className="text hall-record">
        {text}
        {room && <> <RoomLink roomId={room} href={`${siteOrigin}/zppc/video?roomId=${room}`} /></>}
      </span>
    );
  }
  return <span className="text">{customText(p)}</span>;
}
